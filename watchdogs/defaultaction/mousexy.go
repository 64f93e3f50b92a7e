package defaultaction

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsDragArmAt(x, y) starts jsDragArm's watch on the element of the top
// document at (x, y) (through open shadow roots), and answers whether
// there is one.
var jsDragArmAt = `function (x, y) { let el = document.elementFromPoint(x, y); ` +
	`while (el && el.shadowRoot) { const i = el.shadowRoot.elementFromPoint(x, y); if (!i || i === el) break; el = i; } ` +
	`return !!el && (` + jsDragArm + `).call(el); }`

// maxMouseDelay bounds how long a MouseEvent's click holds each press.
const maxMouseDelay = 10 * time.Second

// mouseReplyWait bounds the wait for the reply to a MouseEvent's input.
const mouseReplyWait = time.Second

// checkMouse checks a MouseEvent's own arguments.
func checkMouse(e events.MouseEvent) error {
	finite := func(v ...float64) bool {
		for _, f := range v {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return false
			}
		}
		return true
	}
	place := func(x, y float64) error {
		if !finite(x, y) || x < 0 || y < 0 {
			return events.Errorf(events.CodeInvalidArgument, "coordinates %v,%v: must be finite and not negative", x, y)
		}
		return nil
	}
	switch e.Action {
	case events.MouseMove:
		return place(e.X, e.Y)
	case events.MouseDown, events.MouseUp:
		_, _, err := buttonOf(e.Button)
		return err
	case events.MouseWheel:
		if !finite(e.DX, e.DY) {
			return events.Errorf(events.CodeInvalidArgument, "wheel deltas %v,%v: must be finite", e.DX, e.DY)
		}
		return nil
	case events.MouseClick:
		if err := place(e.X, e.Y); err != nil {
			return err
		}
		if e.Delay < 0 || e.Delay > maxMouseDelay {
			return events.Errorf(events.CodeInvalidArgument, "delay %v: want 0 to %v", e.Delay, maxMouseDelay)
		}
		return checkClick(e.Button, nil, e.ClickCount)
	case events.MouseDrag:
		if err := place(e.X, e.Y); err != nil {
			return err
		}
		return place(e.ToX, e.ToY)
	}
	return events.Errorf(events.CodeInvalidArgument, "mouse action %q: want move, down, up, wheel, click or drag", e.Action)
}

// heldButtons returns the buttons a MouseEvent left pressed in tab.
func (a *attachment) heldButtons(tab events.TargetID) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.held[tab]
}

// setHeld records the buttons pressed in tab.
func (a *attachment) setHeld(tab events.TargetID, bits int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.held == nil {
		a.held = map[events.TargetID]int{}
	}
	if bits == 0 {
		delete(a.held, tab)
	} else {
		a.held[tab] = bits
	}
}

// heldButton names the first button of bits, for a move's button field.
func heldButton(bits int) input.MouseButton {
	switch {
	case bits&1 != 0:
		return input.MouseButtonLeft
	case bits&2 != 0:
		return input.MouseButtonRight
	case bits&4 != 0:
		return input.MouseButtonMiddle
	}
	return input.MouseButtonNone
}

