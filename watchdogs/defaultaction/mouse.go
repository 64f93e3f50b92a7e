package defaultaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// modifierBits turns names such as "Shift" or "Control" into CDP's bit
// field (Alt=1, Ctrl=2, Meta=4, Shift=8).
func modifierBits(names []string) (int, error) {
	bits := 0
	for _, n := range names {
		switch strings.ToLower(strings.TrimSpace(n)) {
		case "alt", "option":
			bits |= 1
		case "control", "ctrl":
			bits |= 2
		case "meta", "command", "cmd":
			bits |= 4
		case "shift":
			bits |= 8
		case "":
		default:
			return 0, events.Errorf(events.CodeInvalidArgument, "unknown modifier %q: want Alt, Control, Meta or Shift", n)
		}
	}
	return bits, nil
}

func buttonOf(b events.MouseButton) (input.MouseButton, int, error) {
	switch b {
	case "", events.ButtonLeft:
		return input.MouseButtonLeft, 1, nil
	case events.ButtonRight:
		return input.MouseButtonRight, 2, nil
	case events.ButtonMiddle:
		return input.MouseButtonMiddle, 4, nil
	}
	return "", 0, events.Errorf(events.CodeInvalidArgument, "unknown mouse button %q: want left, right or middle", b)
}

// mouseClickFrom moves to x, y (unless move is false: the pointer is
// already there), then presses and releases count times.
func mouseClickFrom(ctx context.Context, t *session.Target, x, y float64, button events.MouseButton, count int, modifiers []string, move bool) error {
	btn, btnBits, err := buttonOf(button)
	if err != nil {
		return err
	}
	mods, err := modifierBits(modifiers)
	if err != nil {
		return err
	}
	if count <= 0 {
		count = 1
	}
	type step struct {
		what string
		args *input.DispatchMouseEventArgs
	}
	var steps []step
	if move {
		steps = append(steps, step{"moving mouse", input.NewDispatchMouseEventArgs("mouseMoved", x, y).SetModifiers(mods)})
	}
	for i := 1; i <= count; i++ {
		steps = append(steps,
			step{"pressing mouse", input.NewDispatchMouseEventArgs("mousePressed", x, y).
				SetButton(btn).SetButtons(btnBits).SetClickCount(i).SetModifiers(mods)},
			step{"releasing mouse", input.NewDispatchMouseEventArgs("mouseReleased", x, y).
				SetButton(btn).SetButtons(0).SetClickCount(i).SetModifiers(mods)})
	}
	// The events are posted in order without waiting between them: the
	// reply to a move comes only after the page's next animation frame
	// (moves are rAF-aligned), and nothing needs it before the press,
	// which Chrome dispatches after the move anyway.
	waits := make([]func(context.Context) (json.RawMessage, error), len(steps))
	for i, st := range steps {
		if waits[i], err = dispatchMouse(ctx, t, st.args); err != nil {
			return fmt.Errorf("%s: %w", st.what, err)
		}
	}
	// The move's reply is not awaited: in a tab that draws no frames (a
	// background tab) it can take seconds, and the press behind it tells
	// whether the input arrived. Its reply is dropped when it comes.
	for i, w := range waits {
		if w == nil || (move && i == 0) {
			continue
		}
		if _, err := w(ctx); err != nil {
			return fmt.Errorf("%s: %w", steps[i].what, err)
		}
	}
	return nil
}

// dispatchMouse posts a mouse event on t and returns the wait for its
// reply. On a target that cannot post it makes the call instead, and the
// wait is nil.
func dispatchMouse(ctx context.Context, t *session.Target, args *input.DispatchMouseEventArgs) (func(context.Context) (json.RawMessage, error), error) {
	w, err := t.Post("Input.dispatchMouseEvent", args)
	if errors.Is(err, session.ErrNoPost) {
		return nil, t.Client.Input.DispatchMouseEvent(ctx, args)
	}
	return w, err
}

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
