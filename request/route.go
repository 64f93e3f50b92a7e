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

// Routes lists the session's routes; one larger than the output cap comes
// in pages (see Cookies).
type Routes struct {
	Returns[events.RoutesResult]
	Offset int `json:"offset,omitempty"`
}

// Validate implements Validator.
func (q Routes) Validate() error {
	if q.Offset < 0 {
		return invalid("offset %d is negative", q.Offset)
	}
	return nil
}

// pageRoutes cuts a listing to the page at offset that fits in capBytes.
func pageRoutes(r events.RoutesResult, offset, capBytes int) events.RoutesResult {
	all := len(r.Routes)
	r.Routes, r.NextOffset = pageOf(r.Routes, offset, capBytes-pageReserve)
	if offset > 0 || r.NextOffset > 0 {
		r.Total = all
	}
	return r
}

func (Routes) Command() string { return "routes" }

func init() {
	Handle(func(ctx context.Context, b *Browser, q Route) (events.RoutesResult, error) {
		r, err := actions.Route(ctx, b.s, q.event())
		return pageRoutes(r, 0, b.capBytes()), err
	})
	Handle(func(ctx context.Context, b *Browser, q Unroute) (events.RoutesResult, error) {
		r, err := actions.Unroute(ctx, b.s, q.Pattern)
		return pageRoutes(r, 0, b.capBytes()), err
	})
	Handle(func(ctx context.Context, b *Browser, q Routes) (events.RoutesResult, error) {
		r, err := actions.Routes(ctx, b.s)
		return pageRoutes(r, q.Offset, b.capBytes()), err
	})
}
