package dialog

import (
	"context"
	"reflect"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// guardReg registers the dialog_blocking guard for one event type. The bus
// routes guards by static type, so each guarded type needs its own
// instantiation of guard.
type guardReg struct {
	name string
	add  func(b *bus.Bus, check func(context.Context, events.TargetID, bool) error) bus.Subscription
}

func guard[E events.TabScoped]() guardReg {
	return guardReg{
		name: reflect.TypeFor[E]().Name(),
		add: func(b *bus.Bus, check func(context.Context, events.TargetID, bool) error) bus.Subscription {
			// The check is an atomic load while no dialog is held, and
			// honours its context otherwise: it runs on the dispatching
			// goroutine.
			return bus.GuardInline(b, Name, GuardOrder, func(ctx context.Context, e E) error {
				return check(ctx, e.TargetTab(), leaves[reflect.TypeFor[E]()])
			})
		},
	}
}

// guarded lists every tab-scoped action event. A test checks it against the
// TargetTab methods in package events.
var guarded = []guardReg{
	guard[events.NavigateToURLEvent](),
	guard[events.GoBackEvent](),
	guard[events.GoForwardEvent](),
	guard[events.ReloadEvent](),
	guard[events.ClickCoordinateEvent](),
	guard[events.ClickElementEvent](),
	guard[events.HoverEvent](),
	guard[events.TypeTextEvent](),
	guard[events.PressKeyEvent](),
	guard[events.ScrollEvent](),
	guard[events.SelectOptionEvent](),
	guard[events.SetCheckedEvent](),
	guard[events.UploadFileEvent](),
	guard[events.FillEvent](),
	guard[events.DragEvent](),
	guard[events.DropEvent](),
	guard[events.MouseEvent](),
	guard[events.WaitEvent](),
	guard[events.ScreenshotEvent](),
	guard[events.EvaluateEvent](),
	guard[events.PDFEvent](),
	guard[events.WebStorageEvent](),
	guard[events.LocateEvent](),
	guard[events.ReadEvent](),
	guard[events.VitalsEvent](),
	guard[events.TraceStartEvent](),
	guard[events.RecordStartEvent](),
	guard[events.InspectElementEvent](),
}

// leaves are the events that navigate a tab away: they may leave a page
// whose dialog storm is held (see leaveStorm).
var leaves = map[reflect.Type]bool{
	reflect.TypeFor[events.NavigateToURLEvent](): true,
	reflect.TypeFor[events.ReloadEvent]():        true,
	reflect.TypeFor[events.GoBackEvent]():        true,
	reflect.TypeFor[events.GoForwardEvent]():     true,
}

// GuardedEvents names the event types the watchdog vetoes while a dialog
// blocks their tab.
func GuardedEvents() []string {
	out := make([]string, len(guarded))
	for i, g := range guarded {
		out[i] = g.name
	}
	return out
}

// check vetoes an action on tab (the active tab when empty) while a dialog
// is held there. It costs one atomic load while no dialog is held.
func (a *attachment) check(ctx context.Context, tab events.TargetID, leaving bool) error {
	if a.blocking.Load() == 0 {
		return nil
	}
	if tab == "" {
		t, err := a.s.Tab("")
		if err != nil {
			// The action will fail on its own with a clearer error.
			return nil
		}
		tab = t.ID
	}
	if leaving {
		if err := a.leaveStorm(ctx, tab); err != nil {
			return err
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, d := range a.pending {
		if d.answering || d.info.TabID != tab {
			continue
		}
		return events.DialogBlocks(d.info, "")
	}
	return nil
}
