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
	"github.com/agentbrowser/agentbrowser/session"
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

// targetRef reads a target that names an element by ref (with
// events.ParseTarget, whose error says what a target may be); a locator
// target has been resolved to its element's ref before (see state).
func targetRef(target string) (events.Ref, error) {
	t, err := events.ParseTarget(target)
	if err != nil {
		return "", err
	}
	if t.Locator != nil {
		return "", events.Errorf(events.CodeInvalidArgument, "%s is a locator where the snapshot wants a ref: give it as target, which resolves it", target)
	}
	return t.Ref, nil
}

// noteRefs records that tab issued refs.
func (a *attachment) noteRefs(tab events.TargetID, refs map[events.Ref]snapshot.RefInfo) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for r := range refs {
		if a.issuedBy[r] == nil {
			a.issuedBy[r] = map[events.TargetID]bool{}
		}
		a.issuedBy[r][tab] = true
	}
}

// refError turns the snapshot engine's ref errors into coded errors.
func refError(err error) error {
	var se *snapshot.StaleRefError
	var ue *snapshot.UnknownRefError
	var ie *snapshot.InvalidRefError
	var pu *snapshot.PageUnstableError
	switch {
	case errors.As(err, &pu):
		return unstable(pu)
	case errors.As(err, &se):
		return staleRef(se.Ref)
	case errors.As(err, &ue):
		return events.Errorf(events.CodeUnknownRef, "ref %s is unknown: no snapshot of this tab issued it", ue.Ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ue.Ref})
	case errors.As(err, &ie):
		return events.Errorf(events.CodeInvalidArgument, "malformed ref %q: want e5, @e5 or ref=e5", ie.Input)
	}
	return err
}

// staleRef is the stale_ref error of ref, whose element is gone.
func staleRef(ref events.Ref) error {
	return events.Errorf(events.CodeStaleRef, "ref %s is stale: the element is gone", ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
}

// refCallError is what a fast path answers when a call by ref failed
// with err: refError's error when the ref is stale, unknown or malformed,
// which the full path would report alike; nil otherwise, when the full
// path takes over and explains the failure.
func refCallError(err error) error {
	if errors.Is(err, snapshot.ErrStaleRef) || errors.Is(err, snapshot.ErrUnknownRef) || errors.Is(err, snapshot.ErrInvalidRef) {
		return refError(err)
	}
	return nil
}

// resolveRef answers ResolveRefEvent.
func (a *attachment) resolveRef(ctx context.Context, e events.ResolveRefEvent) (events.ResolvedRef, error) {
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ResolvedRef{}, err
	}
	defer el.release(ctx)
	return events.ResolvedRef{
		Ref:           el.ref,
		Role:          el.res.Info.Role,
		Name:          el.res.Info.Name,
		BackendNodeID: el.res.Info.BackendNodeID,
		FrameID:       el.res.Info.FrameID,
		TargetID:      el.target.ID,
	}, nil
}

// element is a resolved ref: the element's handle on the session it lives
// in.
type element struct {
	a      *attachment
	ref    events.Ref
	tab    *session.Target
	target *session.Target
	res    snapshot.Resolved
}

// release frees the element's handle, even after ctx ended. It does so in
// the background: the release waits on the page, which a dialog the action
// just opened blocks, and the action's answer must not wait for it.
func (el *element) release(ctx context.Context) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	select {
	case <-el.a.life.Done():
		// Detaching: release now, Detach waits for nothing else.
		defer cancel()
		_ = el.res.Release(rctx)
		return
	default:
	}
	el.a.wg.Add(1)
	go func() {
		defer el.a.wg.Done()
		defer cancel()
		_ = el.res.Release(rctx)
	}()
}

// element resolves ref on the tab tabID (or the active tab).
func (a *attachment) element(ctx context.Context, tabID events.TargetID, raw events.Ref) (*element, error) {
	ref, tab, err := a.refTab(ctx, tabID, raw)
	if err != nil {
		return nil, err
	}
	res, err := a.engine(tab).Resolve(ctx, ref)
	if err != nil {
		return nil, refError(err)
	}
	el := &element{a: a, ref: ref, tab: tab, res: res, target: a.targetOf(tab, res.Client)}
	if el.target == nil {
		el.release(ctx)
		return nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: its frame is gone", ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
	}
	return el, nil
}

// refTab parses ref and finds the tab tabID (or the active tab), making
// sure that tab's snapshots issued it. A locator in ref's place is
// resolved to the ref of the one element it matches in that tab.
func (a *attachment) refTab(ctx context.Context, tabID events.TargetID, raw events.Ref) (events.Ref, *session.Target, error) {
	// The one reader of element arguments (a bare CSS selector stands for
	// css=, as on every surface).
	t, err := events.ParseTarget(string(raw))
	if err != nil {
		return "", nil, err
	}
	if t.Locator != nil {
		tab, err := a.s.Tab(tabID)
		if err != nil {
			return "", nil, err
		}
		ref, err := a.resolveLocator(ctx, tab, *t.Locator)
		if err != nil {
			return "", nil, err
		}
		return ref, tab, nil
	}
	ref := t.Ref
	if tabID != "" {
		a.mu.Lock()
		gone := a.closed[tabID] && a.issuedBy[ref][tabID]
		a.mu.Unlock()
		if gone {
			return "", nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: its tab %s was closed", ref, tabID).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
		}
	}
	tab, err := a.s.Tab(tabID)
	if err != nil {
		return "", nil, err
	}
	// Each tab numbers its refs on its own: make sure this tab issued the
	// ref, so that a ref taken in another tab never acts here.
	a.mu.Lock()
	issuers := a.issuedBy[ref]
	mine := issuers[tab.ID]
	var open, closed []events.TargetID
	for id := range issuers {
		if a.closed[id] {
			closed = append(closed, id)
		} else {
			open = append(open, id)
		}
	}
	a.mu.Unlock()
	if !mine && len(issuers) > 0 {
		if len(open) == 0 {
			return "", nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: it came from tab %s, which was closed", ref, closed[0]).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
		}
		return "", nil, events.Errorf(events.CodeUnknownRef, "ref %s was issued by a snapshot of tab %s, not of tab %s", ref, open[0], tab.ID).WithNext("switch tabs, or take a new snapshot").WithDetails(events.ErrorDetails{Ref: ref})
	}
	return ref, tab, nil
}

// unstable is the coded error of a page whose documents kept replacing
// each other during a snapshot.
func unstable(pu *snapshot.PageUnstableError) error {
	return events.Errorf(events.CodePageUnstable, "%s", pu.Error()).
		WithDetails(events.ErrorDetails{Documents: new(pu.Documents), WaitedMS: new(pu.Waited.Milliseconds())})
}
