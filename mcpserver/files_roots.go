package mcpserver

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/internal/pathguard"
)

// The roots a client declares are asked for the way the SDK allows on the
// session's protocol: a tool call that needs them answers with an input
// request for them (SEP-2322), which the SDK either hands to a client that
// speaks it or, for an older client, turns into a roots/list request of
// its own; either way the call comes again with the roots (rootsInput).

// errNeedRoots is rootsOf's error when the client declares roots this
// connection has not learnt yet; the tool call then asks for them.
var errNeedRoots = errors.New("the client's roots are not known yet")

// rootsRequest is the input request id a tool call asks for roots under.
const rootsRequest = "roots"

// declaresRoots reports whether the client declared the roots capability.
func declaresRoots(ss *mcp.ServerSession) bool {
	if ss == nil {
		return false
	}
	ip := ss.InitializeParams()
	return ip != nil && ip.Capabilities != nil && ip.Capabilities.RootsV2 != nil
}

// rootsOf is the local paths of the roots the client declares: none when
// it declares no roots capability, errNeedRoots until they are known.
func (c *conn) rootsOf(context.Context) ([]string, error) {
	c.rootsMu.Lock()
	defer c.rootsMu.Unlock()
	if c.rootsKnown {
		return c.roots, nil
	}
	if !declaresRoots(c.ss) {
		return nil, nil
	}
	return nil, errNeedRoots
}

// rootsInput takes the roots a retried call carries (the answer to the
// input request a call made), if the client declares roots.
func (c *conn) rootsInput(in mcp.InputResponseMap) {
	r, ok := in[rootsRequest].(*mcp.ListRootsResult)
	if !ok || !declaresRoots(c.ss) {
		return
	}
	var roots []string
	for _, root := range r.Roots {
		if p, err := pathguard.FileURIPath(root.URI); err == nil {
			roots = append(roots, p)
		}
	}
	c.rootsMu.Lock()
	c.roots, c.rootsKnown = roots, true
	c.rootsMu.Unlock()
}

// forgetRoots makes the next check ask the client for its roots again
// (notifications/roots/list_changed).
func (c *conn) forgetRoots() {
	c.rootsMu.Lock()
	c.roots, c.rootsKnown = nil, false
	c.rootsMu.Unlock()
}

// askRoots is the result of a call that needs the client's roots first.
func askRoots() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{rootsRequest: &mcp.ListRootsParams{}}}
}
