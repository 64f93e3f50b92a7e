package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// The mcp command serves the browser as MCP tools (package mcpserver) over
// stdio or Streamable HTTP. Each connection's requests travel to a
// session's daemon like CLI commands (daemonBackend), so the CLI and MCP
// share one budget and one error contract; a cancelled call closes its
// daemon connection, which cancels the command there (an evaluate is
// terminated in the page).
//
// By default every MCP connection gets its own session (its own daemon and
// browser), closed when the connection ends; --session NAME attaches every
// connection to that named session instead, which outlives the server.

// mcpTokenEnv names the environment variable that may hold the HTTP bearer
// token instead of --auth-token (which other users can read in ps).
const mcpTokenEnv = "AGENTBROWSER_MCP_TOKEN"

func init() {
	register(&Command{
		Name: "mcp", Usage: "mcp [--http ADDR] [--auth-token T | --no-auth] [--allow-paths DIR]... [--allow-unrestricted-file-access] [--snapshot-mode incremental|full|none] [--isolation context|browser] [--caps vision]",
		Summary: "serve the browser as MCP tools over stdio, or over Streamable HTTP with --http",
		MaxArgs: 0, Local: true,
		Flags: []Flag{
			{Name: "http", Kind: String, Usage: "serve Streamable HTTP on ADDR (host:port) instead of stdio; loopback unless a token is set; unix:PATH (or unix:) serves on a 0600 unix socket whose peers must be you, without a token"},
			{Name: "auth-token", Kind: String, Usage: "bearer token every HTTP request must carry (or env AGENTBROWSER_MCP_TOKEN); default: one made at start, printed once and written 0600 to the runtime directory; required off loopback"},
			{Name: "no-auth", Kind: Bool, Usage: "over HTTP on loopback, take requests without a token: UNSAFE on a machine other users share (any of them can drive the browser and read its files)"},
			{Name: "allow-paths", Kind: Multi, Usage: "a directory clients may read and write files in (repeatable): stdio clients besides their roots; HTTP clients only those of their declared roots it covers"},
			{Name: "allow-unrestricted-file-access", Kind: Bool, Usage: "let clients read and write any file the server's user may: UNSAFE with remote clients"},
			{Name: "snapshot-mode", Kind: String, Usage: "page state after actions: incremental (default), full or none"},
			{Name: "isolation", Kind: String, Usage: "over HTTP, how clients are kept apart: context (default: one browser, a browser context each) or browser (a browser each)"},
			{Name: "caps", Kind: String, Usage: "comma-separated extra capabilities: vision (the browser_mouse_* coordinate tools)"},
		},
		RunLocal: runMCP,
	})
}

// mcpConfig is what the mcp command was started with.
type mcpConfig struct {
	g globals
	// shared is true when --session named a session for every connection.
	shared       bool
	snapshotMode mcpserver.SnapshotMode
	// isolation is context or browser; context applies over HTTP only.
	isolation string
	// files is what clients may read and write.
	files mcpserver.Files
	// vision lists the coordinate tools (--caps vision).
	vision bool
}

