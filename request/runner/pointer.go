package runner

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

func drag(ctx context.Context, b *Browser, q request.Drag) (request.DragResult, error) {
	r, err := actions.Drag(ctx, b.s, events.DragEvent{From: q.From.AsRef(), To: q.To.AsRef(), Position: q.Position, Force: q.Force})
	out := request.DragResult{ActionResult: r}
	if d := r.Details.Drag; d != nil {
		out.From, out.To = request.Point{X: d.From.X, Y: d.From.Y}, request.Point{X: d.To.X, Y: d.To.Y}
	}
	return out, err
}

func drop(ctx context.Context, b *Browser, q request.Drop) (events.ActionResult, error) {
	return actions.Drop(ctx, b.s, events.DropEvent{Ref: q.Ref.AsRef(), Files: q.Files, Data: q.Data, Force: q.Force})
}

func mouseEvent(q request.Mouse) events.MouseEvent {
	return events.MouseEvent{Action: q.Action, X: q.X, Y: q.Y, ToX: q.ToX, ToY: q.ToY, Button: q.Button,
		ClickCount: q.ClickCount, Delay: time.Duration(q.DelayMS) * time.Millisecond, DX: q.DX, DY: q.DY}
}

func mouse(ctx context.Context, b *Browser, q request.Mouse) (events.ActionResult, error) {
	return actions.Mouse(ctx, b.s, mouseEvent(q))
}

// checkMouse is the DefaultActionWatchdog's check of a mouse action.
func checkMouse(q request.Mouse) error { return defaultaction.Check(mouseEvent(q)) }
