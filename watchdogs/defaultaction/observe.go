package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/scriptreq"
)

// navCommitWait bounds how long an action waits for a navigation it
// started to commit, so that a cancelled one (a 204, a download) cannot eat
// the whole budget.
const navCommitWait = 10 * time.Second

// observe runs an input action on tab and reports what it changed: a dialog
// (returned as soon as it opens), a navigation (waited for until it
// commits), a new tab.
func (a *attachment) observe(ctx context.Context, tab *session.Target, op func(ctx context.Context) error) (events.ActionResult, error) {
	before := map[events.TargetID]bool{}
	for _, t := range a.s.Tabs() {
		before[t.ID] = true
	}
	urlBefore := tab.URL()
	replaced := a.replacing(tab)
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	opens, err := tab.Client.Page.WindowOpen(streamCtx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for new windows: %w", err)
	}
	defer opens.Close()
	requested, err := tab.Client.Page.FrameRequestedNavigation(streamCtx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for navigations: %w", err)
	}
	defer requested.Close()
	committed, err := tab.Client.Page.FrameNavigated(streamCtx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for navigations: %w", err)
	}
	defer committed.Close()
	within, err := tab.Client.Page.NavigatedWithinDocument(streamCtx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for navigations: %w", err)
	}
	defer within.Close()
	stopped, err := tab.Client.Page.FrameStoppedLoading(streamCtx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for navigations: %w", err)
	}
	defer stopped.Close()
	docs, err := openDocWatch(streamCtx, tab)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer docs.close()

	// The requests the input makes the page's scripts send: its answer
	// waits for their replies (afterRequests).
	reqs, err := scriptreq.Follow(streamCtx, tab.Conn)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer reqs.Close()

	// eff is set by op, which may still run when a dialog ends the race.
	var eff atomic.Pointer[pageEffect]
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		if err := op(ctx); err != nil {
			if !errors.Is(err, errSettled) {
				return err
			}
			var sw *settledWith
			if errors.As(err, &sw) {
				eff.Store(sw.eff)
			}
		} else {
			// Let the timers the input's handlers queued run in the page, so
			// that a navigation they start (setTimeout(0) included) is in the
			// streams before they are read.
			a.settle(ctx, tab)
		}
		a.afterRequests(ctx, tab, reqs, &eff)
		return nil
	})
	res := events.ActionResult{TabID: tab.ID, Dialog: d}
	if err != nil {
		return res, err
	}
	if d != nil {
		return res, nil
	}
	// A click that opens a window reports Page.windowOpen before its input
	// reply; wait (within the budget) for that tab to attach.
	select {
	case <-opens.Ready():
		if nt := a.waitNewTab(ctx, before); nt != nil {
			res.NewTab = nt
		}
	default:
	}
	main := page.FrameID(tab.ID)
	// Same-document navigations (history.pushState, #anchors) are done.
	for ready(within.Ready()) {
		ev, err := within.Recv()
		if err != nil {
			break
		}
		if ev.FrameID == main {
			res.Navigated, res.URL = true, ev.URL
		}
	}
	// A navigation the action asked for is reported once it commits.
	asked := false
	for ready(requested.Ready()) {
		ev, err := requested.Recv()
		if err != nil {
			break
		}
		// A link with target=_blank asks for a navigation too, in a new
		// tab: only one in this tab is ours to wait for.
		if ev.FrameID == main && ev.Disposition == "currentTab" {
			asked = true
		}
	}
	if u, ok := drainCommit(committed, main); ok {
		res.Navigated, res.URL = true, u
		asked = false
		replaced()
	}
	if asked {
		wctx, wcancel := context.WithTimeout(ctx, navCommitWait)
		urlc := make(chan string, 1)
		d, _ := a.raceDialog(wctx, tab, func(ctx context.Context) error {
			for {
				select {
				case <-committed.Ready():
					u, ok := drainCommit(committed, main)
					if ok {
						urlc <- u
						return nil
					}
					if !ready(committed.Ready()) {
						continue
					}
					return nil
				case <-stopped.Ready():
					ev, err := stopped.Recv()
					if err != nil {
						return err
					}
					if ev.FrameID == main {
						if u, ok := drainCommit(committed, main); ok {
							urlc <- u
						}
						return nil
					}
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		})
		wcancel()
		res.Dialog = d
		select {
		case u := <-urlc:
			res.Navigated, res.URL = true, u
			replaced()
		default:
		}
	}
	if !res.Navigated {
		if u := tab.URL(); u != urlBefore {
			res.Navigated, res.URL = true, u
		}
	}
	if res.Navigated {
		doc := docs.take(main)
		res.Status = doc.Status
		// A load the session's origin lists stopped is the action's
		// result's blocked list, not its failure.
		if err := doc.failure("the action's navigation"); err != nil && doc.NetError != blockedByClient {
			res.URL = doc.Unreachable
			return res, err
		}
	}
	if asked && !res.Navigated {
		// A navigation asked for that never committed: a download,
		// unless the response was one with no content (204, 205).
		if st := docs.take(main).Status; st != 204 && st != 205 {
			res.MayDownload = true
		}
	}
	a.applyEffect(&res, tab, eff.Load())
	return res, nil
}

// ready reports whether a stream has a message waiting.
func ready(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// drainCommit reads the commits waiting on c and returns the URL of the
// last one of frame. A commit is of a new document (Page.frameNavigated
// does not report a navigation within the document).
func drainCommit(c page.FrameNavigatedClient, frame page.FrameID) (string, bool) {
	url, ok := "", false
	for ready(c.Ready()) {
		ev, err := c.Recv()
		if err != nil {
			break
		}
		if ev.Frame.ID == frame {
			url, ok = ev.Frame.URL+ptrOr(ev.Frame.URLFragment), true
		}
	}
	return url, ok
}

func ptrOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// waitNewTab waits for a tab that was not in before.
func (a *attachment) waitNewTab(ctx context.Context, before map[events.TargetID]bool) *events.TabInfo {
	// Once the tab exists, give it a moment (bounded) to report the URL it
	// is opening, so the result names it; a tab still on about:blank after
	// that is reported as it is.
	var found *events.TabInfo
	var urlWait <-chan time.Time
	for {
		ch := a.s.Changed()
		for _, t := range a.s.Tabs() {
			if !before[t.ID] {
				t := t
				found = &t
			}
		}
		if found != nil {
			if found.URL != "" && found.URL != "about:blank" {
				return found
			}
			if urlWait == nil {
				timer := time.NewTimer(2 * time.Second)
				defer timer.Stop()
				urlWait = timer.C
			}
		}
		select {
		case <-ch:
		case <-urlWait:
			return found
		case <-ctx.Done():
			return found
		}
	}
}

// afterRequests waits, when the input made the page's scripts send
// requests (reqs), for their replies (bounded: scriptreq.Wait) and then
// settles the page again with a watch armed before the wait, so that the
// action's answer, and the next snapshot, show what the page did with the
// server's answer, and eff (what the input changed) counts it too. An
// input that sent no request answers as before, at no cost.
func (a *attachment) afterRequests(ctx context.Context, tab *session.Target, reqs *scriptreq.Requests, eff *atomic.Pointer[pageEffect]) {
	if reqs.Started() == 0 {
		return
	}
	r, err := tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(jsWatchMain).SetSilent(true))
	if err != nil || r.ExceptionDetails != nil || r.Result.ObjectID == nil {
		reqs.Done(ctx, scriptreq.Wait)
		a.settle(ctx, tab)
		return
	}
	obj := *r.Result.ObjectID
	defer a.releaseObject(ctx, tab.Client, obj)
	reqs.Done(ctx, scriptreq.Wait)
	later, ok := a.settleWatch(ctx, tab.Client, obj, 0)
	if !ok {
		// A navigation replaced the document: the streams tell.
		return
	}
	eff.Store(mergeEffects(eff.Load(), later))
}

// mergeEffects is what an input changed (first, nil when it was not
// watched) and what the page changed after the replies to the requests
// it made (later), as one effect.
func mergeEffects(first, later *pageEffect) *pageEffect {
	if first == nil {
		return later
	}
	m := *first
	m.Changed = first.Changed || later.Changed
	m.Added = first.Added + later.Added
	if later.Focus != nil {
		m.Focus, m.ref = later.Focus, ""
	}
	if later.Value != nil {
		m.Value = later.Value
	}
	if later.Checked != nil {
		m.Checked = later.Checked
	}
	m.Blind = first.Blind && later.Blind
	return &m
}