func parseMCPConfig(g globals, in Input) (mcpConfig, error) {
	cfg := mcpConfig{g: g, shared: g.SessionSet, snapshotMode: mcpserver.Incremental}
	if in.Has("snapshot-mode") {
		switch m := mcpserver.SnapshotMode(in.String("snapshot-mode")); m {
		case mcpserver.Incremental, mcpserver.Full, mcpserver.None:
			cfg.snapshotMode = m
		default:
			return cfg, usageErrorf("--snapshot-mode %q: want incremental, full or none", m)
		}
	}
	if err := parseCaps(&cfg, in.String("caps")); err != nil {
		return cfg, err
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
	for _, d := range in.Multi("allow-paths") {
		abs, err := filepath.Abs(d)
		if err != nil {
			return cfg, usageErrorf("--allow-paths %q: %v", d, err)
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			return cfg, usageErrorf("--allow-paths %s: not a directory", abs)
		}
		cfg.files.AllowPaths = append(cfg.files.AllowPaths, abs)
	}
	cfg.files.Unrestricted = in.Bool("allow-unrestricted-file-access")
	if st := g.Settings["storage-state"]; st != "" {
		// Each client's session loads it; none may write it.
		cfg.files.ReadOnly = []string{st}
	}
	// The runtime directory (sockets, logs, token files, the clients'
	// directories) is no client's, even inside a directory the operator
	// allows; nor is a download directory split between HTTP clients,
	// beyond each one's own part.
	cfg.files.Private = []string{rundir.Path()}
	if dd := g.Settings["download-dir"]; dd != "" && in.Has("http") {
		cfg.files.Private = append(cfg.files.Private, dd)
	}
	if cfg.isolation == isolationContext && g.Settings["profile"] != "" {
		return cfg, usageErrorf("--profile with --isolation context: each client works in a browser context of its own, which a profile does not reach; use --isolation browser (one client at a time holds the profile) or give clients --storage-state instead")
	}
	if cfg.isolation == isolationContext {
		// The browser's own pages (chrome://inspect) see every client's
		// tabs; in a shared browser no client may open them.
		for _, sc := range multiValues(g.Settings["allow-scheme"]) {
			if s := strings.ToLower(strings.TrimSpace(sc)); s == "chrome" || s == "devtools" || s == "chrome-untrusted" || s == "chrome-devtools" {
				return cfg, usageErrorf("--allow-scheme %s: the browser's own pages see every client of a shared browser; use --isolation browser to allow them", s)
			}
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
	s := newMCP(cfg)
	err = s.srv.ServeStdio(context.Background(), os.Stdin, os.Stdout)
	s.close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "agentbrowser mcp:", err)
		os.Exit(exitAction)
	}
	os.Exit(exitOK)
	return nil, nil
}

// cliMCP is the MCP server of the mcp command and the browsers it hosts.
type cliMCP struct {
	srv *mcpserver.Server
	// host is the browser clients share with context isolation.
	host *browserHost
}

// newMCP builds the server: each connection's backend is a daemon of its
// own (or of the named session), in a browser context of its own on the
// shared host browser with context isolation.
func newMCP(cfg mcpConfig) *cliMCP {
	m := &cliMCP{}
	level, err := zerolog.ParseLevel(cfg.g.LogLevel)
	if err != nil || cfg.g.LogLevel == "" {
		level = zerolog.WarnLevel
	}
	log := zerolog.New(os.Stderr).Level(level).With().Timestamp().Logger()
	if cfg.isolation == isolationContext && !cfg.shared && cfg.g.CDP == "" {
		m.host = newBrowserHost(cfg.g, log)
	}
	var seq atomic.Int64
	srv, err := mcpserver.New(mcpserver.Options{
		Files:        cfg.files,
		SnapshotMode: cfg.snapshotMode,
		NoEvaluate:   cfg.g.Settings["evaluate-enabled"] == "false",
		NoCDP:        cfg.g.Settings["cdp-enabled"] == "false",
		Vision:       cfg.vision,
		Version:      version,
		Logger:       log,
		Open: func(ctx context.Context) (mcpserver.Backend, error) {
			b := &daemonBackend{g: cfg.g}
			if !cfg.shared {
				b.owned = true
				b.g.Session = "mcp-" + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(seq.Add(1), 10)
				b.g.Settings = maps.Clone(b.g.Settings)
				if cfg.isolation == isolationContext {
					b.g.Settings["isolated-context"] = "true"
					b.host = m.host
				}
				if c, ok := mcpserver.ClientFrom(ctx); ok && c.Remote {
					// A remote client's downloads are its own: in its
					// directory, or a subdirectory of --download-dir.
					if dd := b.g.Settings["download-dir"]; dd != "" {
						b.g.Settings["download-dir"] = filepath.Join(dd, c.ID)
					} else if c.Dir != "" {
						b.g.Settings["download-dir"] = filepath.Join(c.Dir, "downloads")
					}
				}
			}
			return b, nil
		},
	})
	if err != nil {
		panic(err) // the options above are always valid
	}
	m.srv = srv
	return m
}

// close waits for the connections' sessions to close, then closes the
// shared browser.
func (m *cliMCP) close() {
	m.srv.Wait()
	if m.host != nil {
		m.host.close()
	}
}

// httpListenCheck refuses a bind address off loopback without a token of
// the operator's (a token the server makes up is for local clients), and
// --no-auth anywhere but loopback.
func httpListenCheck(addr, token string, noAuth bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErrorf("--http %q: want host:port such as 127.0.0.1:8931", addr)
	}
	loopback := mcpserver.IsLoopback(host)
	switch {
	case noAuth && token != "":
		return usageErrorf("--no-auth with a token (--auth-token or %s): give one or the other", mcpTokenEnv)
	case noAuth && !loopback:
		return usageErrorf("--no-auth on %s, which is not a loopback address: anyone who reaches it would drive the browser; set a bearer token with --auth-token or %s instead", addr, mcpTokenEnv)
	case token != "" || loopback:
		return nil
	}
	return usageErrorf("--http %s is not a loopback address: set a bearer token with --auth-token or %s, every request must carry it", addr, mcpTokenEnv)
}

