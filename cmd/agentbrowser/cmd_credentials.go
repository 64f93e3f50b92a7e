package main

import (
	"github.com/agentbrowser/agentbrowser/request"
)

// set credentials USER PASS [ORIGIN] answers the HTTP authentication
// challenges of the session's pages; set credentials off stops it.
func init() {
	setParsers["credentials"] = func(args []string) (request.Request, error) {
		switch {
		case len(args) == 1 && args[0] == "off":
			return request.SetCredentials{Clear: true}, nil
		case len(args) == 2 || len(args) == 3:
			q := request.SetCredentials{Username: args[0], Password: args[1]}
			if len(args) == 3 {
				q.Origin = args[2]
			}
			return q, nil
		}
		return nil, usageErrorf("usage: agentbrowser set credentials USER PASS [ORIGIN] | set credentials off")
	}
}