// mouseAt answers MouseEvent.
func (a *attachment) mouseAt(ctx context.Context, e events.MouseEvent) (events.ActionResult, error) {
	if err := Check(e); err != nil {
		return events.ActionResult{}, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	at, _ := a.pointer(tab.ID)
	var drag *events.DragOutcome
	res, err := a.observe(ctx, tab, func(ctx context.Context) error {
		held := a.heldButtons(tab.ID)
		send := func(args *input.DispatchMouseEventArgs) error {
			if err := sendMouse(ctx, tab, args); err != nil {
				return fmt.Errorf("sending the mouse %s: %w", e.Action, err)
			}
			return nil
		}
		switch e.Action {
		case events.MouseMove:
			args := input.NewDispatchMouseEventArgs("mouseMoved", e.X, e.Y).SetButtons(held)
			if held != 0 {
				args.SetButton(heldButton(held))
			}
			// The move's reply waits for the page's next frame, which is
			// when the page has seen it.
			err := send(args)
			at = pointerAt{e.X, e.Y}
			a.setPointer(tab.ID, at, err == nil)
			return err
		case events.MouseDown, events.MouseUp:
			btn, bit, _ := buttonOf(e.Button)
			typ, bits := "mousePressed", held|bit
			if e.Action == events.MouseUp {
				typ, bits = "mouseReleased", held&^bit
			}
			err := send(input.NewDispatchMouseEventArgs(typ, at.x, at.y).SetButton(btn).SetButtons(bits).SetClickCount(1))
			if err == nil {
				a.setHeld(tab.ID, bits)
			}
			return err
		case events.MouseWheel:
			return send(input.NewDispatchMouseEventArgs("mouseWheel", at.x, at.y).SetDeltaX(e.DX).SetDeltaY(e.DY).SetButtons(held))
		case events.MouseClick:
			at = pointerAt{e.X, e.Y}
			if e.Delay == 0 {
				return a.mouseClick(ctx, tab, e.X, e.Y, e.Button, e.ClickCount, nil)
			}
			return a.slowClick(ctx, tab, e)
		case events.MouseDrag:
			at = pointerAt{e.ToX, e.ToY}
			drag, err = a.dragAt(ctx, tab, point{x: e.X, y: e.Y}, point{x: e.ToX, y: e.ToY})
			return err
		}
		return nil
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	res.Details = events.ActionDetails{X: new(at.x), Y: new(at.y), Drag: drag}
	return res, nil
}

// sendMouse sends a mouse event to tab. The reply to a move or a wheel
// comes once the page has drawn a frame after it, which a tab in the
// background never does: it is waited for within mouseReplyWait, after
// which the event, sent, is taken as delivered.
func sendMouse(ctx context.Context, tab *session.Target, args *input.DispatchMouseEventArgs) error {
	wait, err := dispatchMouse(ctx, tab, args)
	if err != nil || wait == nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, mouseReplyWait)
	defer cancel()
	if _, err = wait(wctx); err != nil && ctx.Err() == nil && wctx.Err() != nil {
		return nil
	}
	return err
}

// slowClick clicks at e.X, e.Y holding each press for e.Delay.
func (a *attachment) slowClick(ctx context.Context, tab *session.Target, e events.MouseEvent) error {
	btn, bit, _ := buttonOf(e.Button)
	if err := sendMouse(ctx, tab, input.NewDispatchMouseEventArgs("mouseMoved", e.X, e.Y)); err != nil {
		return fmt.Errorf("moving the mouse: %w", err)
	}
	a.setPointer(tab.ID, pointerAt{e.X, e.Y}, true)
	for i := 1; i <= max(e.ClickCount, 1); i++ {
		if err := sendMouse(ctx, tab, input.NewDispatchMouseEventArgs("mousePressed", e.X, e.Y).SetButton(btn).SetButtons(bit).SetClickCount(i)); err != nil {
			return fmt.Errorf("pressing the mouse: %w", err)
		}
		t := time.NewTimer(e.Delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		if err := sendMouse(ctx, tab, input.NewDispatchMouseEventArgs("mouseReleased", e.X, e.Y).SetButton(btn).SetButtons(0).SetClickCount(i)); err != nil {
			return fmt.Errorf("releasing the mouse: %w", err)
		}
	}
	return nil
}

// dragAt drags from one point of tab to another as dragElement does, and
// says what changed in the top document where the press went (nothing
// said when the press went into a frame).
func (a *attachment) dragAt(ctx context.Context, tab *session.Target, from, to point) (*events.DragOutcome, error) {
	client, world, err := a.engine(tab).TopWorld(ctx)
	call := func(ctx context.Context, fn string, out any, args ...any) error {
		if err != nil {
			return err
		}
		cas := make([]runtime.CallArgument, len(args))
		for i, v := range args {
			b, _ := json.Marshal(v)
			cas[i] = runtime.CallArgument{Value: b}
		}
		r, err := client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(fn).SetExecutionContextID(world).
			SetArguments(cas).SetReturnByValue(true).SetSilent(true).SetAwaitPromise(true))
		if err != nil {
			return err
		}
		if r.ExceptionDetails != nil {
			return fmt.Errorf("%s", exceptionText(r.ExceptionDetails))
		}
		return json.Unmarshal(r.Result.Value, out)
	}
	var armed bool
	mode, r, err := a.dragWatched(ctx, tab, from, to, dragWatch{
		arm: func(ctx context.Context) error {
			armed = false
			_ = call(ctx, jsDragArmAt, &armed, from.x, from.y)
			return nil
		},
		started: func(ctx context.Context) bool {
			var started bool
			return armed && call(ctx, jsDragStarted, &started) == nil && started
		},
		report: func(ctx context.Context) (*dragReport, error) {
			var r *dragReport
			if !armed || call(ctx, jsDragReport, &r, "") != nil {
				return nil, nil
			}
			return r, nil
		},
	})
	if err != nil {
		return nil, err
	}
	out := &events.DragOutcome{Mode: mode, From: events.Point{X: from.x, Y: from.y}, To: events.Point{X: to.x, Y: to.y}}
	if r == nil {
		out.Summary = "dragged; what it changed is not known (the press was not in the top document's elements)"
		return out, nil
	}
	out = a.dragOutcome(tab, "", mode, r)
	out.From, out.To = events.Point{X: from.x, Y: from.y}, events.Point{X: to.x, Y: to.y}
	if !out.Moved {
		out.Summary = "nothing in the page's elements changed (a drawing on a canvas is not seen)"
	}
	return out, nil
}

func (a *attachment) clickCoordinate(ctx context.Context, e events.ClickCoordinateEvent) (events.ActionResult, error) {
	if err := Check(e); err != nil {
		return events.ActionResult{}, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	return a.observe(ctx, tab, func(ctx context.Context) error {
		return a.mouseClick(ctx, tab, e.X, e.Y, e.Button, e.ClickCount, e.Modifiers)
	})
}