// newToken is a bearer token: 32 random bytes, hex.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// writeTokenFile writes the token the server made to the runtime directory
// (0600, never through a link), named after the port, for the user's own
// clients to read; the caller removes it when the server stops.
func writeTokenFile(dir string, port int, token string) (string, error) {
	path := filepath.Join(dir, "mcp-"+strconv.Itoa(port)+".token")
	return safefile.Write(path, []byte(token+"\n"))
}

// newMCPHTTPHandler serves MCP over Streamable HTTP: each HTTP session is a
// connection with its own browser, closed when the session is deleted or
// idle for --idle-timeout.
func newMCPHTTPHandler(m *cliMCP, cfg mcpConfig, token string) http.Handler {
	return m.srv.Handler(mcpserver.HTTPOptions{Token: token, SessionTimeout: cfg.g.Idle})
}

// serveMCPHTTP listens on --http ADDR until SIGINT or SIGTERM, then closes
// every client's browser and exits.
func serveMCPHTTP(cfg mcpConfig, in Input) error {
	if err := serveHTTP(cfg, in); err != nil {
		return err
	}
	os.Exit(exitOK)
	return nil
}

// serveHTTP serves until a signal and cleans up after itself: the clients'
// directories and the token file it made.
func serveHTTP(cfg mcpConfig, in Input) error {
	addr := in.String("http")
	token := in.String("auth-token")
	if token == "" {
		token = os.Getenv(mcpTokenEnv)
	}
	noAuth := in.Bool("no-auth")
	unixPath, onUnix := strings.CutPrefix(addr, "unix:")
	if !onUnix {
		if err := httpListenCheck(addr, token, noAuth); err != nil {
			return err
		}
	}
	rt, err := runtimeDir()
	if err != nil {
		return err
	}
	// Each remote client's own directory goes in here (0700 each).
	clients := filepath.Join(rt, "mcp-"+strconv.Itoa(os.Getpid())+"-clients")
	if err := os.Mkdir(clients, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("making the clients' directory: %w", err)
	}
	defer os.RemoveAll(clients)
	cfg.files.ClientDirs = clients
	if dd := cfg.g.Settings["download-dir"]; dd != "" {
		// Each client downloads into a subdirectory of its own.
		if err := os.Mkdir(dd, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return usageErrorf("--download-dir %s: %v (its parent directory must exist)", dd, err)
		}
	}
	var ln net.Listener
	where := ""
	if onUnix {
		var sock string
		if ln, sock, err = listenMCPUnix(rt, unixPath); err != nil {
			return err
		}
		defer os.Remove(sock)
		where = "unix:" + sock + " (each peer checked to run as uid " + strconv.Itoa(os.Getuid()) + ")"
	} else {
		if ln, err = net.Listen("tcp", addr); err != nil {
			return fmt.Errorf("listening on %s: %w", addr, err)
		}
		where = "http://" + ln.Addr().String() + "/"
	}
	// A unix socket checks its peers; a port checks a token.
	if made := token == "" && !noAuth && !onUnix; made {
		token = newToken()
		port := ln.Addr().(*net.TCPAddr).Port
		file, err := writeTokenFile(rt, port, token)
		if err != nil {
			ln.Close()
			return fmt.Errorf("writing the token file: %w", err)
		}
		defer os.Remove(file)
		fmt.Fprintf(os.Stderr, "agentbrowser mcp: every request must carry \"Authorization: Bearer %s\" (this token was made for this run; it is also in %s, mode 0600)\n", token, file)
	}
	if noAuth && !onUnix {
		fmt.Fprintln(os.Stderr, "agentbrowser mcp: --no-auth: any local user can drive this server's browsers and use its clients' files")
	}
	m := newMCP(cfg)
	hs := &http.Server{Handler: newMCPHTTPHandler(m, cfg, token), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(os.Stderr, "agentbrowser mcp: serving Streamable HTTP on %s\n", where)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case <-sig:
	case err = <-errc:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Stop taking connections, end the sessions (their calls in flight
	// first), then wait for the HTTP exchanges to finish.
	stopped := make(chan struct{})
	go func() { hs.Shutdown(ctx); close(stopped) }()
	m.srv.CloseSessions()
	<-stopped
	m.srv.CloseSessions()
	m.close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
