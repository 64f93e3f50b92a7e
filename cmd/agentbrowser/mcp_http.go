package main

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpTokenEnv names the environment variable that may hold the HTTP bearer
// token instead of --auth-token (which other users can read in ps).
const mcpTokenEnv = "AGENTBROWSER_MCP_TOKEN"

// httpListenCheck refuses a bind address off loopback without a token.
func httpListenCheck(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usageErrorf("--http %q: want host:port such as 127.0.0.1:8931", addr)
	}
	if token != "" {
		return nil
	}
	if hostIsLoopback(host) {
		return nil
	}
	return usageErrorf("--http %s is not a loopback address: set a bearer token with --auth-token or %s, every request must carry it", addr, mcpTokenEnv)
}

// requireToken wraps h so that every request must carry the bearer token.
func requireToken(token string, h http.Handler) http.Handler {
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="agentbrowser"`)
			http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// newMCPHTTPHandler serves MCP over Streamable HTTP: each HTTP session is a
// connection with its own browser, closed when the session is deleted or
// idle for g.Idle.
func newMCPHTTPHandler(s *mcpServer, token string) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.srv }, &mcp.StreamableHTTPOptions{
		SessionTimeout: s.cfg.g.Idle,
	})
	return requireToken(token, h)
}

// serveMCPHTTP listens on --http ADDR until SIGINT or SIGTERM, then closes
// every client's browser.
func serveMCPHTTP(cfg mcpConfig, in Input) error {
	addr := in.String("http")
	token := in.String("auth-token")
	if token == "" {
		token = os.Getenv(mcpTokenEnv)
	}
	if err := httpListenCheck(addr, token); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	s := newMCPServer(cfg)
	hs := &http.Server{Handler: newMCPHTTPHandler(s, token), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(os.Stderr, "agentbrowser mcp: serving Streamable HTTP on http://%s/\n", ln.Addr())
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
	hs.Shutdown(ctx)
	for ss := range s.srv.Sessions() {
		ss.Close()
	}
	s.closeAll()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	os.Exit(exitOK)
	return nil
}

// hostIsLoopback reports whether an http address's host is loopback.
func hostIsLoopback(host string) bool {
	host = strings.Trim(host, "[]")
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
