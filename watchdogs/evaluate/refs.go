package evaluate

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// resolveRef asks the ref's owner (DefaultActionWatchdog) where its element
// is. A locator in the ref's place is resolved by the same owner.
func (a *attachment) resolveRef(ctx context.Context, tab *session.Target, raw events.Ref) (events.ResolvedRef, error) {
	ref := raw
	if r, ok := events.ParseRef(string(raw)); ok {
		ref = r
	}
	rr, err := bus.Ask(ctx, a.s.Bus(), events.ResolveRefEvent{TabID: tab.ID, Ref: ref})
	if err != nil {
		var ce *events.Error
		switch {
		case errors.As(err, &ce):
			return rr, ce
		case errors.Is(err, bus.ErrNoHandler):
			return rr, events.Errorf(events.CodeUnknownRef, "ref %s is unknown: nothing in this session issues refs", ref).WithDetails(events.ErrorDetails{Ref: ref})
		}
		return rr, fmt.Errorf("resolving ref %s: %w", ref, err)
	}
	if rr.BackendNodeID == 0 {
		return rr, events.Errorf(events.CodeStaleRef, "ref %s is stale: it names no element", ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: ref})
	}
	return rr, nil
}

// targetOf returns the target a resolved element lives in.
func (a *attachment) targetOf(tab *session.Target, rr events.ResolvedRef) (*session.Target, error) {
	if rr.TargetID == "" || rr.TargetID == tab.ID {
		return tab, nil
	}
	if t, ok := a.s.TargetByID(rr.TargetID); ok && t.TabID == tab.ID {
		return t, nil
	}
	return nil, events.Errorf(events.CodeStaleRef, "ref %s is stale: its frame is gone", rr.Ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: rr.Ref})
}

// tabTargets lists tab's page target first, then its out-of-process frames.
func (a *attachment) tabTargets(tab *session.Target) []*session.Target {
	out := []*session.Target{tab}
	for _, t := range a.s.Targets() {
		if t.TabID == tab.ID && t != tab {
			out = append(out, t)
		}
	}
	return out
}

// race runs op and ends it as soon as a JavaScript dialog that blocks
// opens in tab: a held dialog stops the page's script thread, so op might
// otherwise wait until someone answers. It returns the dialog in that case.
// A dialog that an automatic policy answers at once does not end op: the
// script goes on once it is answered, and its value is the result.
func (a *attachment) race(ctx context.Context, tab events.TargetID, op func(context.Context) error) (*events.DialogInfo, error) {
	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	started := time.Now()
	var blocked atomic.Pointer[events.DialogInfo]
	// The tracker cancels op when a blocking dialog opens in tab: no
	// goroutine of the call's own waits for it.
	stop := a.dlg.OnBlock(tab, func(d events.DialogInfo) {
		// The notice of a dialog from before this call can come late;
		// that dialog is not this call's (the engine refused to start
		// while it was open).
		if d.OpenedAt.Before(started) {
			return
		}
		if blocked.CompareAndSwap(nil, &d) {
			cancel(errDialogOpened)
		}
	})
	defer stop()
	err := op(cctx)
	if err != nil && errors.Is(context.Cause(cctx), errDialogOpened) {
		if d := blocked.Load(); d != nil {
			return d, nil
		}
	}
	return nil, err
}
