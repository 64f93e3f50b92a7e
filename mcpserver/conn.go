package mcpserver

import (
	"context"
	"reflect"
	"sync"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// conn is one MCP connection: its backend, opened on its first call, and
// what it received: the last snapshot of each tab (for incremental page
// state) and the roles of its refs (for browser_fill_form).
type conn struct {
	open func(context.Context) (Backend, error)

	openMu  sync.Mutex
	backend Backend

	snaps *actions.SnapshotTracker
	// fullChrome asks every snapshot for site chrome whole (the full
	// snapshot mode).
	fullChrome bool

	mu      sync.Mutex
	refs    map[events.TargetID]map[events.Ref]string // tab -> ref -> role
	lastTab events.TargetID
	where   map[events.TargetID][2]string // tab -> the url and title last told
	// downloads is the downloads line last told (downloadsLine).
	downloads string
}

func newConn(open func(context.Context) (Backend, error), fullChrome bool) *conn {
	return &conn{open: open, snaps: actions.NewSnapshotTracker(), fullChrome: fullChrome,
		refs: map[events.TargetID]map[events.Ref]string{}, where: map[events.TargetID][2]string{}}
}

// doer returns the connection's backend, opening it on first use.
func (c *conn) doer(ctx context.Context) (Backend, error) {
	c.openMu.Lock()
	defer c.openMu.Unlock()
	if c.backend != nil {
		return c.backend, nil
	}
	b, err := c.open(ctx)
	if err != nil {
		return nil, err
	}
	c.backend = b
	return b, nil
}

// close closes the backend, if the connection opened one.
func (c *conn) close(ctx context.Context) error {
	c.openMu.Lock()
	b := c.backend
	c.backend = nil
	c.openMu.Unlock()
	if b == nil {
		return nil
	}
	return b.Close(ctx)
}

// pageArgs are the arguments every page tool takes.
type pageArgs struct {
	Tab       string `json:"tab,omitempty" jsonschema:"the tab to act on: its id, a unique prefix of it, or its number in browser_tabs; default the active tab"`
	TimeoutMS int    `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

func (a pageArgs) options() request.Options {
	o := request.Options{Tab: a.Tab, TimeoutMS: a.TimeoutMS}
	if o.TimeoutMS <= 0 {
		o.TimeoutMS = DefaultTimeoutMS
	}
	return o
}

// do runs q on the connection's backend and returns its response and the
// backend's notice.
func do[R any](ctx context.Context, c *conn, q request.Of[R], o request.Options) (R, string, error) {
	var zero R
	b, err := c.doer(ctx)
	if err != nil {
		return zero, "", err
	}
	rep, err := b.Do(ctx, q, o)
	if err != nil {
		return zero, rep.Notice, err
	}
	v, err := request.Value(q, rep)
	return v, rep.Notice, err
}

// reply is a request's response: its value (the response type, never a
// pointer to it), its fields for structuredContent, and the backend's
// notice.
type reply struct {
	value  any
	fields fields
	notice string
}

// run runs q, whatever its response type, and returns its response with
// its fields for rendering; the backend's notice is among the fields too.
func run(ctx context.Context, c *conn, q request.Request, o request.Options) (reply, error) {
	b, err := c.doer(ctx)
	if err != nil {
		return reply{}, err
	}
	rep, err := b.Do(ctx, q, o)
	if err != nil {
		return reply{}, err
	}
	f, err := fieldsOf(rep.Value)
	if err != nil {
		return reply{}, err
	}
	if rep.Notice != "" {
		f.set("notice", rep.Notice)
	}
	v := rep.Value
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		v = rv.Elem().Interface()
	}
	return reply{value: v, fields: f, notice: rep.Notice}, nil
}
