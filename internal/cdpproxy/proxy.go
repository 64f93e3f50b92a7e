// Package cdpproxy is a CDP websocket proxy for tests. It forwards every
// frame between its clients and a real browser endpoint and can act like the
// hosted browser proxies that answer JavaScript dialogs themselves within
// milliseconds, or that admit one client at a time.
package cdpproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// Options configures a Proxy.
type Options struct {
	// Upstream is the browser endpoint: ws://host:port/devtools/browser/ID,
	// or http://host:port (resolved through /json/version).
	Upstream string
	// CloseDialogs makes the proxy answer every Page.javascriptDialogOpening
	// it forwards at once with Page.handleJavaScriptDialog{accept:false} on
	// the same session, swallowing the reply, as hosted proxies do.
	CloseDialogs bool
	// MaxClients bounds the client websockets connected at one time;
	// further handshakes get HTTP 403 until one leaves. Zero means no bound.
	MaxClients int
}

// Proxy is a running proxy. Its methods are safe for concurrent use.
type Proxy struct {
	opts     Options
	upstream *url.URL // ws URL of the browser endpoint
	ln       net.Listener
	srv      *http.Server
	up       websocket.Upgrader

	dialogsClosed atomic.Int64

	wg sync.WaitGroup

	mu     sync.Mutex
	closed bool
	active int
	pipes  map[*pipe]struct{}

	closeOnce sync.Once
}

// Start resolves the upstream endpoint and starts listening on 127.0.0.1.
func Start(ctx context.Context, opts Options) (*Proxy, error) {
	ws, err := resolve(ctx, opts.Upstream)
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(ws)
	if err != nil {
		return nil, fmt.Errorf("parsing upstream %q: %w", ws, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listening: %w", err)
	}
	p := &Proxy{
		opts:     opts,
		upstream: u,
		ln:       ln,
		pipes:    map[*pipe]struct{}{},
		up:       websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/json/version", p.serveVersion)
	mux.HandleFunc("/devtools/", p.serveWS)
	p.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		_ = p.srv.Serve(ln)
	}()
	return p, nil
}

// URL is the proxy's HTTP endpoint, http://127.0.0.1:PORT, whose
// /json/version names Endpoint.
func (p *Proxy) URL() string { return "http://" + p.ln.Addr().String() }

// Endpoint is the proxy's browser websocket URL.
func (p *Proxy) Endpoint() string { return "ws://" + p.ln.Addr().String() + p.upstream.Path }

// DialogsClosed counts the dialogs the proxy answered itself.
func (p *Proxy) DialogsClosed() int { return int(p.dialogsClosed.Load()) }

// Close stops listening, drops every client and upstream connection and
// waits for the proxy's goroutines. It is idempotent.
func (p *Proxy) Close() error {
	p.closeOnce.Do(func() {
		p.mu.Lock()
		p.closed = true
		pipes := make([]*pipe, 0, len(p.pipes))
		for pp := range p.pipes {
			pipes = append(pipes, pp)
		}
		p.mu.Unlock()
		_ = p.srv.Close()
		for _, pp := range pipes {
			pp.close()
		}
		p.wg.Wait()
	})
	return nil
}

func (p *Proxy) serveVersion(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	// No keep-alive: a client's idle connection would outlive the test.
	w.Header().Set("Connection", "close")
	_ = json.NewEncoder(w).Encode(map[string]string{
		"Browser":              "agentbrowser-cdpproxy",
		"Protocol-Version":     "1.3",
		"webSocketDebuggerUrl": p.Endpoint(),
	})
}

// serveWS accepts a client and connects it to the same path upstream, so
// page websockets (/devtools/page/ID) work as well as the browser's.
func (p *Proxy) serveWS(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	if p.closed || (p.opts.MaxClients > 0 && p.active >= p.opts.MaxClients) {
		p.mu.Unlock()
		http.Error(w, "too many clients", http.StatusForbidden)
		return
	}
	p.active++
	p.wg.Add(1)
	p.mu.Unlock()
	defer p.wg.Done()
	defer func() {
		p.mu.Lock()
		p.active--
		p.mu.Unlock()
	}()

	target := *p.upstream
	target.Path = r.URL.Path
	target.RawQuery = r.URL.RawQuery
	d := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	upConn, resp, err := d.DialContext(r.Context(), target.String(), nil)
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		http.Error(w, "dialing upstream: "+err.Error(), http.StatusBadGateway)
		return
	}
	client, err := p.up.Upgrade(w, r, nil)
	if err != nil {
		upConn.Close()
		return
	}
	pp := &pipe{p: p, client: client, upstream: upConn, ours: map[int64]bool{}, nextID: math.MaxInt32}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		pp.close()
		return
	}
	p.pipes[pp] = struct{}{}
	p.mu.Unlock()
	pp.run()
	p.mu.Lock()
	delete(p.pipes, pp)
	p.mu.Unlock()
}

