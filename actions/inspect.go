package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Inspect reads one fact of the element ref names (a ref, a locator or a
// bare CSS selector) in the active tab: its text, value, an attribute,
// its HTML, box, computed styles, or whether it is visible, enabled,
// checked or editable (see events.InspectElementEvent).
func Inspect(ctx context.Context, s *session.BrowserSession, e events.InspectElementEvent) (events.InspectResult, error) {
	return Do(ctx, s, e)
}

// Styles reads the computed styles of the element ref names (props, or
// all of them) and its box model.
func Styles(ctx context.Context, s *session.BrowserSession, ref events.Ref, props ...string) (events.InspectResult, error) {
	return Do(ctx, s, events.InspectElementEvent{Ref: ref, What: "styles", Props: props})
}
