package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// NavigateOptions are the options of Navigate, Back, Forward and Reload.
type NavigateOptions struct {
	// WaitUntil is the condition the navigation waits for; empty means the
	// load event.
	WaitUntil events.WaitUntil
}

// Navigate loads url in the active tab and waits for opts.WaitUntil (the
// load event by default).
func Navigate(ctx context.Context, s *session.BrowserSession, url string, opts NavigateOptions) (events.NavigationResult, error) {
	return Do(ctx, s, events.NavigateToURLEvent{URL: url, WaitUntil: opts.WaitUntil})
}

// ClickAt clicks at viewport coordinates in the active tab.
func ClickAt(ctx context.Context, s *session.BrowserSession, x, y float64) (events.ActionResult, error) {
	return Do(ctx, s, events.ClickCoordinateEvent{X: x, Y: y})
}

// Evaluate runs a JavaScript expression in the active tab.
func Evaluate(ctx context.Context, s *session.BrowserSession, expr string) (events.EvaluateResult, error) {
	return Do(ctx, s, events.EvaluateEvent{Expression: expr, AwaitPromise: true, ReturnByValue: true})
}

// Tabs lists the session's tabs.
func Tabs(ctx context.Context, s *session.BrowserSession) ([]events.TabInfo, error) {
	return Do(ctx, s, events.TabsEvent{})
}
