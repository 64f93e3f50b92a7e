package evaluate

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/target"
	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/session"
)

// isolated is the engine's own connection to the browser and the flat
// sessions it attached to targets, reused across evaluations while they
// are healthy. It is safe for concurrent use.
//
// On a launched browser's pipe there is one transport (shared): the engine
// then opens its own browser-level session on it (Target.attachToBrowserTarget)
// and attaches its target sessions through that one, so they are announced
// to it alone, each is its own rpcc.Conn with its own command queue, and
// none is ever the agent's session.
type isolated struct {
	endpoint    string
	shared      *cdpmux.Conn
	dialTimeout time.Duration
	redialAfter time.Duration
	maxResult   int64 // reply cap on the engine's connection; 0: none
	log         zerolog.Logger

	dialing chan struct{} // a one-slot semaphore: one dial at a time

	mu       sync.Mutex
	conn     *cdpmux.Conn
	browser  *cdp.Client
	own      string // the engine's browser session on a shared transport
	sessions map[events.TargetID]*evalSession
	// attaching holds, by target, a channel closed when the attach under
	// way there ends.
	attaching map[events.TargetID]chan struct{}
	// spares holds, by target, a second session attached and bound ahead
	// of time, which takes over when a terminated script's session is
	// detached (see spare.go).
	spares   map[events.TargetID]*evalSession
	failErr  error // why the last dial failed
	failedAt time.Time
	closed   bool
}

// evalSession is the engine's flat session on one target.
type evalSession struct {
	id     string
	target events.TargetID
	client *cdp.Client
	// conn carries the session; evaluations post on it directly.
	conn *cdpmux.Conn
	// spared is set once a spare was asked for the target (keepSpare).
	spared atomic.Bool
	// ctx lives as long as the session; its streams use it.
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex // guards frames
	frames *frameContexts

	// uses counts the evaluations running on the session, so that one
	// terminated there is not detached under another queued behind it.
	uses useCount
}

// useCount counts the users of something and lets one wait until there
// are none.
type useCount struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n falls to 0; replaced when it rises
}

// add counts one more user; the function it returns ends that use.
func (u *useCount) add() (done func()) {
	u.mu.Lock()
	if u.n == 0 {
		u.idle = make(chan struct{})
	}
	u.n++
	u.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			u.n--
			if u.n == 0 {
				close(u.idle)
			}
			u.mu.Unlock()
		})
	}
}

// wait returns once nothing uses it, or when ctx ends.
func (u *useCount) wait(ctx context.Context) {
	u.mu.Lock()
	if u.n == 0 {
		u.mu.Unlock()
		return
	}
	idle := u.idle
	u.mu.Unlock()
	select {
	case <-idle:
	case <-ctx.Done():
	}
}

// sharedMux is the session's transport when the engine must share it: a
// launched browser's pipe admits no second connection.
func sharedMux(s *session.BrowserSession) *cdpmux.Conn {
	if s.Piped() {
		return cdpmux.Of(s)
	}
	return nil
}

func newIsolated(endpoint string, shared *cdpmux.Conn, cfg Config, log zerolog.Logger) *isolated {
	return &isolated{
		endpoint:    endpoint,
		shared:      shared,
		dialTimeout: cfg.DialTimeout,
		redialAfter: cfg.RedialAfter,
		maxResult:   replyCap(cfg.MaxResultBytes),
		log:         log,
		dialing:     make(chan struct{}, 1),
		sessions:    map[events.TargetID]*evalSession{},
		attaching:   map[events.TargetID]chan struct{}{},
		spares:      map[events.TargetID]*evalSession{},
	}
}

// dialError is a failure to open the engine's own connection: the caller
// falls back to the main session.
type dialError struct{ err error }

func (e *dialError) Error() string { return "opening the evaluate connection: " + e.err.Error() }
func (e *dialError) Unwrap() error { return e.err }

// attachError is a failure to attach the engine's session to a target.
type attachError struct{ err error }

func (e *attachError) Error() string { return "attaching the evaluate session: " + e.err.Error() }
func (e *attachError) Unwrap() error { return e.err }

