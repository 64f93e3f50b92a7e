package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
)

// The MCP server offers the browser as typed tools named like Playwright
// MCP's (browser_navigate, browser_click, ...), on the official Go SDK: the
// SDK negotiates the protocol version, runs requests concurrently and
// cancels a call's context on notifications/cancelled. Each tool call
// travels to a session's daemon like a CLI command, so the CLI and MCP share
// one budget and one error contract; a cancelled call closes its daemon
// connection, which cancels the command there (an evaluate is terminated in
// the page).
//
// By default every MCP connection gets its own session (its own daemon and
// browser), closed when the connection ends; --session NAME attaches every
// connection to that named session instead, which outlives the server.

func init() {
	register(&Command{
		Name: "mcp", Usage: "mcp [--http ADDR] [--auth-token T] [--snapshot-mode incremental|full|none] [--isolation context|browser]",
		Summary: "serve the browser as MCP tools over stdio, or over Streamable HTTP with --http",
		MaxArgs: 0, Local: true,
		Flags: []Flag{
			{Name: "http", Kind: String, Usage: "serve Streamable HTTP on ADDR (host:port) instead of stdio; loopback unless a token is set"},
			{Name: "auth-token", Kind: String, Usage: "bearer token every HTTP request must carry (or env AGENTBROWSER_MCP_TOKEN); required off loopback"},
			{Name: "snapshot-mode", Kind: String, Usage: "page state after actions: incremental (default), full or none"},
			{Name: "isolation", Kind: String, Usage: "over HTTP, how clients are kept apart: context (default: one browser, a browser context each) or browser (a browser each)"},
		},
		RunLocal: runMCP,
	})
}

// Snapshot modes for the page state that ends an action's result.
const (
	modeIncremental = "incremental"
	modeFull        = "full"
	modeNone        = "none"
)

// mcpConfig is what the mcp command was started with.
type mcpConfig struct {
	g globals
	// shared is true when --session named a session for every connection.
	shared       bool
	snapshotMode string
	// isolation is context or browser; context applies over HTTP only.
	isolation string
}

func parseMCPConfig(g globals, in Input) (mcpConfig, error) {
	cfg := mcpConfig{g: g, shared: g.SessionSet, snapshotMode: modeIncremental}
	if in.Has("snapshot-mode") {
		switch m := in.String("snapshot-mode"); m {
		case modeIncremental, modeFull, modeNone:
			cfg.snapshotMode = m
		default:
			return cfg, usageErrorf("--snapshot-mode %q: want incremental, full or none", m)
		}
	}
	cfg.isolation = isolationBrowser
	if in.Has("http") {
		cfg.isolation = isolationContext
	}
	if in.Has("isolation") {
		switch v := in.String("isolation"); v {
		case isolationContext, isolationBrowser:
			cfg.isolation = v
		default:
			return cfg, usageErrorf("--isolation %q: want context or browser", v)
		}
	}
	return cfg, nil
}

// runMCP serves until stdin closes (or, over HTTP, until a signal). Nothing
// but protocol goes to stdout, so it exits here instead of returning a
// result for the CLI to print.
func runMCP(ctx context.Context, g globals, in Input) (Result, error) {
	cfg, err := parseMCPConfig(g, in)
	if err != nil {
		return nil, err
	}
	if in.Has("http") {
		return nil, serveMCPHTTP(cfg, in)
	}
	s := newMCPServer(cfg)
	err = s.srv.Run(context.Background(), &mcp.StdioTransport{})
	s.closeAll()
	if err != nil {
		fmt.Fprintln(os.Stderr, "agentbrowser mcp:", err)
		os.Exit(exitAction)
	}
	os.Exit(exitOK)
	return nil, nil
}

// mcpServer holds the SDK server and the state of each connection.
type mcpServer struct {
	cfg mcpConfig
	srv *mcp.Server
	// log is stderr: the host's log of a stdio server, never the protocol.
	log  zerolog.Logger
	mu   sync.Mutex
	seq  atomic.Int64
	conn map[*mcp.ServerSession]*mcpConn
	// host is the browser clients share with context isolation.
	host *browserHost
	// closing waits for the sessions being closed after their connection
	// ended.
	closing sync.WaitGroup
}

// mcpConn is one MCP connection's view: its browser session and the last
// snapshot it received of each tab, for incremental page state.
type mcpConn struct {
	g     globals
	owned bool // the session was made for this connection and ends with it
	// host, when set, is the shared browser this connection's session
	// connects to, in a browser context of its own.
	host *browserHost

	mu      sync.Mutex
	started bool
	snaps   map[string]string            // tab id -> last snapshot text sent
	refs    map[string]map[string]string // tab id -> ref -> role
	lastTab string
}

func newMCPServer(cfg mcpConfig) *mcpServer {
	s := &mcpServer{cfg: cfg, conn: map[*mcp.ServerSession]*mcpConn{}, log: zerolog.New(os.Stderr).With().Timestamp().Logger()}
	if cfg.isolation == isolationContext && !cfg.shared && cfg.g.CDP == "" {
		s.host = newBrowserHost(cfg.g)
	}
	s.srv = mcp.NewServer(&mcp.Implementation{Name: "agentbrowser", Title: "agentbrowser", Version: version}, &mcp.ServerOptions{
		Instructions: "Start with browser_navigate or browser_snapshot to see the page and its refs (e5). Act with browser_click, browser_type, browser_fill_form by ref; " +
			"action results end with the page state (what changed since your last snapshot). Answer JS dialogs with browser_handle_dialog. Every page tool takes an optional tab and timeout_ms.",
	})
	registerTools(s)
	return s
}

// connFor returns the state of the connection a request came on, creating
// it on first use.
func (s *mcpServer) connFor(ss *mcp.ServerSession) *mcpConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.conn[ss]; ok {
		return c
	}
	c := &mcpConn{g: s.cfg.g, snaps: map[string]string{}, refs: map[string]map[string]string{}}
	if !s.cfg.shared {
		c.owned = true
		c.g.Session = "mcp-" + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(s.seq.Add(1), 10)
		if s.cfg.isolation == isolationContext {
			c.g.Settings = maps.Clone(c.g.Settings)
			c.g.Settings["isolated-context"] = "true"
			c.host = s.host
		}
	}
	s.conn[ss] = c
	if ss != nil {
		s.closing.Add(1)
		go func() {
			defer s.closing.Done()
			ss.Wait()
			s.mu.Lock()
			delete(s.conn, ss)
			s.mu.Unlock()
			c.close()
		}()
	}
	return c
}

// closeAll waits for the connections' sessions to close, then closes the
// shared browser.
func (s *mcpServer) closeAll() {
	s.closing.Wait()
	if s.host != nil {
		s.host.close()
	}
}

// close ends the connection's own session, if it started one.
func (c *mcpConn) close() {
	c.mu.Lock()
	started, g := c.started, c.g
	c.started = false
	c.mu.Unlock()
	if !c.owned || !started {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	callDaemonCtx(ctx, g, request{Command: "close", TimeoutMS: 15000})
}
