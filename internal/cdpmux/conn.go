package cdpmux

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"
)

// maxGone bounds how many dropped sessions a Conn remembers.
const maxGone = 1024

// Options tunes a Conn. The zero value is usable.
type Options struct {
	// MaxMessageBytes bounds one outgoing message; Chrome accepts 100 MB, the
	// default of 16 MiB covers screenshots and file uploads sent as base64.
	MaxMessageBytes int
	// QueueBytes caps the unread frames of one session before that session
	// is failed with ErrSessionOverflow. Default 256 MiB.
	QueueBytes int
	// WriteTimeout bounds one websocket write so a wedged peer cannot hold
	// the write lock forever. Default 10 s.
	WriteTimeout time.Duration
	// Logger receives debug records of dropped frames; default is silent.
	Logger zerolog.Logger
	// MaxReplyBytes caps every reply on the Conn (0: no cap); see
	// SetReplyCap for one session and PostCapped for one call. A larger
	// reply is read through without being held and fails its call with
	// CodeReplyTooLarge. Caps below 1 KiB are raised to it.
	MaxReplyBytes int
	// Header is sent with the websocket handshake, for endpoints that
	// want credentials (Authorization: Bearer ...). Its values never
	// appear in errors.
	Header http.Header
}

func (o *Options) defaults() {
	if o.MaxMessageBytes <= 0 {
		o.MaxMessageBytes = 16 << 20
	}
	if o.QueueBytes <= 0 {
		o.QueueBytes = 256 << 20
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 10 * time.Second
	}
}

// Conn is one websocket to a browser endpoint carrying any number of flat
// sessions. It is safe for concurrent use. Close stops its reader goroutine
// and every session's rpcc.Conn.
type Conn struct {
	tr   transport
	opts Options
	log  zerolog.Logger

	wmu sync.Mutex // serialises websocket writes

	nextID atomic.Uint64

	mu       sync.Mutex
	sessions map[string]*session
	err      error // why the connection ended; nil while it is up

	done       chan struct{}
	readerDone chan struct{}
	closeOnce  sync.Once

	hooks Hooks
	// caps holds the reply cap of each capped request in flight, by
	// global request id.
	caps map[uint64]int64
	// gone remembers why recently dropped sessions ended, so Session can
	// say "detached" rather than "unknown"; bounded, oldest forgotten.
	gone      map[string]error
	goneOrder []string
	root      *rpcc.Conn
	// lastRead is when the reader last received a frame (unix nanos), so
	// a liveness check can tell a quiet connection from a busy one.
	lastRead atomic.Int64
}

// session is the mux's side of one flat session ("" is the browser).
type session struct {
	id  string
	mux *Conn
	q   *queue

	mu  sync.Mutex
	ids map[uint64]uint64 // global request id -> id chosen by the rpcc.Conn
	// posted holds the replies awaited by Post, by global request id.
	posted map[uint64]chan wireResponse
	// direct holds the replies awaited by PostDirect, which the reader
	// hands over itself.
	direct map[uint64]chan wireResponse
	rpc    *rpcc.Conn
	gone   error // set once the session is detached or failed
	// replyCap caps the replies of calls sent on the session (0: the
	// Conn's MaxReplyBytes).
	replyCap atomic.Int64
}

// Dial opens the websocket at url (a ws:// browser or page endpoint, or
// unix:PATH for a browser shared on a unix socket, see internal/cdpshare)
// and starts the reader. ctx bounds only the handshake.
func Dial(ctx context.Context, url string, opts Options) (*Conn, error) {
	opts.defaults()
	d := websocket.Dialer{
		ReadBufferSize:  1 << 16,
		WriteBufferSize: opts.MaxMessageBytes,
	}
	if path, ok := strings.CutPrefix(url, "unix:"); ok {
		d.NetDialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			var nd net.Dialer
			return nd.DialContext(ctx, "unix", path)
		}
		url = "ws://localhost/devtools/browser"
	}
	h := http.Header{}
	for k, v := range opts.Header {
		h[k] = append([]string(nil), v...)
	}
	ws, resp, err := d.DialContext(ctx, url, h)
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		if resp != nil {
			// "bad handshake" alone hides why: an endpoint that takes one
			// client answers 403, a wrong path 404.
			return nil, fmt.Errorf("dialing %s: %w (HTTP %s)", RedactURL(url), err, resp.Status)
		}
		return nil, fmt.Errorf("dialing %s: %w", RedactURL(url), err)
	}
	ws.SetReadLimit(-1)
	return start(wsTransport{ws}, opts)
}

