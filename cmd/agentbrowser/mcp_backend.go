package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// daemonBackend runs one MCP connection's requests in a session's daemon,
// as the CLI does: the daemon is started on the first request, and the
// session is closed with the connection when the connection owns it.
type daemonBackend struct {
	g     cli.Globals
	owned bool // the session was made for this connection and ends with it
	// host, when set, is the shared browser this connection's session
	// connects to, in a browser context of its own.
	host *browserHost

	mu      sync.Mutex
	started bool
}

// Do implements request.Doer.
func (b *daemonBackend) Do(ctx context.Context, q request.Request, o request.Options) (request.Reply, error) {
	g, err := b.globals(ctx)
	if err != nil {
		return request.Reply{}, err
	}
	req, err := cli.NewWireRequest(q, o)
	if err != nil {
		return request.Reply{}, err
	}
	rep, notice, err := callDaemonCtx(ctx, g, req)
	if err != nil {
		return request.Reply{Notice: notice}, err
	}
	if rep.Fault != nil {
		return request.Reply{Notice: notice}, rep.Fault.Err()
	}
	if rep.Exit != cli.ExitOK {
		return request.Reply{Notice: notice}, fmt.Errorf("the daemon of session %s failed without saying why (exit %d)", g.Session, rep.Exit)
	}
	// The response is of q's response type; the trim note, apart from it,
	// becomes a notice.
	v := request.NewResponse(q)
	if err := json.Unmarshal(rep.Response, v); err != nil {
		return request.Reply{Notice: notice}, fmt.Errorf("decoding the daemon's reply to %s: %w", q.Command(), err)
	}
	return request.Reply{Value: v, Notice: joinNotice(notice, trimmedNotice(rep.Trimmed))}, nil
}

// globals marks the connection's session started and returns the globals
// to reach it, starting the shared browser first with context isolation.
func (b *daemonBackend) globals(ctx context.Context) (cli.Globals, error) {
	b.mu.Lock()
	b.started = true
	g, host := b.g, b.host
	b.mu.Unlock()
	if host == nil || g.CDP != "" {
		return g, nil
	}
	ep, err := host.endpointFor(ctx)
	if err != nil {
		return g, err
	}
	b.mu.Lock()
	b.g.CDP = ep
	g = b.g
	b.mu.Unlock()
	return g, nil
}

// Close implements mcpserver.Backend: it ends the connection's own
// session, if it started one.
func (b *daemonBackend) Close(ctx context.Context) error {
	b.mu.Lock()
	started, g := b.started, b.g
	b.started = false
	b.mu.Unlock()
	if !b.owned || !started {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	req, _ := cli.NewWireRequest(request.Close{}, request.Options{TimeoutMS: 15000})
	_, _, err := callDaemonCtx(ctx, g, req)
	return err
}
