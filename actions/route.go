package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Route adds a network route to the session (see events.RouteEvent) and
// returns the routes afterwards.
func Route(ctx context.Context, s *session.BrowserSession, e events.RouteEvent) (events.RoutesResult, error) {
	return Do(ctx, s, e)
}

// Unroute removes the route for pattern, or every route when pattern is
// empty.
func Unroute(ctx context.Context, s *session.BrowserSession, pattern string) (events.RoutesResult, error) {
	return Do(ctx, s, events.UnrouteEvent{Pattern: pattern})
}

// Routes lists the session's routes.
func Routes(ctx context.Context, s *session.BrowserSession) (events.RoutesResult, error) {
	return Do(ctx, s, events.RoutesEvent{})
}
