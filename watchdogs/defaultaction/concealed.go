package defaultaction

import (
	"context"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
)

// concealedJS is jsConcealed's answer.
type concealedJS struct {
	Why  string `json:"why"`
	ID   int64  `json:"id"`
	Desc string `json:"desc"`
	// Held describes the box the page scrolls itself that keeps the
	// element out of view (jsIntoView).
	Held string `json:"held"`
}

// concealed fails with element_covered when an action that sets the
// element's state through script (what, e.g. "select") would leave
// nothing the user can see: the element is transparent, a pixel or less,
// or off the page, as a native control is when a custom widget is drawn
// in its place (Choices.js keeps its <select> at opacity 0 under its own
// combobox). The message names that widget, with its ref when the last
// snapshot gave it one, so the agent acts on what the user sees. Pointer
// input needs no such check: a click lands on whatever is drawn at its
// point, as a user's does.
func (a *attachment) concealed(ctx context.Context, el *element, what string) error {
	var c *concealedJS
	if err := el.callOn(ctx, jsConcealed, &c); err != nil {
		return err
	}
	if c == nil {
		return nil
	}
	if c.Held != "" {
		return heldError(el, c.Held)
	}
	if c.Desc == "" {
		return events.Errorf(events.CodeElementCovered, "%s on %s would change nothing the user sees: %s, and the page draws nothing of it; take a new snapshot and use the control the page shows", what, el.describe(), c.Why).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverHidden})
	}
	widget := c.Desc
	if ref, info, ok := a.engine(el.tab).LocalRef(el.ref, c.ID); ok {
		widget = string(ref) + " " + info.Role
		if info.Name != "" {
			widget += fmt.Sprintf(" %q", info.Name)
		}
	}
	return events.Errorf(events.CodeElementCovered, "%s on %s would change nothing the user sees: %s, and the page shows %s in its place; act on that widget instead (click it and pick from what it shows)", what, el.describe(), c.Why, widget).
		WithDetails(events.ErrorDetails{Ref: el.ref, Covering: widget})
}
