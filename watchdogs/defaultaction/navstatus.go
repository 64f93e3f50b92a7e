package defaultaction

import (
	"context"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// docWatch follows the documents a tab's frames receive while a
// navigation runs: the HTTP status of each (Network.responseReceived),
// the net error of each that failed (Network.loadingFailed), and each
// commit (Page.frameNavigated), whose unreachableUrl says that Chrome
// committed its own error page in place of the document. The Network
// events come while the network watchdog has the domain enabled, as it
// does on every target; without them a navigation reports no status, and
// an error page names no net error.
type docWatch struct {
	resp, failed, commits rpcc.Stream
}

// openDocWatch opens the streams on tab's session; close them with close.
func openDocWatch(ctx context.Context, tab *session.Target) (*docWatch, error) {
	var w docWatch
	var err error
	if w.resp, err = rpcc.NewStream(ctx, "Network.responseReceived", tab.Conn); err != nil {
		return nil, fmt.Errorf("following document responses: %w", err)
	}
	if w.failed, err = rpcc.NewStream(ctx, "Network.loadingFailed", tab.Conn); err != nil {
		w.close()
		return nil, fmt.Errorf("following document responses: %w", err)
	}
	if w.commits, err = rpcc.NewStream(ctx, "Page.frameNavigated", tab.Conn); err != nil {
		w.close()
		return nil, fmt.Errorf("following commits: %w", err)
	}
	return &w, nil
}

func (w *docWatch) close() {
	for _, s := range []rpcc.Stream{w.resp, w.failed, w.commits} {
		if s != nil {
			s.Close()
		}
	}
}

// docOutcome is what docWatch saw of one frame's last document.
type docOutcome struct {
	// Status is the HTTP status of the last document response, 0 when
	// none was seen (a page from the back/forward cache, a data: URL).
	Status     int
	StatusText string
	// ErrorPage is set when the last commit was Chrome's error page for
	// Unreachable; NetError is the last document load's net error.
	ErrorPage   bool
	Unreachable string
	NetError    string
}

// take reads what has arrived (without waiting: the events precede the
// lifecycle events and replies the caller waited for) about frame.
func (w *docWatch) take(frame page.FrameID) docOutcome {
	var o docOutcome
	for ready(w.resp.Ready()) {
		var ev struct {
			Type     string `json:"type"`
			FrameID  string `json:"frameId"`
			Response struct {
				Status     int    `json:"status"`
				StatusText string `json:"statusText"`
			} `json:"response"`
		}
		if w.resp.RecvMsg(&ev) != nil {
			break
		}
		if ev.Type == "Document" && page.FrameID(ev.FrameID) == frame {
			o.Status, o.StatusText = ev.Response.Status, ev.Response.StatusText
		}
	}
	for ready(w.failed.Ready()) {
		var ev struct {
			Type      string `json:"type"`
			ErrorText string `json:"errorText"`
			Canceled  bool   `json:"canceled"`
		}
		if w.failed.RecvMsg(&ev) != nil {
			break
		}
		if ev.Type == "Document" && !ev.Canceled {
			o.NetError = ev.ErrorText
		}
	}
	for ready(w.commits.Ready()) {
		var ev struct {
			Frame struct {
				ID             string `json:"id"`
				UnreachableURL string `json:"unreachableUrl"`
			} `json:"frame"`
		}
		if w.commits.RecvMsg(&ev) != nil {
			break
		}
		if page.FrameID(ev.Frame.ID) == frame {
			o.ErrorPage, o.Unreachable = ev.Frame.UnreachableURL != "", ev.Frame.UnreachableURL
		}
	}
	if o.ErrorPage && o.NetError == httpFailure && o.Status >= 400 {
		// An empty error response: the server's answer, shown by Chrome.
		o.ErrorPage = false
	}
	if o.ErrorPage {
		o.Status, o.StatusText = 0, ""
	}
	return o
}

// failure is the navigation_failed error of a navigation that ended on
// Chrome's error page, or nil. what says which navigation ("reloading",
// "the click's navigation").
func (o docOutcome) failure(what string) error {
	if !o.ErrorPage {
		return nil
	}
	why := o.NetError
	if why == "" {
		why = "the browser showed its error page"
	}
	e := events.Errorf(events.CodeNavigationFailed, "%s: %s could not be loaded: %s%s; the tab shows the browser's error page (check the network, set offline off, or open another URL)",
		what, o.Unreachable, strings.TrimSpace(why), netHint(o.NetError))
	if o.NetError != "" {
		e = e.WithExtra("net_error", o.NetError)
	}
	return e
}

// netHint says what to do about a net error that has a remedy of ours.
func netHint(netError string) string {
	if netError == "net::ERR_INVALID_AUTH_CREDENTIALS" {
		return " (the site asks for an HTTP login, and none was given or it was refused: set credentials USER PASS gives one)"
	}
	return ""
}

// blockedByClient is the net error of a load the session stopped itself
// (its origin lists, a route that aborts with blockedbyclient).
const blockedByClient = "net::ERR_BLOCKED_BY_CLIENT"

// httpFailure is the net error Chrome gives a 4xx or 5xx response with an
// empty body, for which it shows its own page: the server answered, so the
// navigation is reported with the response's status, not as a failure.
const httpFailure = "net::ERR_HTTP_RESPONSE_CODE_FAILURE"
