package defaultaction

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

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
