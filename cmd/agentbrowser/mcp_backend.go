package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/agentbrowser/agentbrowser/request"
)

// daemonBackend runs one MCP connection's requests in a session's daemon,
// as the CLI does: the daemon is started on the first request, and the
// session is closed with the connection when the connection owns it.
type daemonBackend struct {
	g     globals
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
	req, err := newWireRequest(q, o)
	if err != nil {
		return request.Reply{}, err
	}
	rep, notice, err := callDaemonCtx(ctx, g, req)
	if err != nil {
		return request.Reply{Notice: notice}, err
	}
	if rep.Exit != exitOK {
		if rep.Fault != nil {
			return request.Reply{Notice: notice}, rep.Fault.Err()
		}
		return request.Reply{Notice: notice}, fmt.Errorf("the daemon of session %s failed without saying why (exit %d)", g.Session, rep.Exit)
	}
	v, trimmed, err := decodeResponse(q, rep.Body)
	if err != nil {
		return request.Reply{Notice: notice}, err
	}
	return request.Reply{Value: v, Notice: joinNotice(notice, trimmed)}, nil
}

// decodeResponse reads a daemon's {"ok":true,...} body into q's response
// type; trimmed says, as a notice, that the daemon cut the output to fit
// the cap (output_trimmed, which the response type has no field for).
func decodeResponse(q request.Request, body []byte) (v any, trimmed string, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, "", fmt.Errorf("decoding the daemon's reply: %w", err)
	}
	delete(m, "ok")
	trimmed = trimmedNotice(m["output_trimmed"])
	b, _ := json.Marshal(m)
	v = request.NewResponse(q)
	if err := json.Unmarshal(b, v); err != nil {
		return nil, "", fmt.Errorf("decoding the daemon's reply to %s: %w", q.Command(), err)
	}
	return v, trimmed, nil
}

// globals marks the connection's session started and returns the globals
// to reach it, starting the shared browser first with context isolation.
func (b *daemonBackend) globals(ctx context.Context) (globals, error) {
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
	req, _ := newWireRequest(request.Close{}, request.Options{TimeoutMS: 15000})
	_, _, err := callDaemonCtx(ctx, g, req)
	return err
}
