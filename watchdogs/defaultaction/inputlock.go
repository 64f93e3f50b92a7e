package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

// tabScoped is an event that acts on one tab (TabID, or the active tab when
// empty).
type tabScoped interface{ TargetTab() events.TargetID }

// inputLock serialises the input actions of one tab: a click's mouse moved,
// pressed and released, a typed text's key events, never interleave with
// another input action's on the same tab. It is a one-slot channel so that
// a waiter gives up at its deadline instead of blocking forever.
type inputLock chan struct{}

// lockInput takes tab's input lock for the whole of an action and returns
// the function that releases it. Reads (snapshot, state, console, frames,
// evaluate) never take it.
func (a *attachment) lockInput(ctx context.Context, tabID events.TargetID) (func(), error) {
	tab, err := a.s.Tab(tabID)
	if err != nil {
		// No such tab: nothing to send input to. The handler reports it in
		// its own words (a ref of a closed tab is stale_ref).
		return func() {}, nil
	}
	a.mu.Lock()
	l := a.inputs[tab.ID]
	if l == nil {
		l = make(inputLock, 1)
		a.inputs[tab.ID] = l
	}
	a.mu.Unlock()
	select {
	case l <- struct{}{}:
		return func() { <-l }, nil
	case <-ctx.Done():
		return nil, events.Errorf(events.CodeTimeout, "waiting for the earlier input actions on tab %s to finish: %w", tab.ID, ctx.Err())
	case <-tab.Done():
		return nil, events.Errorf(events.CodeTabNotFound, "tab %s closed while this action waited for its turn", tab.ID)
	}
}

// serialInput wraps an input action's handler so that it holds its tab's
// input lock from its first CDP call to its result.
func serialInput[E tabScoped, R any](a *attachment, h func(context.Context, E) (R, error)) func(context.Context, E) (R, error) {
	return func(ctx context.Context, e E) (R, error) {
		unlock, err := a.lockInput(ctx, e.TargetTab())
		if err != nil {
			var zero R
			return zero, err
		}
		defer unlock()
		return h(ctx, e)
	}
}