// pipe is one client connection and its upstream connection.
type pipe struct {
	p        *Proxy
	client   *websocket.Conn
	upstream *websocket.Conn
	upMu     sync.Mutex // serialises writes upstream

	mu     sync.Mutex
	ours   map[int64]bool // ids of the proxy's own requests
	nextID int64

	once sync.Once
}

func (pp *pipe) close() {
	pp.once.Do(func() {
		pp.client.Close()
		pp.upstream.Close()
	})
}

// run pumps both directions until either side ends.
func (pp *pipe) run() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer pp.close()
		for {
			mt, data, err := pp.client.ReadMessage()
			if err != nil {
				return
			}
			if err := pp.writeUp(mt, data); err != nil {
				return
			}
		}
	}()
	func() {
		defer pp.close()
		for {
			mt, data, err := pp.upstream.ReadMessage()
			if err != nil {
				return
			}
			if pp.p.opts.CloseDialogs && pp.intercept(data) {
				continue
			}
			if err := pp.client.WriteMessage(mt, data); err != nil {
				return
			}
		}
	}()
	<-done
}

func (pp *pipe) writeUp(mt int, data []byte) error {
	pp.upMu.Lock()
	defer pp.upMu.Unlock()
	return pp.upstream.WriteMessage(mt, data)
}

var dialogOpening = []byte(`"Page.javascriptDialogOpening"`)

type header struct {
	ID        *int64 `json:"id"`
	Method    string `json:"method"`
	SessionID string `json:"sessionId"`
}

// intercept answers dialogs on the client's behalf and reports whether data
// is the reply to such an answer, which the client must not see. The
// proxy's request ids count down from the top of Chrome's int32 id range,
// far from the ids clients use.
func (pp *pipe) intercept(data []byte) bool {
	pp.mu.Lock()
	waiting := len(pp.ours) > 0
	pp.mu.Unlock()
	if !waiting && !bytes.Contains(data, dialogOpening) {
		return false
	}
	var h header
	if json.Unmarshal(data, &h) != nil {
		return false
	}
	if h.ID != nil {
		pp.mu.Lock()
		defer pp.mu.Unlock()
		if pp.ours[*h.ID] {
			delete(pp.ours, *h.ID)
			return true
		}
		return false
	}
	if h.Method != "Page.javascriptDialogOpening" {
		return false
	}
	pp.mu.Lock()
	id := pp.nextID
	pp.nextID--
	pp.ours[id] = true
	pp.mu.Unlock()
	msg := map[string]any{"id": id, "method": "Page.handleJavaScriptDialog", "params": map[string]any{"accept": false}}
	if h.SessionID != "" {
		msg["sessionId"] = h.SessionID
	}
	b, _ := json.Marshal(msg)
	if pp.writeUp(websocket.TextMessage, b) == nil {
		pp.p.dialogsClosed.Add(1)
	}
	return false
}

// resolve turns an http endpoint into the browser's websocket URL.
func resolve(ctx context.Context, raw string) (string, error) {
	switch {
	case strings.HasPrefix(raw, "ws://"), strings.HasPrefix(raw, "wss://"):
		return raw, nil
	case strings.HasPrefix(raw, "http://"), strings.HasPrefix(raw, "https://"):
	default:
		return "", fmt.Errorf("upstream %q: want ws:// or http://", raw)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(raw, "/")+"/json/version", nil)
	if err != nil {
		return "", fmt.Errorf("resolving upstream: %w", err)
	}
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("resolving upstream: %w", err)
	}
	defer resp.Body.Close()
	var v struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || v.WebSocketDebuggerURL == "" {
		return "", errors.Join(errors.New("resolving upstream: no webSocketDebuggerUrl"), err)
	}
	return v.WebSocketDebuggerURL, nil
}
