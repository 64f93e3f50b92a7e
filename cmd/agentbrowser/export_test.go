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

func newTestMCP(settings map[string]string, mode string) *mcpServer {
	if settings == nil {
		settings = map[string]string{}
	}
	if mode == "" {
		mode = modeIncremental
	}
	g := globals{Session: "default", TimeoutMS: defaultTimeoutMS, LogLevel: "warn", Idle: 5 * time.Minute, Settings: settings}
	return newMCPServer(mcpConfig{g: g, snapshotMode: mode})
}

// MCPHTTPHandler is the Streamable HTTP handler with a token.
func MCPHTTPHandler(token string) (http.Handler, func()) {
	s := newTestMCP(nil, "")
	return newMCPHTTPHandler(s, token), s.closeAll
}

// HTTPListenCheck exposes the bind check.
var HTTPListenCheck = httpListenCheck
