package request

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/route"
)

// Route adds a network route for every tab of the session: requests whose
// URL matches Pattern (a glob: ** anything, * anything but "/") fail with
// Abort (a network error reason) or are fulfilled with Status, Headers
// and Body. A route for the same pattern is replaced.
type Route struct {
	Returns[events.RoutesResult]
	Pattern string          `json:"pattern"`
	Abort   string          `json:"abort,omitempty"`
	Status  int             `json:"status,omitempty"`
	Body    []byte          `json:"body,omitempty"`
	Headers []events.Header `json:"headers,omitempty"`
}

func (Route) Command() string { return "route" }

func (q Route) event() events.RouteEvent {
	return events.RouteEvent{Pattern: q.Pattern, Abort: q.Abort, Status: q.Status, Body: q.Body, Headers: q.Headers}
}

// Validate implements Validator.
func (q Route) Validate() error { return route.Check(q.event()) }

// Unroute removes the route for Pattern, or every route without one.
type Unroute struct {
	Returns[events.RoutesResult]
	Pattern string `json:"pattern,omitempty"`
}

func (Unroute) Command() string { return "unroute" }

// Routes lists the session's routes.
type Routes struct {
	Returns[events.RoutesResult]
}

func (Routes) Command() string { return "routes" }

func init() {
	Handle(func(ctx context.Context, b *Browser, q Route) (events.RoutesResult, error) {
		return actions.Route(ctx, b.s, q.event())
	})
	Handle(func(ctx context.Context, b *Browser, q Unroute) (events.RoutesResult, error) {
		return actions.Unroute(ctx, b.s, q.Pattern)
	})
	Handle(func(ctx context.Context, b *Browser, q Routes) (events.RoutesResult, error) {
		return actions.Routes(ctx, b.s)
	})
}
