package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// LivenessConfig tunes the checks of a remote endpoint (--cdp or --grid): a
// cheap CDP call with a short deadline, which keeps a Grid session from
// idling out (Grid counts only browser-originated messages as activity) and
// detects an endpoint that keeps its socket open but no longer answers (an
// ended Grid session, a dead node).
type LivenessConfig struct {
	// Interval is how long a connection may stay quiet before a check.
	// Default 15 s, under Grid's shortest useful session-timeout; negative
	// turns the periodic check off.
	Interval time.Duration
	// Timeout is how long a check waits for its answer. Default 3 s.
	Timeout time.Duration
	// BusyQuiet is how long a connection with calls awaiting replies may
	// stay quiet before a check, so a command in flight on a dead endpoint
	// fails within a few seconds. Default 1 s.
	BusyQuiet time.Duration
	// QuietAfter is how long a connection may stay quiet before CheckAlive
	// checks it. Default 500 ms.
	QuietAfter time.Duration
}

func (c *LivenessConfig) defaults() {
	if c.Interval == 0 {
		c.Interval = 15 * time.Second
	}
	if c.Timeout <= 0 {
		c.Timeout = 3 * time.Second
	}
	if c.BusyQuiet <= 0 {
		c.BusyQuiet = time.Second
	}
	if c.QuietAfter <= 0 {
		c.QuietAfter = 500 * time.Millisecond
	}
}

// Remote reports whether s is connected to a browser it did not launch.
func (s *BrowserSession) Remote() bool { return s.proc == nil }

// checked reports whether the liveness checks watch s: a remote endpoint
// across a network (--cdp ws://, --grid). A browser shared on a unix socket
// (internal/cdpshare) is on this machine: if it or its broker dies, the
// socket closes and the session ends at once, while a slow answer there is
// a loaded machine or a browser still starting, not a lost endpoint.
func (s *BrowserSession) checked() bool {
	return s.proc == nil && !strings.HasPrefix(s.endpoint, "unix:")
}

// BeginCommand marks a command in flight until the returned function is
// called. While one is, a quiet remote connection is checked every
// LivenessConfig.BusyQuiet even when the command waits on another
// connection (the evaluate engine's own websocket), so a dead endpoint fails
// it within seconds.
func (s *BrowserSession) BeginCommand() (end func()) {
	s.commands.Add(1)
	var once sync.Once
	return func() { once.Do(func() { s.commands.Add(-1) }) }
}

// monitor checks a remote endpoint while the session lives.
func (s *BrowserSession) monitor() {
	defer s.wg.Done()
	lc := s.cfg.Liveness
	tick := lc.BusyQuiet / 2
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-s.closing:
			return
		case <-s.done:
			return
		case <-t.C:
		}
		quiet := time.Since(s.conn.LastRead())
		due := lc.Interval > 0 && quiet >= lc.Interval
		if !due && quiet >= lc.BusyQuiet && (s.conn.Pending() > 0 || s.commands.Load() > 0) {
			due = true
		}
		if due {
			s.probe(context.Background())
		}
	}
}

// ProbeNow sends the liveness check at once, however recently the
// connection was read, and returns the error a command should fail with, or
// nil: for a caller that saw a connection of its own to the same endpoint
// drop (the evaluate engine's) and must know whether the session's went
// with it. On a launched browser, or one shared on a unix socket, it only
// reports a known death.
func (s *BrowserSession) ProbeNow(ctx context.Context) error {
	if err := s.alive(); err != nil || !s.checked() {
		return err
	}
	s.probe(ctx)
	return s.alive()
}

// CheckAlive makes sure a remote endpoint still answers before a command:
// when the connection has been quiet, it sends a check and waits for it
// (within the liveness timeout). It returns the error a command should fail
// with, or nil. On a launched browser, or one shared on a unix socket, it
// only reports a known death.
func (s *BrowserSession) CheckAlive(ctx context.Context) error {
	if err := s.alive(); err != nil {
		return err
	}
	if !s.checked() || time.Since(s.conn.LastRead()) < s.cfg.Liveness.QuietAfter {
		return nil
	}
	s.probe(ctx)
	return s.alive()
}

// probe sends Browser.getVersion with the liveness deadline. No answer in
// time fails the connection, which ends the session through the usual
// disconnect path (BrowserDisconnectedEvent, Done, every pending call
// failing). A caller that gave up first proves nothing.
func (s *BrowserSession) probe(ctx context.Context) {
	timeout := s.cfg.Liveness.Timeout
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	var v struct{}
	err := rpcc.Invoke(pctx, "Browser.getVersion", nil, &v, s.conn.Browser())
	var re *rpcc.ResponseError
	if err == nil || errors.As(err, &re) || s.alive() != nil {
		// An error reply is still an answer.
		return
	}
	if ctx.Err() != nil && !errors.Is(pctx.Err(), context.DeadlineExceeded) {
		return
	}
	select {
	case <-s.closing:
		return
	default:
	}
	what := "the remote browser at " + cdpmux.RedactURL(s.endpoint)
	if g, ok := s.Grid(); ok {
		what = fmt.Sprintf("grid %s session %s", g.URL, g.SessionID)
		if g.Node != "" {
			what += " on node " + g.Node
		}
	}
	cause := fmt.Errorf("%w: %s stopped answering (Browser.getVersion got no reply within %v: %v); the next command starts a fresh remote session",
		cdpmux.ErrDisconnected, what, time.Since(start).Round(time.Millisecond), err)
	s.log.Warn().Err(cause).Msg("remote endpoint lost")
	s.conn.Fail(cause)
	// watch turns the failed connection into the session's end; wait for
	// it so that the caller, and the Registry after it, see the session
	// as gone.
	select {
	case <-s.done:
	case <-s.closing:
	case <-time.After(5 * time.Second):
	}
}