// connection returns the engine's connection, dialling it when there is
// none. After a failed dial it fails at once, with the same error, for
// redialAfter, so that an endpoint that admits one client costs one failed
// handshake per interval rather than one per evaluation.
func (iso *isolated) connection(ctx context.Context) (*cdpmux.Conn, *cdp.Client, error) {
	if c, b, known, err := iso.current(); known {
		return c, b, err
	}
	select {
	case iso.dialing <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	defer func() { <-iso.dialing }()
	// Another caller may have dialled while this one waited.
	if c, b, known, err := iso.current(); known {
		return c, b, err
	}
	dctx, cancel := context.WithTimeout(ctx, iso.dialTimeout)
	defer cancel()
	conn, bc, own, err := iso.open(dctx)
	iso.mu.Lock()
	defer iso.mu.Unlock()
	if err != nil {
		if ctx.Err() != nil {
			// The caller's budget ran out; that says nothing about the
			// endpoint.
			return nil, nil, ctx.Err()
		}
		iso.failErr, iso.failedAt = err, time.Now()
		iso.log.Debug().Err(err).Msg("evaluate connection failed; using the main session")
		return nil, nil, &dialError{err}
	}
	if iso.closed {
		iso.release(conn, own)
		return nil, nil, errEngineClosed
	}
	iso.conn, iso.browser, iso.own, iso.failErr = conn, bc, own, nil
	return iso.conn, iso.browser, nil
}

// open dials the engine's own websocket, or on a shared transport attaches
// the engine's own browser session; own is that session's id.
func (iso *isolated) open(ctx context.Context) (conn *cdpmux.Conn, bc *cdp.Client, own string, err error) {
	if iso.shared == nil {
		conn, err := cdpmux.Dial(ctx, iso.endpoint, cdpmux.Options{Logger: iso.log, MaxReplyBytes: int(iso.maxResult)})
		if err != nil {
			return nil, nil, "", err
		}
		return conn, cdp.NewClient(conn.Browser()), "", nil
	}
	r, err := cdp.NewClient(iso.shared.Browser()).Target.AttachToBrowserTarget(ctx)
	if err != nil {
		return nil, nil, "", fmt.Errorf("attaching a browser session: %w", err)
	}
	own = string(r.SessionID)
	iso.shared.Register(own)
	rc, err := iso.shared.Session(own)
	if err != nil {
		return nil, nil, "", fmt.Errorf("attaching a browser session: %w", err)
	}
	return iso.shared, cdp.NewClient(rc), own, nil
}

// release gives up a connection from open: closes an own websocket, or
// forgets the engine's sessions on a shared one.
func (iso *isolated) release(conn *cdpmux.Conn, own string) {
	if conn == nil {
		return
	}
	if conn != iso.shared {
		conn.Close()
		return
	}
	if own != "" && conn.Err() == nil {
		// Detaching the browser session makes Chrome drop the target
		// sessions attached through it.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		sid := target.SessionID(own)
		_ = cdp.NewClient(conn.Browser()).Target.DetachFromTarget(ctx, &target.DetachFromTargetArgs{SessionID: &sid})
		cancel()
	}
	conn.Detach(own)
}

// current returns the live connection, or the recent dial failure; known
// is false when a dial is due.
func (iso *isolated) current() (conn *cdpmux.Conn, browser *cdp.Client, known bool, err error) {
	iso.mu.Lock()
	defer iso.mu.Unlock()
	if iso.closed {
		return nil, nil, true, errEngineClosed
	}
	if iso.conn != nil {
		if iso.conn.Err() == nil && iso.ownAlive() {
			return iso.conn, iso.browser, true, nil
		}
		// The websocket died, or the browser dropped the engine's
		// browser session: forget it and everything on it.
		iso.dropAllLocked()
	}
	if iso.failErr != nil && time.Since(iso.failedAt) < iso.redialAfter {
		return nil, nil, true, &dialError{iso.failErr}
	}
	return nil, nil, false, nil
}

// ownAlive reports whether the engine's browser session on a shared
// transport is still registered; there is none to check on its own
// websocket.
func (iso *isolated) ownAlive() bool {
	if iso.own == "" {
		return true
	}
	_, err := iso.conn.Session(iso.own)
	return err == nil
}

func (iso *isolated) dropAllLocked() {
	shared := iso.conn != nil && iso.conn == iso.shared
	for _, m := range []map[events.TargetID]*evalSession{iso.sessions, iso.spares} {
		for id, s := range m {
			s.cancel()
			if shared {
				// The engine's browser session is gone or the transport
				// is: there is nothing to ask the browser; forget the ids.
				iso.conn.Detach(s.id)
			}
			delete(m, id)
		}
	}
	switch {
	case iso.conn == nil:
	case shared:
		iso.conn.Detach(iso.own)
	default:
		// The reader has already ended, so Close returns at once.
		iso.conn.Close()
	}
	iso.conn, iso.browser, iso.own = nil, nil, ""
}

// session returns the engine's session on target id, attaching one when
// there is none or the cached one is gone; attached says it did.
func (iso *isolated) session(ctx context.Context, id events.TargetID) (s *evalSession, attached bool, err error) {
	conn, bc, err := iso.connection(ctx)
	if err != nil {
		return nil, false, err
	}
	for {
		iso.mu.Lock()
		if cur, ok := iso.sessions[id]; ok {
			if _, err := conn.Session(cur.id); err == nil {
				iso.mu.Unlock()
				return cur, false, nil
			}
			// Chrome detached it (the target went away or swapped process).
			cur.cancel()
			delete(iso.sessions, id)
		}
		wait, busy := iso.attaching[id]
		if !busy {
			done := make(chan struct{})
			iso.attaching[id] = done
			iso.mu.Unlock()
			defer func() {
				iso.mu.Lock()
				delete(iso.attaching, id)
				iso.mu.Unlock()
				close(done)
			}()
			break
		}
		iso.mu.Unlock()
		// Another caller (or ready) is attaching to the target: use its
		// session rather than attach a second one.
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}

	s, err = iso.attach(ctx, conn, bc, id)
	if err != nil {
		return nil, false, err
	}

	iso.mu.Lock()
	if iso.closed || iso.conn != conn {
		iso.mu.Unlock()
		s.cancel()
		return nil, false, errEngineClosed
	}
	old, raced := iso.sessions[id]
	if !raced {
		iso.sessions[id] = s
	}
	iso.mu.Unlock()
	if raced {
		// A concurrent caller attached first; use its session and let
		// ours go.
		iso.detach(ctx, s)
		return old, false, nil
	}
	return s, true, nil
}

// attach attaches a new flat session of the engine to target id on conn.
func (iso *isolated) attach(ctx context.Context, conn *cdpmux.Conn, bc *cdp.Client, id events.TargetID) (*evalSession, error) {
	reply, err := bc.Target.AttachToTarget(ctx, target.NewAttachToTargetArgs(target.ID(id)).SetFlatten(true))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var re *rpcc.ResponseError
		if errors.As(err, &re) {
			// The browser refused: the target is gone.
			return nil, events.Errorf(events.CodeTabNotFound, "attaching to target %s: %w", id, err)
		}
		return nil, &attachError{err}
	}
	sid := string(reply.SessionID)
	conn.Register(sid)
	if conn == iso.shared && iso.maxResult > 0 {
		// The shared pipe has no cap of its own: cap this session's
		// replies, as an own connection's MaxReplyBytes would.
		conn.SetReplyCap(sid, iso.maxResult)
	}
	rc, err := conn.Session(sid)
	if err != nil {
		return nil, &attachError{err}
	}
	sctx, cancel := context.WithCancel(context.Background())
	return &evalSession{id: sid, target: id, client: cdp.NewClient(rc), conn: conn, ctx: sctx, cancel: cancel}, nil
}

