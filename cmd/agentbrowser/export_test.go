package main

import (
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// UseDaemonBinary makes the in-process MCP server start daemons from path.
func UseDaemonBinary(path string) { daemonExecutable = func() (string, error) { return path, nil } }

// NewMCPServer builds the MCP server as "agentbrowser mcp" would with these
// settings and snapshot mode, for in-memory tests; wait returns once the
// browsers of ended connections are closed.
func NewMCPServer(settings map[string]string, mode string) (srv *mcp.Server, wait func()) {
	s := newTestMCP(settings, mode)
	return s.srv, s.closeAll
}

func newTestMCP(settings map[string]string, mode string, isolation ...string) *mcpServer {
	if settings == nil {
		settings = map[string]string{}
	}
	if mode == "" {
		mode = modeIncremental
	}
	g := globals{Session: "default", TimeoutMS: defaultTimeoutMS, LogLevel: "warn", Idle: 5 * time.Minute, Settings: settings}
	iso := isolationBrowser
	if len(isolation) > 0 {
		iso = isolation[0]
	}
	return newMCPServer(mcpConfig{g: g, snapshotMode: mode, isolation: iso})
}

// MCPHTTPHandler is the Streamable HTTP handler with a token and an
// isolation mode (context or browser).
func MCPHTTPHandler(token, isolation string) (http.Handler, func()) {
	s := newTestMCP(nil, "", isolation)
	return newMCPHTTPHandler(s, token), s.closeAll
}

// HTTPListenCheck exposes the bind check.
var HTTPListenCheck = httpListenCheck