// Hooks are called on the reader goroutine, in frame order, so a caller
// learns of a session before any of its frames are read. They must not
// block: hand the work to another goroutine.
type Hooks struct {
	// Attached is called after a session announced by
	// Target.attachedToTarget is registered. parent is the session the
	// announcement came on ("" for the browser); params is the event's
	// params as sent.
	Attached func(parent, sessionID string, params json.RawMessage)
	// Detached is called when Target.detachedFromTarget names sessionID,
	// after the frame was queued on parent and the session was dropped.
	Detached func(parent, sessionID string)
}

// SetHooks installs h. Set it before the first attach.
func (c *Conn) SetHooks(h Hooks) {
	c.mu.Lock()
	c.hooks = h
	c.mu.Unlock()
}

func (c *Conn) newSession(id string) *session {
	return &session{id: id, mux: c, q: newQueue(c.opts.QueueBytes), ids: map[uint64]uint64{}, posted: map[uint64]chan wireResponse{}, direct: map[uint64]chan wireResponse{}}
}

// Done is closed when the transport is gone.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Err reports why the connection ended, or nil while it is up.
func (c *Conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Browser returns the rpcc.Conn of the browser-level session.
func (c *Conn) Browser() *rpcc.Conn { return c.root }

// Register makes sure a queue exists for sessionID. Sessions announced by
// Target.attachedToTarget are registered by the reader itself; Register is
// for callers that learn a session id from a command's reply.
func (c *Conn) Register(sessionID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return
	}
	if _, ok := c.sessions[sessionID]; !ok {
		c.sessions[sessionID] = c.newSession(sessionID)
	}
}

// Session returns the rpcc.Conn that speaks to sessionID, creating it on
// first use. Use cdp.NewClient on it for the generated client.
func (c *Conn) Session(sessionID string) (*rpcc.Conn, error) {
	c.mu.Lock()
	s, ok := c.sessions[sessionID]
	connErr := c.err
	c.mu.Unlock()
	if !ok {
		if connErr != nil {
			return nil, connErr
		}
		c.mu.Lock()
		why := c.gone[sessionID]
		c.mu.Unlock()
		if why != nil {
			return nil, why
		}
		return nil, fmt.Errorf("%w: %s", ErrUnknownSession, sessionID)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rpc != nil {
		return s.rpc, nil
	}
	if s.gone != nil {
		return nil, s.gone
	}
	rc, err := rpcc.DialContext(context.Background(), "cdpmux:"+sessionID,
		rpcc.WithDialer(func(context.Context, string) (io.ReadWriteCloser, error) {
			return sessionPipe{s}, nil
		}),
		rpcc.WithCodec(func(io.ReadWriter) rpcc.Codec { return sessionCodec{s} }),
	)
	if err != nil {
		return nil, fmt.Errorf("opening session %s: %w", sessionID, err)
	}
	s.rpc = rc
	return rc, nil
}

// Post writes a command on sessionID at once and returns a function that
// waits for its reply. A call through the session's rpcc.Conn is written on
// its own goroutine and answered before the caller can send the next one;
// after Post returns, the command is on the wire, so a series of Posts
// reaches the browser in order without waiting for replies. A target paused
// at start needs that: some commands are answered only after the resume
// that follows them. The session's rpcc.Conn must exist (see Session): its
// reader delivers the reply.
func (c *Conn) Post(sessionID, method string, params any) (wait func(ctx context.Context) (json.RawMessage, error), err error) {
	return c.post(sessionID, method, params, 0)
}

// PostCapped is Post with a cap of max bytes on the reply: a larger reply
// is dropped as it arrives and the call fails with CodeReplyTooLarge.
func (c *Conn) PostCapped(sessionID, method string, params any, max int64) (wait func(ctx context.Context) (json.RawMessage, error), err error) {
	return c.post(sessionID, method, params, max)
}

func (c *Conn) post(sessionID, method string, params any, max int64) (wait func(ctx context.Context) (json.RawMessage, error), err error) {
	return c.send(sessionID, method, params, max, false)
}

// send writes one command on sessionID and returns the function that
// waits for its reply. A direct reply (PostDirect) is handed to the waiter
// by the reader itself; any other passes through the session's queue, in
// order with its events.
func (c *Conn) send(sessionID, method string, params any, max int64, direct bool) (wait func(ctx context.Context) (json.RawMessage, error), err error) {
	c.mu.Lock()
	s, ok := c.sessions[sessionID]
	c.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnknownSession, sessionID)
	}
	gid := c.nextID.Add(1)
	b, err := wireRequest{ID: gid, Method: method, Params: params, SessionID: sessionID}.encode()
	if err != nil {
		return nil, err
	}
	awaiting := s.posted
	if direct {
		awaiting = s.direct
	}
	ch := make(chan wireResponse, 1)
	s.mu.Lock()
	if s.gone != nil {
		err := s.gone
		s.mu.Unlock()
		return nil, err
	}
	awaiting[gid] = ch
	s.mu.Unlock()
	forget := func() {
		s.mu.Lock()
		delete(awaiting, gid)
		s.mu.Unlock()
	}
	c.capOf(s, gid, max)
	if err := c.write(b); err != nil {
		c.uncap(gid)
		forget()
		return nil, err
	}
	return func(ctx context.Context) (json.RawMessage, error) {
		select {
		case w, ok := <-ch:
			if !ok {
				s.mu.Lock()
				err := s.gone
				s.mu.Unlock()
				return nil, err
			}
			if w.Error != nil {
				return nil, w.Error
			}
			return w.Result, nil
		case <-ctx.Done():
			forget()
			return nil, fmt.Errorf("waiting for %s: %w", method, ctx.Err())
		}
	}, nil
}

