package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

func (a *attachment) navigate(ctx context.Context, e events.NavigateToURLEvent) (events.NavigationResult, error) {
	u, err := normalizeURL(e.URL)
	if err != nil {
		return events.NavigationResult{}, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.NavigationResult{}, err
	}
	download := false
	res, err := a.waitNavigation(ctx, tab, e.WaitUntil, u, func(ctx context.Context) (page.FrameID, string, error) {
		var r navigateReply
		if err := rpcc.Invoke(ctx, "Page.navigate", page.NewNavigateArgs(u), &r, tab.Conn); err != nil {
			return "", "", fmt.Errorf("navigating to %s: %w", u, err)
		}
		if r.IsDownload {
			// The URL is a file to save, not a document: the tab stays
			// where it is, and the download is the navigation's result.
			download = true
			return r.FrameID, "", nil
		}
		if r.ErrorText != "" && r.ErrorText != httpFailure {
			return "", "", events.Errorf(events.CodeNavigationFailed, "navigating to %s: %s%s", u, r.ErrorText, netHint(r.ErrorText)).WithExtra("net_error", r.ErrorText)
		}
		return r.FrameID, r.LoaderID, nil
	})
	res.Download = download
	return res, err
}

// navigateReply is Page.navigate's reply, with isDownload, which the
// generated client leaves out.
type navigateReply struct {
	FrameID    page.FrameID `json:"frameId"`
	LoaderID   string       `json:"loaderId"`
	ErrorText  string       `json:"errorText"`
	IsDownload bool         `json:"isDownload"`
}

// normalizeURL is the session's: the URL policy checks the string that is
// loaded.
func normalizeURL(raw string) (string, error) { return session.NormalizeURL(raw) }

// waitNavigation starts a navigation with start and waits for its lifecycle
// point. start returns the frame and loader of the new document; an empty
// loader means a same-document navigation, which is done at once. A dialog
// opened meanwhile (beforeunload) ends the wait and is reported.
//
// dest names the destination in a timeout error ("" for a reload or a
// history step). A navigation whose budget runs out is stopped, so that the
// tab stays where it is instead of moving on its own later.
func (a *attachment) waitNavigation(ctx context.Context, tab *session.Target, until events.WaitUntil, dest string, start func(ctx context.Context) (page.FrameID, string, error)) (events.NavigationResult, error) {
	want := "load"
	switch until {
	case "", events.WaitLoad:
	case events.WaitDOMContentLoaded:
		want = "DOMContentLoaded"
	case events.WaitNone:
		want = ""
	default:
		return events.NavigationResult{}, events.Errorf(events.CodeInvalidArgument, "wait_until %q: want load, domcontentloaded or none", until)
	}
	replaced := a.replacing(tab)
	a.navGen(tab.ID, true)
	outer := ctx
	ctx, bud, done := navWork(ctx)
	defer done()
	a.freeHeldTab(ctx, bud, tab)
	lc, err := tab.Client.Page.LifecycleEvent(ctx)
	if err != nil {
		return events.NavigationResult{}, fmt.Errorf("listening for lifecycle events: %w", err)
	}
	defer lc.Close()
	docs, err := openDocWatch(ctx, tab)
	if err != nil {
		return events.NavigationResult{}, err
	}
	defer docs.close()
	var frame page.FrameID
	var loader string
	// loaded is set once the new document reached want; the race may
	// return while the call above still runs, so it is the one thing read
	// after it.
	var loaded atomic.Bool
	// started holds the navigating frame once start answered, for the
	// document's status: read after the race, it must not be frame.
	var started atomic.Pointer[page.FrameID]
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		var err error
		frame, loader, err = start(ctx)
		if err == nil {
			f := frame
			started.Store(&f)
		}
		if err != nil || loader == "" || want == "" {
			return err
		}
		cur, committed := loader, false
		for {
			ev, err := lc.Recv()
			if err != nil {
				return err
			}
			if ev.FrameID != frame {
				continue
			}
			if string(ev.LoaderID) != cur {
				// Once the new document has committed, a later one that
				// commits in its place (a script redirect, a reload the
				// page starts before its load) is the navigation's end:
				// the first will never reach want.
				if !committed || ev.Name != "init" {
					continue
				}
				cur = string(ev.LoaderID)
			}
			// The new document has committed (its first lifecycle
			// event): the old one's world is gone.
			committed = true
			replaced()
			if ev.Name == want {
				loaded.Store(true)
				return nil
			}
		}
	})
	res := events.NavigationResult{TabID: tab.ID, Dialog: d}
	if err != nil {
		var ce *events.Error
		if errors.As(err, &ce) {
			return res, err
		}
		if ctx.Err() != nil {
			if outer.Err() != nil && !errors.Is(outer.Err(), context.DeadlineExceeded) {
				// The caller gave up: still stop the page, say why.
				_ = a.navTimedOut(outer, bud, tab, dest, want)
				return res, events.Errorf(events.CodeTimeout, "navigating to %s: cancelled while waiting for %s: %w", orDefault(dest, "the new document"), orDefault(want, "commit"), outer.Err())
			}
			return res, a.navTimedOut(outer, bud, tab, dest, want)
		}
		return res, err
	}
	// A new document means a new renderer: a crashed tab is recovered.
	tab.ClearCrashed()
	var doc docOutcome
	if f := started.Load(); f != nil && d == nil {
		doc = docs.take(*f)
	}
	res.Status, res.StatusText = doc.Status, doc.StatusText
	if err := doc.failure(navigationWhat(dest)); err != nil {
		res.URL = doc.Unreachable
		return res, err
	}
	res.URL, res.Title = a.navigatedLocation(ctx, tab)
	res.Title = shortTitle(res.Title)
	if loaded.Load() && d == nil {
		a.prepareSnapshot(tab)
	}
	return res, nil
}

