package evaluate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
)

// stopScript stops the script an evaluation left running and detaches the
// engine's session it ran on. The cleanup runs to its end within
// CleanupTimeout, whether or not anyone still waits for the answer; the
// caller waits for it only until its deadline is near (a third of the
// reserve before it), so that a slow cleanup does not make the answer late.
// details says what was done by then; done closes when all of it is.
func (a *attachment) stopScript(ch *channel, tab events.TargetID, b *budget.Budget, sc *script) (details events.ErrorDetails, done <-chan struct{}) {
	var mu sync.Mutex
	var d events.ErrorDetails
	set := func(f func(d *events.ErrorDetails)) {
		mu.Lock()
		f(&d)
		mu.Unlock()
	}
	finished := make(chan struct{})
	cleanup := func() {
		defer close(finished)
		start := time.Now()
		ctx, cancel := context.WithTimeout(a.base, a.cfg.CleanupTimeout)
		defer cancel()
		if ch.sess != nil {
			// No new evaluation may pick the session from now on.
			a.iso.drop(ch.sess)
		}
		stopped := false
		if dlg := a.dlg.Open(tab); dlg != nil {
			// The script waits on a dialog: terminating now would kill
			// whatever runs once the dialog is answered.
			set(func(d *events.ErrorDetails) {
				d.Terminated, d.TerminateSkipped = new(false), "a dialog is open"
			})
		} else {
			on, err := terminate(ctx, ch)
			stopped = err == nil
			a.stats.add(func(s *events.EvaluateStats) {
				if err == nil {
					s.Terminations++
				} else {
					s.TerminationFailures++
				}
			})
			set(func(d *events.ErrorDetails) {
				d.Terminated = new(err == nil)
				if err == nil {
					d.TerminatedOn = on
				} else {
					d.TerminateError = err.Error()
				}
			})
			if err != nil {
				a.log.Warn().Err(err).Str("tab", string(tab)).Msg("could not terminate a script that ran out of budget")
			}
		}
		if ch.sess != nil {
			if stopped {
				// The next evaluation gets a bound session at once,
				// while this one detaches.
				a.takeOver(ch.sess.target)
			}
			// An evaluation that took the session before it was dropped
			// (sent while this script still ran, queued behind it) runs
			// now that the script is stopped: the session is let go once
			// it has answered, not under it.
			ch.sess.uses.wait(ctx)
			err := a.iso.detach(ctx, ch.sess)
			set(func(d *events.ErrorDetails) { d.Detached = new(err == nil) })
			if err == nil {
				a.stats.add(func(s *events.EvaluateStats) { s.Detaches++ })
			}
		} else {
			// On the main session the objects stay unless released.
			a.release(ch, sc)
		}
		set(func(d *events.ErrorDetails) { d.CleanupMS = new(time.Since(start).Milliseconds()) })
	}
	if !a.spawn(cleanup) {
		cleanup()
	}
	var wait <-chan time.Time
	if !b.Cancelled() {
		timer := time.NewTimer(time.Until(b.Deadline().Add(-b.Reserve() / 3)))
		defer timer.Stop()
		wait = timer.C
	}
	select {
	case <-finished:
	case <-wait:
		set(func(d *events.ErrorDetails) { d.Cleanup = "still running when the answer was due" })
	}
	mu.Lock()
	defer mu.Unlock()
	// The copy shares no memory the cleanup still writes: set replaces
	// pointers, it never writes through them.
	return d, finished
}

// terminate sends Runtime.terminateExecution on the channel's session. When
// the engine's own session does not answer within terminateWait, the same
// command goes to the target's main session; if that one reports a
// termination already in progress, the first is on its way and is waited
// for. ctx bounds the whole and ends when the cleanup does.
func terminate(ctx context.Context, ch *channel) (on string, err error) {
	if ch.sess == nil {
		return "main_session", ch.client.Runtime.TerminateExecution(ctx)
	}
	first := make(chan error, 1)
	go func() { first <- ch.client.Runtime.TerminateExecution(ctx) }()
	wait := time.NewTimer(terminateWait)
	defer wait.Stop()
	var firstErr error
	select {
	case firstErr = <-first:
		if firstErr == nil {
			return "evaluate_session", nil
		}
		first = nil // it failed outright; only the main session is left
	case <-wait.C:
	}
	err = ch.target.Client.Runtime.TerminateExecution(ctx)
	if err == nil {
		if first != nil {
			absorbLateTermination(ctx, ch, first)
		}
		return "main_session", nil
	}
	if first != nil && strings.Contains(responseMessage(err), "in progress") {
		if firstErr = <-first; firstErr == nil {
			return "evaluate_session", nil
		}
	}
	return "", fmt.Errorf("terminating the script: %w", errors.Join(firstErr, err))
}

// absorbLateTermination waits for the engine's own termination command
// after the main session's one stopped the script. That command waited in
// the renderer because the engine's session was not bound yet; the
// renderer runs it once it is free, and Runtime.terminateExecution ends
// "the current or next" script: with nothing running, the next evaluation
// would be killed (Chrome answers it with a bare Internal error). Once the
// command has run, a script that does nothing takes the termination, and
// the cleanup, which the next evaluation waits for, ends after that.
func absorbLateTermination(ctx context.Context, ch *channel, first <-chan error) {
	select {
	case err := <-first:
		if err != nil {
			return
		}
	case <-ctx.Done():
		return
	}
	_, _ = ch.target.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("0").SetSilent(true))
}

// release frees the objects an evaluation created, in the background: the
// caller does not wait for it.
func (a *attachment) release(ch *channel, sc *script) {
	if ch == nil || !sc.held {
		return
	}
	c, group := ch.client, sc.group
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.base, 2*time.Second)
		defer cancel()
		_ = c.Runtime.ReleaseObjectGroup(ctx, runtime.NewReleaseObjectGroupArgs(group))
	})
}
