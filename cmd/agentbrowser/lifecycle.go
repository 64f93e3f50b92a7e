package main

import (
	"context"
	"os"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// cancelGrace is how long a command may take to return once the daemon's
// life ended (close, browser death) before the daemon answers for it. The
// bus returns at cancellation, so this is a safety net; the promise is an
// answer within 2 s.
const cancelGrace = time.Second

// end cancels every command in flight with cause as their error: the
// first cause wins, so a browser death seen before the shutdown it causes
// is what callers hear.
func (d *daemon) end(cause error) { d.endLife(cause) }

// ended returns why the daemon's life ended, or nil while it runs.
func (d *daemon) ended() error {
	if d.life.Err() == nil {
		return nil
	}
	return context.Cause(d.life)
}

// sessionClosed is the error of commands in flight when the session is
// closed on purpose (the close command, an idle timeout, a signal).
func (d *daemon) sessionClosed(reason string) error {
	return events.Errorf(events.CodeSessionClosed,
		"session %s was closed (%s) while this command ran; the next command starts a fresh browser", d.g.Session, reason)
}

// browserDied is the error of commands in flight when the browser dies.
func (d *daemon) browserDied(err error) error {
	return events.Errorf(events.CodeBrowserCrashed,
		"the browser of session %s died while this command ran (%v); the next command starts a fresh browser", d.g.Session, err)
}

// runCommand runs a command and answers within cancelGrace of the
// daemon's life ending, with the reason it ended, whatever the command was
// doing.
func (d *daemon) runCommand(ctx context.Context, name string, do func(ctx context.Context) (any, error)) (any, error) {
	run := func() (any, error) {
		return caught(d.log, name, func() (any, error) { return do(ctx) })
	}
	type outcome struct {
		res any
		err error
	}
	ch := make(chan outcome, 1)
	d.inflight.Add(1)
	d.workers.Go(func() {
		defer d.inflight.Done()
		r, err := run()
		ch <- outcome{r, err}
	})
	var o outcome
	select {
	case o = <-ch:
	case <-d.life.Done():
		t := time.NewTimer(cancelGrace)
		defer t.Stop()
		select {
		case o = <-ch:
		case <-t.C:
			return nil, d.ended()
		}
	}
	if o.err != nil {
		if cause := d.ended(); cause != nil {
			// Whatever the command saw (a cancelled call, a dropped
			// socket), the reason is the daemon's end.
			return nil, cause
		}
	}
	return o.res, o.err
}

// daemonDied reports whether a daemon of the session died without closing:
// its socket file is still there but nothing answers on it. A daemon that
// stops on its own removes the file when it stops listening.
func daemonDied(paths sessionPaths) bool {
	_, err := os.Stat(paths.Socket)
	return err == nil
}
