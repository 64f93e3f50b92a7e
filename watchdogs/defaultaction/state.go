package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// locationWait bounds reading the url and title from a page for a state
// without a tree.
const locationWait = 500 * time.Millisecond

// stateReserve is the part of a state request's budget kept back for
// answering: a capture still running then is abandoned, and the state says
// the page did not answer instead of failing.
const (
	stateReserveMin = 300 * time.Millisecond
	stateReserveMax = 2 * time.Second
)

// state answers BrowserStateRequestEvent with the tab's url, title,
// snapshot text and refs. It always answers, even when a JS dialog blocks
// the page: the tree is then replaced by a line saying so.
func (a *attachment) state(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return nil, err
	}
	sec := events.TabState{TabID: tab.ID, URL: tab.URL(), Title: tab.Title()}
	if crashed, line := crashSection(tab); crashed != nil {
		sec.Crashed = crashed
		if !e.SkipTree {
			sec.Tree = &events.Snapshot{Text: line, Refs: map[events.Ref]events.RefInfo{}}
		}
		return sec, nil
	}
	if e.SkipTree {
		if a.dlg.Pending(ctx, tab.ID) == nil {
			// The target's title lags behind the page; ask the page, but
			// briefly, as a busy page must not hold the state up.
			lctx, cancel := context.WithTimeout(ctx, locationWait)
			loc := make(chan [2]string, 1)
			_, _ = a.raceDialog(lctx, tab, func(ctx context.Context) error {
				u, t := a.location(ctx, tab)
				if ctx.Err() == nil {
					loc <- [2]string{u, t}
				}
				return nil
			})
			cancel()
			select {
			case l := <-loc:
				sec.URL, sec.Title = l[0], shortTitle(l[1])
			default:
			}
		}
		return sec, nil
	}
	snap := e.Snapshot
	if snap.Scope != "" && snap.Target == "" {
		if t, err := events.ParseTarget(string(snap.Scope)); err == nil && t.Locator != nil {
			snap.Target, snap.Scope = string(snap.Scope), ""
		}
	}
	if t, err := events.ParseTarget(snap.Target); snap.Target != "" && err == nil && t.Locator != nil {
		// A locator target is the subtree of the one element it matches
		// (a dialog, which the tree reports, leaves it unresolved).
		l := *t.Locator
		snap.Target = ""
		if a.dlg.Pending(ctx, tab.ID) == nil {
			ref, err := a.resolveLocator(ctx, tab, l)
			if err != nil {
				return nil, err
			}
			snap.Target = string(ref)
		}
	}
	opts, err := snapshotOptions(snap)
	if err != nil {
		return nil, err
	}
	noTree := func(line string) events.StatePart {
		sec.Tree = &events.Snapshot{Text: line, Refs: map[events.Ref]events.RefInfo{}}
		return sec
	}
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return noTree(blockedLine(d)), nil
	}
	// Keep a reserve of the budget: a page that does not answer (a dialog
	// that opened unseen, a busy script) must not turn the state into a
	// timeout.
	started := time.Now()
	capCtx, cancel := withReserve(ctx)
	defer cancel()
	var res *snapshot.Result
	// churn is set by the capture, which may still run when the race
	// returns at the deadline.
	var churn atomic.Pointer[snapshot.PageUnstableError]
	eng := a.engine(tab)
	replacedBefore := eng.Replaced()
	d, err := a.raceDialog(capCtx, tab, func(ctx context.Context) error {
		r, err := a.captureSettled(ctx, tab, eng, opts)
		if err == nil {
			res = r
		}
		var pu *snapshot.PageUnstableError
		if errors.As(err, &pu) {
			churn.Store(pu)
			return pu
		}
		return err
	})
	switch {
	case d != nil:
		return noTree(blockedLine(d)), nil
	case err != nil && ctx.Err() == nil && (capCtx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || churn.Load() != nil):
		if d := a.dlg.Pending(ctx, tab.ID); d != nil {
			return noTree(blockedLine(d)), nil
		}
		if pu := churn.Load(); pu != nil {
			return nil, unstable(pu)
		}
		if n := eng.Replaced() - replacedBefore; n > 0 {
			// The capture gave up at the deadline while documents kept
			// replacing each other: that is churn, not a silent page.
			return nil, unstable(&snapshot.PageUnstableError{Documents: int(n), Waited: time.Since(started)})
		}
		// No tree is an error, never ok with a line of text.
		return nil, events.Errorf(events.CodeTimeout,
			"the page did not answer the snapshot within its budget (a long-running script, or a dialog): try again, raise --timeout-ms or check pending_dialogs")
	case err != nil:
		return nil, refError(err)
	}
	a.noteRefs(tab.ID, res.Refs)
	sec.URL, sec.Title = res.URL, shortTitle(res.Title)
	sec.Tree = &events.Snapshot{Text: res.Text, Refs: res.Refs, Truncated: res.Truncated,
		Next: res.Next, Matches: res.Matches, Repeated: res.Repeated}
	return sec, nil
}

// withReserve returns ctx shortened by a reserve for answering.
func withReserve(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	reserve := time.Until(dl) / 5
	reserve = max(stateReserveMin, min(stateReserveMax, reserve))
	return context.WithDeadline(ctx, dl.Add(-reserve))
}

func blockedLine(d *events.DialogInfo) string {
	return fmt.Sprintf(events.BlockedSnapshotPrefix+"%s dialog (%q): answer it (see pending_dialogs) before the page can be read or used", d.Type, d.Message)
}

// snapshotOptions validates the event's options.
func snapshotOptions(o events.SnapshotOptions) (snapshot.Options, error) {
	opts := snapshot.Options{Interactive: o.Interactive, MaxDepth: o.MaxDepth, MaxChars: o.MaxChars,
		Find: o.Find, Cursor: o.Cursor, Full: o.Full}
	if opts.MaxChars == 0 {
		opts.MaxChars = events.DefaultSnapshotMaxChars
	}
	if o.Scope != "" {
		ref, err := targetRef(string(o.Scope))
		if err != nil {
			return opts, err
		}
		opts.Scope = ref
	}
	if o.Target != "" {
		ref, err := targetRef(o.Target)
		if err != nil {
			return opts, err
		}
		if opts.Scope != "" && opts.Scope != ref {
			return opts, events.Errorf(events.CodeInvalidArgument, "target %s and scope %s name two elements: give one", ref, opts.Scope)
		}
		opts.Scope = ref
	}
	if err := opts.Validate(); err != nil {
		return opts, events.Errorf(events.CodeInvalidArgument, "snapshot options: %s", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return opts, nil
}
