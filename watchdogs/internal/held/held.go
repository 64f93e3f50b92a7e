// Package held finds the targets whose main thread a script of the page
// holds (a loop in a handler, in a timer, at load) and stops that script.
// The EvaluateWatchdog does it after a command ran out of its budget, the
// DefaultActionWatchdog before a navigation away from a held page.
package held

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/session"
)

// Spawn runs f on a goroutine its caller waits for when it stops, and
// reports false, without running f, once the caller has stopped.
type Spawn func(f func()) bool

// Probe asks each target's main thread to run an empty expression and
// returns the targets that did not within wait: a script holds them. An
// idle renderer answers in about a millisecond.
//
// A probe is not cancelled when wait ends: it stays queued behind the
// script, for up to grace, and runs once the script is stopped. So it also
// takes a termination that arrives just after the script ended on its own
// (Runtime.terminateExecution stops "the current or next" script), and
// the page's next script is not the one killed.
func Probe(ctx context.Context, targets []*session.Target, wait, grace time.Duration, spawn Spawn) []*session.Target {
	probes := make([]chan struct{}, len(targets))
	for i, t := range targets {
		done := make(chan struct{})
		probes[i] = done
		client := t.Client
		if !spawn(func() {
			defer close(done)
			pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
			defer cancel()
			_, _ = client.Runtime.Evaluate(pctx, runtime.NewEvaluateArgs("0").SetSilent(true))
		}) {
			close(done) // stopping: nothing is held that we could free
		}
	}
	var busy []*session.Target
	timer := time.NewTimer(wait)
	defer timer.Stop()
	expired := false
	for i := range targets {
		if expired {
			select {
			case <-probes[i]:
			default:
				busy = append(busy, targets[i])
			}
			continue
		}
		select {
		case <-probes[i]:
		case <-timer.C:
			expired = true
			select {
			case <-probes[i]: // it answered just in time
			default:
				busy = append(busy, targets[i])
			}
		}
	}
	return busy
}

// Stopped is the outcome of stopping the script on one target: Err is nil
// when Runtime.terminateExecution was accepted (or one was already on its
// way), and Late when no answer had come by the time Stop returned.
type Stopped struct {
	Target *session.Target
	Err    error
	Late   bool
}

// Stop sends Runtime.terminateExecution to each target and waits for the
// answers until answerBy at most. The commands go on after that, for up
// to grace: the scripts must be stopped either way.
func Stop(ctx context.Context, targets []*session.Target, answerBy time.Time, grace time.Duration, spawn Spawn) []Stopped {
	var mu sync.Mutex
	out := make([]Stopped, len(targets))
	answered := make([]bool, len(targets))
	var wg sync.WaitGroup
	for i, t := range targets {
		out[i].Target = t
		wg.Add(1)
		if !spawn(func() {
			defer wg.Done()
			tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
			defer cancel()
			err := t.Client.Runtime.TerminateExecution(tctx)
			if err != nil && inProgress(err) {
				// Someone else is stopping it already.
				err = nil
			}
			mu.Lock()
			out[i].Err, answered[i] = err, true
			mu.Unlock()
		}) {
			wg.Done()
			mu.Lock()
			out[i].Err, answered[i] = errors.New("the watchdog is stopping"), true
			mu.Unlock()
		}
	}
	all := make(chan struct{})
	if !spawn(func() { wg.Wait(); close(all) }) {
		wg.Wait()
		close(all)
	}
	timer := time.NewTimer(max(0, time.Until(answerBy)))
	defer timer.Stop()
	select {
	case <-all:
	case <-timer.C:
	}
	mu.Lock()
	defer mu.Unlock()
	res := append([]Stopped(nil), out...)
	for i := range res {
		res[i].Late = !answered[i]
	}
	return res
}

// inProgress reports whether err is Chrome's answer to a second
// termination while one is on its way.
func inProgress(err error) bool {
	var re *rpcc.ResponseError
	return errors.As(err, &re) && strings.Contains(re.Message, "in progress")
}
