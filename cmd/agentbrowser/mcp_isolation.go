package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/agentbrowser/agentbrowser/request"
)

// Over HTTP, clients share one Chromium by default: a host session (a
// daemon that only owns the browser) is started on first use, and each
// client's session connects to it with --cdp and opens its tabs in a browser
// context of its own (cookies, storage and tabs not shared). With
// --isolation browser each client launches a browser of its own instead.
// The host's browser has a DevTools port on loopback for the clients'
// daemons to connect to; with --isolation browser no browser has one.

func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "isolated-context", Kind: Bool, Usage: "with --cdp: open this session's tabs in a browser context of its own (cookies and storage not shared)"},
	)
}

// Isolation modes for HTTP clients.
const (
	isolationContext = "context"
	isolationBrowser = "browser"
)

// browserHost is the shared browser of context isolation.
type browserHost struct {
	g        globals
	mu       sync.Mutex
	endpoint string
	stop     chan struct{}
	done     chan struct{}
}

func newBrowserHost(g globals) *browserHost {
	hg := g
	hg.Session = "mcp-" + strconv.Itoa(os.Getpid()) + "-host"
	hg.Settings = maps.Clone(g.Settings)
	delete(hg.Settings, "isolated-context")
	// The clients' daemons reach the shared browser over CDP, so the host
	// launches it with a DevTools port on 127.0.0.1 (a free one). A
	// launched browser otherwise has none (it is driven over a pipe); this
	// port is open to every local user while the server runs, which
	// docs/mcp.md and docs/security.md say. --isolation browser needs none.
	hg.Settings["remote-debugging-port"] = "0"
	return &browserHost{g: hg, stop: make(chan struct{}), done: make(chan struct{})}
}

// endpointFor starts the host's browser on first use and returns its CDP
// endpoint.
func (h *browserHost) endpointFor(ctx context.Context) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.endpoint != "" {
		return h.endpoint, nil
	}
	// Any browser command starts the browser; status then names its
	// endpoint.
	req, _ := newWireRequest(request.Tabs{}, request.Options{TimeoutMS: 30000})
	if _, _, err := callDaemonCtx(ctx, h.g, req); err != nil {
		return "", err
	}
	st, ok := sessionStatus(h.g.Session)
	ep := st.Endpoint
	if !ok || ep == "" {
		return "", fmt.Errorf("the shared browser of session %s did not report its endpoint", h.g.Session)
	}
	h.endpoint = ep
	go h.keepAlive()
	return ep, nil
}

// keepAlive keeps the host daemon from idling out while clients use its
// browser through their own daemons.
func (h *browserHost) keepAlive() {
	defer close(h.done)
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			sessionStatus(h.g.Session)
		}
	}
}

// close ends the host daemon and its browser, if it was started.
func (h *browserHost) close() {
	h.mu.Lock()
	started := h.endpoint != ""
	h.mu.Unlock()
	if !started {
		return
	}
	close(h.stop)
	<-h.done
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := newWireRequest(request.Close{}, request.Options{TimeoutMS: 15000})
	callDaemonCtx(ctx, h.g, req)
}
