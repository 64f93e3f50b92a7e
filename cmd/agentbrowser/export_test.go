package main

import (
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// UseDaemonBinary makes the in-process MCP server start daemons from path.
func UseDaemonBinary(path string) { daemonExecutable = func() (string, error) { return path, nil } }

// NewMCPServer builds the MCP server as "agentbrowser mcp" would with these
// settings and snapshot mode, for in-memory tests; wait returns once the
// browsers of ended connections are closed.
func NewMCPServer(settings map[string]string, mode string) (srv *mcp.Server, wait func()) {
	m := newTestMCP(settings, mode)
	return m.srv.SDK(), m.close
}

// NewMCPServerIsolated is NewMCPServer with an isolation mode (context or
// browser), as "agentbrowser mcp --isolation" would build it.
func NewMCPServerIsolated(settings map[string]string, isolation string) (srv *mcp.Server, wait func()) {
	m := newTestMCP(settings, "", isolation)
	return m.srv.SDK(), m.close
}

func newTestMCP(settings map[string]string, mode string, isolation ...string) *cliMCP {
	if settings == nil {
		settings = map[string]string{}
	}
	if mode == "" {
		mode = string(mcpserver.Incremental)
	}
	g := globals{Session: "default", TimeoutMS: defaultTimeoutMS, LogLevel: "warn", Idle: 5 * time.Minute, Settings: settings}
	iso := isolationBrowser
	if len(isolation) > 0 {
		iso = isolation[0]
	}
	return newMCP(mcpConfig{g: g, snapshotMode: mcpserver.SnapshotMode(mode), isolation: iso})
}

// MCPHTTPHandler is the Streamable HTTP handler with a token and an
// isolation mode (context or browser).
func MCPHTTPHandler(token, isolation string) (http.Handler, func()) {
	m := newTestMCP(nil, "", isolation)
	return m.srv.Handler(mcpserver.HTTPOptions{Token: token, SessionTimeout: 5 * time.Minute}), m.close
}

// HTTPListenCheck exposes the bind check.
var HTTPListenCheck = httpListenCheck

// SkillGuide is what `agentbrowser skill` prints.
func SkillGuide() string { return skillGuide }

// CommandFlags maps each command to the flags it takes, global ones
// included.
func CommandFlags() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for name, c := range commands {
		// Every command answers --help.
		fs := map[string]bool{"help": true}
		for _, f := range append(append(append([]Flag{}, globalFlags...), settingFlags...), c.Flags...) {
			fs[f.Name] = true
		}
		out[name] = fs
	}
	return out
}

// CommandNames lists the CLI's commands.
func CommandNames() []string { return commandNames() }
