package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/internal/cdpshare"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/session"
)

// Over HTTP, clients share one Chromium by default: the MCP server launches
// it on first use, driven over its pipe, and shares the pipe through a
// broker (internal/cdpshare) on a unix socket in the private runtime
// directory (0600, peers checked). Each client's session connects to it
// with --cdp unix:PATH and opens its tabs in a browser context of its own
// (cookies, storage and tabs not shared). No browser opens a DevTools TCP
// port, in either isolation mode. With --isolation browser each client
// launches a browser of its own instead.

// Isolation modes for HTTP clients.
const (
	isolationContext = "context"
	isolationBrowser = "browser"
)

// browserHost is the shared browser of context isolation, launched by the
// MCP server on first use.
type browserHost struct {
	g   cli.Globals
	log zerolog.Logger

	mu       sync.Mutex
	endpoint string
	proc     *session.Process
	broker   *cdpshare.Broker
	sock     string
	served   chan error
}

func newBrowserHost(g cli.Globals, log zerolog.Logger) *browserHost {
	return &browserHost{g: g, log: log}
}

// endpointFor launches the shared browser on first use and returns the
// endpoint the clients' sessions reach it at (unix:PATH), or why it cannot
// start. A browser that died is replaced at the next call.
func (h *browserHost) endpointFor(ctx context.Context) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.endpoint != "" {
		select {
		case <-h.broker.Done():
			h.stopLocked() // the browser died: launch another
		default:
			return h.endpoint, nil
		}
	}
	dir, err := runtimeDir()
	if err != nil {
		return "", err
	}
	p, b, err := cdpshare.Launch(ctx, func(ctx context.Context) (*session.Process, error) {
		return session.Launch(ctx, session.LaunchConfig{SitePerProcess: true})
	}, h.log)
	if err != nil {
		return "", err
	}
	sock := filepath.Join(dir, "mcp-"+strconv.Itoa(os.Getpid())+"-browser.sock")
	os.Remove(sock)
	old := syscall.Umask(0o177)
	ln, err := net.Listen("unix", sock)
	syscall.Umask(old)
	if err == nil {
		err = os.Chmod(sock, 0o600)
	}
	if err != nil {
		if ln != nil {
			ln.Close()
		}
		b.Close()
		p.Close()
		return "", fmt.Errorf("listening for the shared browser's clients: %w", err)
	}
	served := make(chan error, 1)
	go func() {
		served <- b.Serve(ln, func(c net.Conn) error { return checkPeer(c, sock) })
	}()
	h.proc, h.broker, h.sock, h.served = p, b, sock, served
	h.endpoint = "unix:" + sock
	return h.endpoint, nil
}

// close ends the broker and the shared browser, if they were started.
func (h *browserHost) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stopLocked()
}

func (h *browserHost) stopLocked() {
	if h.broker == nil {
		return
	}
	h.broker.Close()
	if err := <-h.served; err != nil && !errors.Is(err, cdpshare.ErrClosed) {
		h.log.Warn().Err(err).Msg("serving the shared browser")
	}
	h.proc.Close()
	os.Remove(h.sock)
	h.proc, h.broker, h.endpoint = nil, nil, ""
}
