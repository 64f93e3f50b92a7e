package fakecdp

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Request is one command a client sent.
type Request struct {
	ID        uint64          `json:"id"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params,omitempty"`
}

// Handler is called once per request, each call on its own goroutine. It
// answers through c, or not at all to leave the caller pending.
type Handler func(c *Client, r Request)

// Config configures a Server. The zero value accepts any number of clients
// and replies {} to every request.
type Config struct {
	// Handler answers requests; nil replies {} to each.
	Handler Handler
	// MaxClients bounds the clients connected at one time. Further
	// handshakes are refused with HTTP 403 until one disconnects, the way
	// endpoints that allow a single debugger behave. Zero means no bound.
	MaxClients int
}

// closeTimeout bounds how long cleanup waits for handlers to return.
const closeTimeout = 10 * time.Second

// Server is a fake browser endpoint. Its methods are safe for concurrent use.
type Server struct {
	t   testing.TB
	cfg Config
	hs  *httptest.Server
	up  websocket.Upgrader
	wg  sync.WaitGroup // client read loops and handler calls

	mu       sync.Mutex
	closed   bool
	active   int
	clients  []*Client     // every accepted client, in order
	handed   int           // clients already returned by WaitClient
	accepted chan struct{} // closed and replaced on each accept
	reqs     []Request
}

// New starts a Server whose requests go to h. It is closed by t.Cleanup.
func New(t testing.TB, h Handler) *Server {
	return Start(t, Config{Handler: h})
}

// Start is New with a full Config.
func Start(t testing.TB, cfg Config) *Server {
	t.Helper()
	s := &Server{
		t:        t,
		cfg:      cfg,
		accepted: make(chan struct{}),
		up: websocket.Upgrader{
			CheckOrigin: func(*http.Request) bool { return true },
		},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/json/version", s.serveVersion)
	mux.HandleFunc("/devtools/", s.serveWS)
	s.hs = httptest.NewServer(mux)
	t.Cleanup(s.close)
	return s
}

// URL is the browser websocket endpoint, ws://127.0.0.1:PORT/devtools/browser/fake.
func (s *Server) URL() string {
	return "ws://" + strings.TrimPrefix(s.hs.URL, "http://") + "/devtools/browser/fake"
}

// HTTPURL is the HTTP endpoint, http://127.0.0.1:PORT, whose /json/version
// names URL as webSocketDebuggerUrl.
func (s *Server) HTTPURL() string { return s.hs.URL }

// Clients returns every client accepted so far, connected or not, in order.
func (s *Server) Clients() []*Client {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.clients)
}

// WaitClient returns the oldest accepted client that WaitClient has not
// returned yet, waiting for one to connect if needed.
func (s *Server) WaitClient(ctx context.Context) (*Client, error) {
	for {
		s.mu.Lock()
		if s.handed < len(s.clients) {
			c := s.clients[s.handed]
			s.handed++
			s.mu.Unlock()
			return c, nil
		}
		ch := s.accepted
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Requests returns the requests received so far from all clients, in the
// order they were read.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

func (s *Server) serveVersion(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{
		"Browser":              "FakeCDP/1.0",
		"Protocol-Version":     "1.3",
		"webSocketDebuggerUrl": s.URL(),
	})
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if s.closed || (s.cfg.MaxClients > 0 && s.active >= s.cfg.MaxClients) {
		s.mu.Unlock()
		http.Error(w, "fakecdp: client refused", http.StatusForbidden)
		return
	}
	s.active++
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()

	ws, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		s.release()
		return
	}
	ws.SetReadLimit(-1)
	c := &Client{s: s, ws: ws, done: make(chan struct{})}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		s.release()
		return
	}
	s.clients = append(s.clients, c)
	close(s.accepted)
	s.accepted = make(chan struct{})
	s.mu.Unlock()
	c.serve()
}

// release frees a MaxClients slot.
func (s *Server) release() {
	s.mu.Lock()
	s.active--
	s.mu.Unlock()
}

func (s *Server) handle(c *Client, r Request) {
	if s.cfg.Handler == nil {
		c.Reply(r, nil)
		return
	}
	s.cfg.Handler(c, r)
}

// close drops every client, stops the HTTP server and waits for read loops
// and handlers.
func (s *Server) close() {
	s.mu.Lock()
	s.closed = true
	clients := slices.Clone(s.clients)
	s.mu.Unlock()
	for _, c := range clients {
		c.Drop()
	}
	s.hs.Close()
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeTimeout):
		s.t.Errorf("fakecdp: handlers still running %v after close; they must return once Client.Done is closed", closeTimeout)
	}
}
