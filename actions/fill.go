package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Fill sets the element ref names (a ref or a locator) in the active tab
// to value as a user would, the element deciding how: a text field or an
// editor is cleared and typed into (a date, time or colour input takes
// value converted from a common form), a select or a custom combobox
// picks the option named value, a checkbox or switch takes true or false,
// a radio group the radio button labelled value, an ARIA slider or
// spinbutton the number value, moved there with keys (see
// events.FillEvent).
// It fails with not_applied when the page shows something else afterwards.
func Fill(ctx context.Context, s *session.BrowserSession, ref events.Ref, value string) (events.ActionResult, error) {
	return Do(ctx, s, events.FillEvent{Ref: ref, Value: value})
}
