package mcpserver

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPOptions configure Handler.
type HTTPOptions struct {
	// Token, when set, is the bearer token every request must carry:
	// "Authorization: Bearer TOKEN", the scheme in any case (RFC 9110).
	Token string
	// SessionTimeout ends a connection (and closes its backend) after
	// this long without a request; zero means never.
	SessionTimeout time.Duration
}

// Handler serves MCP over Streamable HTTP: each HTTP session is a
// connection with its own backend, closed when the session is deleted or
// times out. A DELETE of a session first cancels its calls in flight: the
// SDK's close of a session waits for them, so a long evaluate would
// otherwise hold the session, and its browser, until it finished.
func (s *Server) Handler(o HTTPOptions) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.srv }, &mcp.StreamableHTTPOptions{
		SessionTimeout: o.SessionTimeout,
	})
	return RequireToken(o.Token, s.endOnDelete(h))
}

// sessionIDHeader is the Streamable HTTP header that names a session.
const sessionIDHeader = "Mcp-Session-Id"

// endOnDelete cancels the calls of the session a DELETE names before h
// closes it.
func (s *Server) endOnDelete(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id := r.Header.Get(sessionIDHeader); r.Method == http.MethodDelete && id != "" {
			for ss := range s.srv.Sessions() {
				if ss.ID() == id {
					s.endSession(ss)
				}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// CloseSessions ends every open connection, its calls in flight cancelled
// first; Wait then waits for their backends to close.
func (s *Server) CloseSessions() {
	for ss := range s.srv.Sessions() {
		s.endSession(ss)
		ss.Close()
	}
}

// RequireToken wraps h so that every request must carry the bearer token
// (no check when token is empty). The scheme is matched in any case, the
// token exactly and in constant time.
func RequireToken(token string, h http.Handler) http.Handler {
	if token == "" {
		return h
	}
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, got, _ := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
		if !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="agentbrowser"`)
			http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// IsLoopback reports whether an HTTP address's host is a loopback one.
func IsLoopback(host string) bool {
	host = strings.Trim(host, "[]")
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
