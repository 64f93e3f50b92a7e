package events

// Network routes answer a session's requests in the browser's place: a
// route matches URLs with a glob pattern and either fails the request
// (Abort) or fulfils it with a status, headers and a body. Routes apply to
// every tab of the session, those opened later included, and to every
// kind of request (documents, scripts, images, XHR, fetch...). They go
// through the session's one request interception, after the origin policy
// (a blocked document stays blocked) and the dialog bridge.

// Header is one HTTP header.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// MaxRouteBodyBytes bounds a route's body: 10 MiB, which still fits a
// request on a daemon's socket once encoded.
const MaxRouteBodyBytes = 10 << 20

// RouteEvent adds a route for Pattern, replacing the route with the same
// pattern if there is one. Pattern is a glob matched against the whole
// URL: ** matches anything, * anything but "/", every other character
// itself (so ? is a query string's). A request that several routes match
// takes the one added last. Give Abort (a network error reason, such as
// "failed" or "connectionrefused") or Status (100-599, with Body and
// Headers), not both. Owned by RouteWatchdog; result RoutesResult, the
// routes afterwards. Bad input is invalid_argument and changes nothing.
type RouteEvent struct {
	Pattern string
	Abort   string
	Status  int
	Body    []byte
	Headers []Header
}

// UnrouteEvent removes the route for Pattern, or every route when Pattern
// is empty. Owned by RouteWatchdog; result RoutesResult with Removed. A
// pattern no route has is not_found.
type UnrouteEvent struct {
	Pattern string
}

// RoutesEvent lists the session's routes. Owned by RouteWatchdog; result
// RoutesResult.
type RoutesEvent struct{}

// RouteInfo describes one route: Action is "abort" (with Reason) or
// "fulfill" (with Status, Headers and the size of Body); Hits counts the
// requests it answered.
type RouteInfo struct {
	Pattern   string   `json:"pattern"`
	Action    string   `json:"action"`
	Reason    string   `json:"reason,omitempty"`
	Status    int      `json:"status,omitempty"`
	Headers   []Header `json:"headers,omitempty"`
	BodyBytes int      `json:"body_bytes,omitempty"`
	Hits      int64    `json:"hits"`
}

// RoutesResult lists routes, newest last; Removed is how many an
// UnrouteEvent removed.
type RoutesResult struct {
	Routes  []RouteInfo `json:"routes"`
	Removed int         `json:"removed,omitempty"`
	// Total is how many routes there are when Routes holds one page of
	// them; NextOffset is where the next page starts (0: none).
	Total      int `json:"total,omitempty"`
	NextOffset int `json:"next_offset,omitempty"`
}
