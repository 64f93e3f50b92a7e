package defaultaction

import (
	"context"
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

// mouseClick moves to x, y, then presses and releases count times.
func mouseClick(ctx context.Context, t *session.Target, x, y float64, button events.MouseButton, count int, modifiers []string) error {
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
	move := input.NewDispatchMouseEventArgs("mouseMoved", x, y).SetModifiers(mods)
	if err := t.Client.Input.DispatchMouseEvent(ctx, move); err != nil {
		return fmt.Errorf("moving mouse: %w", err)
	}
	for i := 1; i <= count; i++ {
		press := input.NewDispatchMouseEventArgs("mousePressed", x, y).
			SetButton(btn).SetButtons(btnBits).SetClickCount(i).SetModifiers(mods)
		if err := t.Client.Input.DispatchMouseEvent(ctx, press); err != nil {
			return fmt.Errorf("pressing mouse: %w", err)
		}
		release := input.NewDispatchMouseEventArgs("mouseReleased", x, y).
			SetButton(btn).SetButtons(0).SetClickCount(i).SetModifiers(mods)
		if err := t.Client.Input.DispatchMouseEvent(ctx, release); err != nil {
			return fmt.Errorf("releasing mouse: %w", err)
		}
	}
	return nil
}

func (a *attachment) clickCoordinate(ctx context.Context, e events.ClickCoordinateEvent) (events.ActionResult, error) {
	if e.X < 0 || e.Y < 0 {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "coordinates %v,%v: must not be negative", e.X, e.Y)
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	return a.observe(ctx, tab, func(ctx context.Context) error {
		return mouseClick(ctx, tab, e.X, e.Y, e.Button, e.ClickCount, e.Modifiers)
	})
}

// observe runs an input action on tab and reports what it changed: a dialog
// (returned as soon as it opens), a navigation, a new tab.
func (a *attachment) observe(ctx context.Context, tab *session.Target, op func(ctx context.Context) error) (events.ActionResult, error) {
	before := map[events.TargetID]bool{}
	for _, t := range a.s.Tabs() {
		before[t.ID] = true
	}
	urlBefore := tab.URL()
	opens, err := tab.Client.Page.WindowOpen(ctx)
	if err != nil {
		return events.ActionResult{}, fmt.Errorf("listening for new windows: %w", err)
	}
	defer opens.Close()

	d, err := a.raceDialog(ctx, tab, op)
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
	if u := tab.URL(); u != urlBefore {
		res.Navigated, res.URL = true, u
	}
	return res, nil
}

// waitNewTab waits for a tab that was not in before.
func (a *attachment) waitNewTab(ctx context.Context, before map[events.TargetID]bool) *events.TabInfo {
	for {
		ch := a.s.Changed()
		for _, t := range a.s.Tabs() {
			if !before[t.ID] {
				return &t
			}
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil
		}
	}
}
