package main

import (
	"context"
	"errors"
	"os"
	"runtime"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/agentbrowser/agentbrowser/session"
)

// closeSession answers request.Close: it cancels every other command in
// flight with session_closed, closes the browser before answering, so
// that once close returns no profile or browser process is left, and then
// stops the daemon (the stop waits for this request).
func (d *daemon) closeSession() request.CloseResult {
	d.end(d.sessionClosed("close command"))
	err := d.reg.Close()
	forgetRemote(d.paths)
	go d.shutdown("close command")
	if err != nil {
		d.log.Warn().Err(err).Msg("closing the browser")
	}
	return request.CloseResult{Closed: true, Session: d.g.Session}
}

// status answers request.Status without starting a browser: the daemon's
// state, and its browser's when one runs.
func (d *daemon) status() request.StatusResult {
	r := request.StatusResult{Session: d.g.Session, PID: os.Getpid(), StartedAt: d.started.UTC().Format(time.RFC3339),
		Version: version, Build: buildID()}
	d.mu.Lock()
	active := d.active
	d.mu.Unlock()
	r.CommandsInFlight = &active
	if s, ok := d.reg.Get(d.g.Session); ok {
		n := len(s.Tabs())
		r.Browser, r.Endpoint, r.Tabs = s.Version(), s.Endpoint(), &n
		r.Warning = devtoolsWarning(s)
		if p := s.Process(); p != nil {
			r.BrowserPID = p.PID()
		}
		if gi, ok := s.Grid(); ok {
			r.GridSession, r.GridNode = gi.SessionID, gi.Node
		}
	}
	if d.g.CDP != "" {
		r.CDP = cdpmux.RedactURL(d.g.CDP)
	}
	if d.g.Remote.Grid != "" {
		r.Grid = cdpmux.RedactURL(d.g.Remote.Grid)
	}
	// For soak tests and leak hunts: the daemon's goroutines and live heap.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.Goroutines = runtime.NumGoroutine()
	r.HeapBytes = ms.HeapAlloc
	r.Procs = runtime.GOMAXPROCS(0)
	return r
}

// browserFor is the Browser of session s, made when s is new.
func (d *daemon) browserFor(s *session.BrowserSession) *runner.Browser {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.browser == nil || d.browser.Session() != s {
		d.browser = runner.NewBrowser(s)
		// Batches stop, and listings page, at this daemon's output cap
		// while they are built.
		d.browser.SetOutputCap(outputCap(d.g.Settings))
	}
	return d.browser
}

// session returns the daemon's browser session, starting it on first use.
// The start goes on in the background whatever happens to the command that
// asked for it (its own timeout bounds it): a command whose budget ends
// first, at workDeadline, fails with timeout, and the next one finds the
// browser started. When the browser dies the daemon records why and exits;
// the next CLI command starts a fresh daemon and says so.
func (d *daemon) session(ctx context.Context, workDeadline time.Time) (*session.BrowserSession, error) {
	if s := d.runningSession(); s != nil && s.CheckAlive(ctx) == nil {
		return s, nil
	}
	type started struct {
		s   *session.BrowserSession
		err error
	}
	ch := make(chan started, 1)
	go func() {
		s, never, err := d.startSession()
		if never {
			// Refuse connections before the answer goes out: the caller's
			// next command must find no daemon here and start a fresh one
			// (it waits on the session's lock until this one has exited),
			// not reach one on its way out, which would drop it unanswered.
			d.closeListener()
		}
		ch <- started{s, err}
		if never {
			// After the answer is in ch: the command that waits for it
			// hears why, not that the daemon is closing. A daemon whose
			// browser never started holds nothing: the next command
			// starts a fresh one.
			d.shutdown("the browser did not start")
		}
	}()
	t := time.NewTimer(time.Until(workDeadline))
	defer t.Stop()
	var r started
	select {
	case r = <-ch:
	case <-t.C:
		if !cli.RemoteOf(d.g).Empty() {
			return nil, events.Errorf(events.CodeTimeout,
				"the browser endpoint of session %s was not reached within the command's budget (--timeout-ms); the connection goes on being tried: run the command again", d.g.Session)
		}
		return nil, events.Errorf(events.CodeTimeout,
			"the browser of session %s did not start within the command's budget (--timeout-ms); it goes on starting: run the command again", d.g.Session)
	case <-ctx.Done():
		select {
		case r = <-ch:
		default:
			return nil, ctx.Err()
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	s := r.s
	// A remote endpoint may have gone quiet for good (an ended Grid
	// session, a dead node): check before the command waits on it.
	if err := s.CheckAlive(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// runningSession returns the daemon's session when it is started and
// watched: most commands find it so and, once CheckAlive says it has not
// ended, take it without starting anything.
func (d *daemon) runningSession() *session.BrowserSession {
	s, ok := d.reg.Get(d.g.Session)
	if !ok {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.watching != s {
		return nil
	}
	return s
}

// startSession gets the daemon's browser session, starting it if needed,
// within sessionStartTimeout and the daemon's life. never says that the
// daemon's first browser failed to start (a profile in use, a remote
// endpoint that cannot be reached, a browser that would not launch):
// nothing to keep the daemon for, and the next command tries again
// afresh.
func (d *daemon) startSession() (_ *session.BrowserSession, never bool, _ error) {
	ctx, cancel := context.WithTimeout(d.life, sessionStartTimeout)
	defer cancel()
	s, err := d.reg.GetOrStartAt(ctx, d.g.Session, endpointOf(d.g))
	if err != nil {
		d.mu.Lock()
		never := d.watching == nil
		d.mu.Unlock()
		if never && d.life.Err() == nil {
			d.log.Warn().Err(err).Msg("the browser did not start; daemon exiting")
			return nil, true, err
		}
		return nil, false, err
	}
	d.mu.Lock()
	first := d.watching != s
	d.watching = s
	d.mu.Unlock()
	if first {
		go func() {
			<-s.Done()
			if err := s.Err(); err != nil && !errors.Is(err, session.ErrClosed) {
				os.WriteFile(d.paths.Crashed, []byte(err.Error()), 0o600)
				d.end(d.browserDied(err))
				d.log.Warn().Err(err).Msg("browser gone; daemon exiting")
				d.shutdown("browser gone")
			}
		}()
	}
	return s, false, nil
}

// sessionStartTimeout bounds starting or connecting a session's browser,
// whatever the budget of the command that asked for it.
const sessionStartTimeout = 45 * time.Second
