package request

import (
	"github.com/agentbrowser/agentbrowser/events"
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

func (Routes) Command() string { return "routes" }