// drop removes s from the cache so that no new evaluation picks it; the
// caller detaches it.
func (iso *isolated) drop(s *evalSession) {
	iso.mu.Lock()
	defer iso.mu.Unlock()
	if cur, ok := iso.sessions[s.target]; ok && cur == s {
		delete(iso.sessions, s.target)
	}
}

// detach ends s in the browser and in the multiplexer.
func (iso *isolated) detach(ctx context.Context, s *evalSession) error {
	iso.drop(s)
	s.cancel()
	iso.mu.Lock()
	conn, bc := iso.conn, iso.browser
	iso.mu.Unlock()
	if conn == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	sid := target.SessionID(s.id)
	err := bc.Target.DetachFromTarget(ctx, &target.DetachFromTargetArgs{SessionID: &sid})
	conn.Detach(s.id)
	if err != nil {
		return fmt.Errorf("detaching evaluate session %s: %w", s.id, err)
	}
	return nil
}

// forget drops the session of a target that went away; Chrome detached it
// already.
func (iso *isolated) forget(id events.TargetID) {
	iso.mu.Lock()
	var gone []*evalSession
	for _, m := range []map[events.TargetID]*evalSession{iso.sessions, iso.spares} {
		if s, ok := m[id]; ok {
			gone = append(gone, s)
			delete(m, id)
		}
	}
	conn := iso.conn
	iso.mu.Unlock()
	for _, s := range gone {
		s.cancel()
		if conn != nil {
			conn.Detach(s.id)
		}
	}
}

// close ends the connection and every session. It is idempotent.
func (iso *isolated) close() {
	iso.mu.Lock()
	iso.closed = true
	conn, own := iso.conn, iso.own
	var ids []string
	for _, m := range []map[events.TargetID]*evalSession{iso.sessions, iso.spares} {
		for id, s := range m {
			s.cancel()
			ids = append(ids, s.id)
			delete(m, id)
		}
	}
	iso.conn, iso.browser, iso.own = nil, nil, ""
	iso.mu.Unlock()
	if conn != nil && conn == iso.shared {
		for _, id := range ids {
			conn.Detach(id)
		}
	}
	iso.release(conn, own)
}