// Detach forgets sessionID: its pending calls fail with ErrSessionDetached
// once the frames already queued for it are read.
func (c *Conn) Detach(sessionID string) {
	c.detach(sessionID, ErrSessionDetached)
}

func (c *Conn) detach(sessionID string, cause error) {
	if sessionID == "" {
		return
	}
	err := fmt.Errorf("%w: %s", cause, sessionID)
	c.mu.Lock()
	s, ok := c.sessions[sessionID]
	delete(c.sessions, sessionID)
	if ok {
		c.gone[sessionID] = err
		c.goneOrder = append(c.goneOrder, sessionID)
		if len(c.goneOrder) > maxGone {
			delete(c.gone, c.goneOrder[0])
			c.goneOrder = c.goneOrder[1:]
		}
	}
	c.mu.Unlock()
	if ok {
		s.fail(err, false)
	}
}

// Sessions lists the session ids currently registered, browser excluded.
func (c *Conn) Sessions() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.sessions))
	for id := range c.sessions {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

// Close ends the websocket and every session, and waits for the reader.
// It is idempotent.
func (c *Conn) Close() error {
	c.shutdown(ErrClosed)
	<-c.readerDone
	c.mu.Lock()
	err := c.err
	c.mu.Unlock()
	if errors.Is(err, ErrClosed) {
		return nil
	}
	return err
}

// Fail ends the connection with cause, as a dropped socket would: every
// pending and later call fails with it and Done is closed. A liveness check
// uses it when the peer keeps the socket open but no longer answers.
func (c *Conn) Fail(cause error) {
	c.shutdown(cause)
}

// LastRead is when the connection last received a frame.
func (c *Conn) LastRead() time.Time {
	return time.Unix(0, c.lastRead.Load())
}

// Pending counts the calls written and not yet answered, over all sessions.
func (c *Conn) Pending() int {
	c.mu.Lock()
	sessions := make([]*session, 0, len(c.sessions))
	for _, s := range c.sessions {
		sessions = append(sessions, s)
	}
	c.mu.Unlock()
	n := 0
	for _, s := range sessions {
		s.mu.Lock()
		n += len(s.ids) + len(s.posted) + len(s.direct)
		s.mu.Unlock()
	}
	return n
}

// shutdown records why the connection ended, closes the socket and fails
// every session. The first cause wins.
func (c *Conn) shutdown(cause error) {
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.err = cause
		sessions := c.sessions
		c.sessions = map[string]*session{"": sessions[""]}
		c.mu.Unlock()
		// Closing the transport unblocks the reader.
		c.tr.close()
		for _, s := range sessions {
			s.fail(cause, true)
		}
		close(c.done)
	})
}

func (c *Conn) write(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.done:
		return c.Err()
	default:
	}
	if len(b) > c.opts.MaxMessageBytes {
		return fmt.Errorf("cdp message of %d bytes exceeds the %d byte limit", len(b), c.opts.MaxMessageBytes)
	}
	if err := c.tr.writeMessage(b, time.Now().Add(c.opts.WriteTimeout)); err != nil {
		c.shutdown(fmt.Errorf("%w: %v", ErrDisconnected, err))
		return c.Err()
	}
	return nil
}