// navigationWhat names a navigation in an error: its destination, or
// the page it went to (a reload, a step in history).
func navigationWhat(dest string) string {
	if dest == "" {
		return "the navigation"
	}
	return "navigating to " + dest
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (a *attachment) history(ctx context.Context, tabID events.TargetID, until events.WaitUntil, delta int) (events.NavigationResult, error) {
	tab, err := a.s.Tab(tabID)
	if err != nil {
		return events.NavigationResult{}, err
	}
	h, err := tab.Client.Page.GetNavigationHistory(ctx)
	if err != nil {
		return events.NavigationResult{}, fmt.Errorf("reading history: %w", err)
	}
	i := h.CurrentIndex + delta
	if i < 0 || i >= len(h.Entries) {
		dir := "back"
		if delta > 0 {
			dir = "forward"
		}
		return events.NavigationResult{}, events.Errorf(events.CodeNavigationFailed, "cannot go %s: no history entry", dir)
	}
	entry := h.Entries[i]
	return a.waitNavigation(ctx, tab, until, "", func(ctx context.Context) (page.FrameID, string, error) {
		// navigateToHistoryEntry does not say which loader it starts, so
		// take the next main-frame commit as the new document.
		tree, err := tab.Client.Page.GetFrameTree(ctx)
		if err != nil {
			return "", "", err
		}
		top := tree.FrameTree.Frame.ID
		nav, err := tab.Client.Page.FrameNavigated(ctx)
		if err != nil {
			return "", "", err
		}
		defer nav.Close()
		// An entry of the same document (pushState, a fragment) commits
		// no new document and fires no load: it is done once the page
		// reports it.
		within, err := tab.Client.Page.NavigatedWithinDocument(ctx)
		if err != nil {
			return "", "", err
		}
		defer within.Close()
		if err := tab.Client.Page.NavigateToHistoryEntry(ctx, page.NewNavigateToHistoryEntryArgs(entry.ID)); err != nil {
			return "", "", fmt.Errorf("navigating history: %w", err)
		}
		for {
			select {
			case <-ctx.Done():
				return "", "", ctx.Err()
			case <-within.Ready():
				ev, err := within.Recv()
				if err != nil {
					return "", "", err
				}
				if ev.FrameID == top {
					return top, "", nil
				}
			case <-nav.Ready():
				ev, err := nav.Recv()
				if err != nil {
					return "", "", err
				}
				if ev.Frame.ID == top {
					// A page restored from the back/forward cache fires no
					// new load; it is done once committed.
					if ev.Type == "BackForwardCacheRestore" {
						return ev.Frame.ID, "", nil
					}
					return ev.Frame.ID, string(ev.Frame.LoaderID), nil
				}
			}
		}
	})
}

func (a *attachment) goBack(ctx context.Context, e events.GoBackEvent) (events.NavigationResult, error) {
	return a.history(ctx, e.TabID, e.WaitUntil, -1)
}

func (a *attachment) goForward(ctx context.Context, e events.GoForwardEvent) (events.NavigationResult, error) {
	return a.history(ctx, e.TabID, e.WaitUntil, +1)
}

func (a *attachment) reload(ctx context.Context, e events.ReloadEvent) (events.NavigationResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.NavigationResult{}, err
	}
	if _, crashed := tab.Crashed(); crashed && tab.URL() != "" {
		// A crashed renderer has no document to reload: load its URL
		// afresh, which starts a new renderer.
		return a.navigate(ctx, events.NavigateToURLEvent{TabID: tab.ID, URL: tab.URL(), WaitUntil: e.WaitUntil})
	}
	return a.waitNavigation(ctx, tab, e.WaitUntil, "", func(ctx context.Context) (page.FrameID, string, error) {
		tree, err := tab.Client.Page.GetFrameTree(ctx)
		if err != nil {
			return "", "", err
		}
		nav, err := tab.Client.Page.FrameNavigated(ctx)
		if err != nil {
			return "", "", err
		}
		defer nav.Close()
		if err := tab.Client.Page.Reload(ctx, page.NewReloadArgs()); err != nil {
			return "", "", fmt.Errorf("reloading: %w", err)
		}
		main := tree.FrameTree.Frame.ID
		for {
			ev, err := nav.Recv()
			if err != nil {
				return "", "", err
			}
			if ev.Frame.ID == main {
				return main, string(ev.Frame.LoaderID), nil
			}
		}
	})
}
