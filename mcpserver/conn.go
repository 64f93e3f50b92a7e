package mcpserver

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// conn is one MCP connection: its backend, opened on its first call, and
// what it received: the last snapshot of each tab (for incremental page
// state) and the roles of its refs (for browser_fill_form). It also keeps
// the cancel functions of its calls in flight, so that ending the
// connection ends them (the SDK's session close waits for them), and what
// its files sandbox is made of (files.go).
type conn struct {
	open  func(context.Context) (Backend, error)
	files Files
	ss    *mcp.ServerSession
	// client is the connection's identity; a remote one has a directory
	// of its own.
	client Client

	openMu  sync.Mutex
	backend Backend
	// sessionDir is the backend's download directory, once asked.
	sessionDir string

	callMu   sync.Mutex
	calls    map[int]context.CancelCauseFunc
	nextCall int
	ended    bool

	rootsMu    sync.Mutex
	roots      []string
	rootsKnown bool

	snaps *actions.SnapshotTracker
	// habit is whether this client snapshots after navigating, which
	// makes its navigation answers leave the tree out.
	habit navHabit
	// fullChrome asks every snapshot for site chrome whole (the full
	// snapshot mode).
	fullChrome bool

	mu      sync.Mutex
	refs    map[events.TargetID]map[events.Ref]string // tab -> ref -> role
	lastTab events.TargetID
	where   map[events.TargetID][2]string // tab -> the url and title last told
	// downloads is the downloads line last told (downloadsLine).
	downloads string
	// attached are the downloads whose bytes a result carried.
	attached map[string]bool
}

func newConn(opts Options, ss *mcp.ServerSession, client Client) *conn {
	return &conn{open: opts.Open, files: opts.Files, ss: ss, client: client,
		snaps: actions.NewSnapshotTracker(), fullChrome: opts.SnapshotMode == Full,
		calls: map[int]context.CancelCauseFunc{},
		refs:  map[events.TargetID]map[events.Ref]string{}, where: map[events.TargetID][2]string{},
		attached: map[string]bool{}}
}

// errConnEnded is the cause of the calls that were in flight when their
// connection ended, and the error of any that begins after.
var errConnEnded = events.Errorf(events.CodeSessionClosed, "the MCP session ended (deleted, disconnected or closed); its calls were stopped and its browser closed: connect again")

// begin registers a call in flight and returns its context, which ending
// the connection cancels, and the function that ends the call.
func (c *conn) begin(ctx context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	c.callMu.Lock()
	defer c.callMu.Unlock()
	if c.ended {
		cancel(errConnEnded)
		return ctx, func() {}
	}
	id := c.nextCall
	c.nextCall++
	c.calls[id] = cancel
	return ctx, func() {
		c.callMu.Lock()
		delete(c.calls, id)
		c.callMu.Unlock()
		cancel(nil)
	}
}

// end marks the connection over and cancels its calls in flight: their
// requests' daemon connections close, which stops them there (an evaluate
// is terminated in the page). It is idempotent.
func (c *conn) end() {
	c.callMu.Lock()
	calls := c.calls
	c.calls, c.ended = map[int]context.CancelCauseFunc{}, true
	c.callMu.Unlock()
	for _, cancel := range calls {
		cancel(errConnEnded)
	}
}

func (c *conn) isEnded() bool {
	c.callMu.Lock()
	defer c.callMu.Unlock()
	return c.ended
}

// doer returns the connection's backend, opening it on first use; an
// ended connection opens none.
func (c *conn) doer(ctx context.Context) (Backend, error) {
	c.openMu.Lock()
	defer c.openMu.Unlock()
	if c.backend != nil {
		return c.backend, nil
	}
	if c.isEnded() {
		return nil, errConnEnded
	}
	b, err := c.open(withClient(ctx, c.client))
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
	c.backend, c.sessionDir = nil, ""
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
	g, err := c.guard(ctx, q)
	if err != nil {
		return zero, "", err
	}
	q, ok := g.(request.Of[R])
	if !ok {
		return zero, "", fmt.Errorf("checking the paths of %s changed its type to %T", g.Command(), g)
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
	if q, err = c.guard(ctx, q); err != nil {
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
