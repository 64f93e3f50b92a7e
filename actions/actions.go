package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Navigate loads url in the active tab and waits for its load event.
func Navigate(ctx context.Context, s *session.BrowserSession, url string) (events.NavigationResult, error) {
	return Do[events.NavigateToURLEvent, events.NavigationResult](ctx, s, events.NavigateToURLEvent{URL: url})
}

// ClickAt clicks at viewport coordinates in the active tab.
func ClickAt(ctx context.Context, s *session.BrowserSession, x, y float64) (events.ActionResult, error) {
	return Do[events.ClickCoordinateEvent, events.ActionResult](ctx, s, events.ClickCoordinateEvent{X: x, Y: y})
}

// Evaluate runs a JavaScript expression in the active tab.
func Evaluate(ctx context.Context, s *session.BrowserSession, expr string) (events.EvaluateResult, error) {
	return Do[events.EvaluateEvent, events.EvaluateResult](ctx, s, events.EvaluateEvent{Expression: expr, AwaitPromise: true, ReturnByValue: true})
}

// Tabs lists the session's tabs.
func Tabs(ctx context.Context, s *session.BrowserSession) ([]events.TabInfo, error) {
	return Do[events.TabsEvent, []events.TabInfo](ctx, s, events.TabsEvent{})
}
