package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// pointerAt records where this watchdog last put the mouse pointer in a
// tab, so that a click at the same place does not move it there again: a
// move costs a round trip that waits on the page's next frame, and a real
// pointer that has not moved sends no move either. A press at a point
// still updates what is hovered (and its mouseover and mouseenter) first.
// The record stays when a click's replies do not come (a dialog its
// handler opened holds the release's reply): the events were sent, and
// the browser moved the pointer. It is forgotten when the tab closes.
type pointerAt struct{ x, y float64 }

// pointer returns the recorded pointer position in tab.
func (a *attachment) pointer(tab events.TargetID) (pointerAt, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p, ok := a.pointers[tab]
	return p, ok
}

// setPointer records the pointer position in tab; ok false forgets it.
func (a *attachment) setPointer(tab events.TargetID, p pointerAt, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.pointers == nil {
		a.pointers = map[events.TargetID]pointerAt{}
	}
	if ok {
		a.pointers[tab] = p
	} else {
		delete(a.pointers, tab)
	}
}

// mouseClick is mouseClick on tab t, without the move when the pointer is
// already at x, y.
func (a *attachment) mouseClick(ctx context.Context, t *session.Target, x, y float64, button events.MouseButton, count int, modifiers []string) error {
	at := pointerAt{x, y}
	was, ok := a.pointer(t.ID)
	err := mouseClickFrom(ctx, t, x, y, button, count, modifiers, !ok || was != at)
	a.setPointer(t.ID, at, true)
	return err
}
