package cli

import (
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var routeCommand = &Command{
	Name: "route", Usage: "route PATTERN (--abort [REASON] | --status N [--body TEXT | --body-file F] [--header 'Name: value']...)",
	Summary: "answer the session's requests whose URL matches PATTERN (a glob: ** anything, * anything but /) with an error or a response",
	MinArgs: 1, MaxArgs: 2,
	Flags: []Flag{
		{Name: "abort", Kind: Bool, Usage: "fail the requests with a network error (REASON: failed, the default, aborted, timedout, accessdenied, connectionrefused, namenotresolved, internetdisconnected, blockedbyclient, ...)"},
		{Name: "status", Kind: Int, Usage: "fulfil the requests with this HTTP status"},
		{Name: "body", Kind: String, Usage: "the response body"},
		{Name: "body-file", Kind: String, Usage: "read the response body from this file"},
		{Name: "header", Kind: Multi, Usage: "a response header, 'Name: value' (repeat for several)"},
	},
	Parse:   parseRoute,
	Prepare: readBodyFile,
}

var unrouteCommand = &Command{
	Name: "unroute", Usage: "unroute [PATTERN]", Summary: "remove the route for PATTERN, or every route",
	MaxArgs: 1,
	Parse: func(in Input) (request.Request, error) {
		q := request.Unroute{}
		if len(in.Args) == 1 {
			q.Pattern = in.Args[0]
		}
		return q, nil
	},
}

var routesCommand = &Command{
	Name: "routes", Usage: "routes [--offset N]", Summary: "list the session's routes, with how many requests each answered",
	MaxArgs: 0,
	Flags: []Flag{
		{Name: "offset", Kind: Int, Usage: "start at this route (a listing above the output cap comes in pages: total and next_offset)"},
	},
	Parse: func(in Input) (request.Request, error) {
		off, err := in.Int("offset", 0)
		return request.Routes{Offset: off}, err
	},
}

// parseRoute reads route's command line; what a route may hold is checked
// by the request's Validate.
func parseRoute(in Input) (request.Request, error) {
	q := request.Route{Pattern: in.Args[0]}
	abort := in.Bool("abort")
	switch {
	case len(in.Args) == 2 && !abort:
		return nil, usageErrorf("route %s %s: a second argument is an abort reason, after --abort", in.Args[0], in.Args[1])
	case abort && (in.Has("status") || in.Has("body") || in.Has("body-file") || in.Has("header")):
		return nil, usageErrorf("route: give --abort or --status (with --body and --header), not both")
	case !abort && !in.Has("status"):
		return nil, usageErrorf("usage: agentbrowser route PATTERN (--abort [REASON] | --status N [--body TEXT | --body-file F] [--header 'Name: value']...)")
	case in.Has("body") && in.Has("body-file"):
		return nil, usageErrorf("route: give --body or --body-file, not both")
	}
	if abort {
		q.Abort = "failed"
		if len(in.Args) == 2 {
			q.Abort = in.Args[1]
		}
		return q, nil
	}
	var err error
	if q.Status, err = in.Int("status", 0); err != nil {
		return nil, err
	}
	if in.Has("body") {
		q.Body = []byte(in.String("body"))
	}
	for _, h := range in.Multi("header") {
		name, value, ok := strings.Cut(h, ":")
		if !ok {
			return nil, usageErrorf("--header %q: want 'Name: value'", h)
		}
		// Only spaces and tabs are trimmed: a CR or LF stays in the value
		// for the route's check to refuse.
		q.Headers = append(q.Headers, events.Header{Name: strings.Trim(name, " \t"), Value: strings.Trim(value, " \t")})
	}
	return q, nil
}

// readBodyFile reads --body-file in the CLI process, where the path means
// what the caller meant.
func readBodyFile(in Input, q request.Request, _ Checker) (request.Request, error) {
	if !in.Has("body-file") {
		return q, nil
	}
	b, err := readUserFile("--body-file", in.String("body-file"), events.MaxRouteBodyBytes)
	if err != nil {
		return nil, err
	}
	r := q.(request.Route)
	r.Body = b
	return r, nil
}
