package request

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Fill sets a field to Value as a user would, the field deciding how: a
// text field or editor is cleared and typed into (a date, time or colour
// input takes a common form, converted), a select or custom combobox picks
// the option named Value, a checkbox or switch takes true or false, a
// radio group the radio button labelled Value (see events.FillEvent).
type Fill struct {
	Returns[events.ActionResult]
	Ref   events.Ref `json:"ref"`
	Value string     `json:"value"`
}

func (Fill) Command() string { return "fill" }

// Validate implements Validator.
func (q Fill) Validate() error { return needRef("fill", q.Ref) }

func init() {
	Handle(func(ctx context.Context, b *Browser, q Fill) (events.ActionResult, error) {
		return actions.Fill(ctx, b.s, q.Ref, q.Value)
	})
}
