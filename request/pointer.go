package request

import (
	"context"
	"path/filepath"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// Drag drags one element onto another as a user does (see
// events.DragEvent): onto its middle, or Before or After it (Position);
// with Force, without the check for what covers either end.
type Drag struct {
	Returns[DragResult]
	From     events.Ref          `json:"from"`
	To       events.Ref          `json:"to"`
	Position events.DragPosition `json:"position,omitempty"`
	Force    bool                `json:"force,omitempty"`
}

// DragResult says where a drag pressed and let go, and, in
// Details.Drag, what it did, read back from the page.
type DragResult struct {
	events.ActionResult
	From Point `json:"from"`
	To   Point `json:"to"`
}

func (Drag) Command() string { return "drag" }

// Validate implements Validator.
func (q Drag) Validate() error {
	if err := needRef("drag", q.From); err != nil {
		return err
	}
	switch q.Position {
	case events.DragOnto, events.DragBefore, events.DragAfter:
	default:
		return invalid("drag position %q: want before or after (or none, onto the target)", q.Position)
	}
	return needRef("drag", q.To)
}

// Drop drops files (absolute paths on the browser's machine) or data
// (MIME type and text) onto an element, as if dragged in from outside the
// page.
type Drop struct {
	Returns[events.ActionResult]
	Ref   events.Ref        `json:"ref"`
	Files []string          `json:"files,omitempty"`
	Data  []events.DropItem `json:"data,omitempty"`
	Force bool              `json:"force,omitempty"`
}

func (Drop) Command() string { return "drop" }

// Validate implements Validator.
func (q Drop) Validate() error {
	if len(q.Files) == 0 && len(q.Data) == 0 {
		return invalid("drop needs files or data to drop")
	}
	for _, f := range q.Files {
		if !filepath.IsAbs(f) {
			return invalid("file %q is not an absolute path; give absolute paths on the browser's machine", f)
		}
	}
	for _, d := range q.Data {
		if d.MIME == "" {
			return invalid("drop data %q has no MIME type; give it as MIME=TEXT, such as text/plain=hello", d.Text)
		}
	}
	return needRef("drop", q.Ref)
}

// Mouse drives the mouse at viewport coordinates (see events.MouseEvent):
// Action move, down, up, wheel, click or drag.
type Mouse struct {
	Returns[events.ActionResult]
	Action     events.MouseAction `json:"action"`
	X          float64            `json:"x,omitempty"`
	Y          float64            `json:"y,omitempty"`
	ToX        float64            `json:"to_x,omitempty"`
	ToY        float64            `json:"to_y,omitempty"`
	Button     events.MouseButton `json:"button,omitempty"`
	ClickCount int                `json:"click_count,omitempty"`
	DelayMS    int                `json:"delay_ms,omitempty"`
	DX         float64            `json:"dx,omitempty"`
	DY         float64            `json:"dy,omitempty"`
}

func (Mouse) Command() string { return "mouse" }

func (q Mouse) event() events.MouseEvent {
	return events.MouseEvent{Action: q.Action, X: q.X, Y: q.Y, ToX: q.ToX, ToY: q.ToY, Button: q.Button,
		ClickCount: q.ClickCount, Delay: time.Duration(q.DelayMS) * time.Millisecond, DX: q.DX, DY: q.DY}
}

// Validate implements Validator.
func (q Mouse) Validate() error { return defaultaction.Check(q.event()) }

func init() {
	Handle(func(ctx context.Context, b *Browser, q Drag) (DragResult, error) {
		r, err := actions.Drag(ctx, b.s, events.DragEvent{From: q.From, To: q.To, Position: q.Position, Force: q.Force})
		out := DragResult{ActionResult: r}
		if d := r.Details.Drag; d != nil {
			out.From, out.To = Point{X: d.From.X, Y: d.From.Y}, Point{X: d.To.X, Y: d.To.Y}
		}
		return out, err
	})
	Handle(func(ctx context.Context, b *Browser, q Drop) (events.ActionResult, error) {
		return actions.Drop(ctx, b.s, events.DropEvent{Ref: q.Ref, Files: q.Files, Data: q.Data, Force: q.Force})
	})
	Handle(func(ctx context.Context, b *Browser, q Mouse) (events.ActionResult, error) {
		return actions.Mouse(ctx, b.s, q.event())
	})
}
