package defaultaction

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
)

// A page whose script never returns (a loop at load, in a timer, in a
// handler) holds its renderer's main thread. A navigation away from it
// cannot commit: Chrome needs that thread to let the old document go, and
// once it has tried, the tab's session answers nothing any more, not even
// Runtime.terminateExecution, so the tab is lost for good. A navigation
// therefore first makes sure the page is free, and stops a script that
// holds it. (After a command's budget runs out, the EvaluateWatchdog does
// the same in the background: events.StopBusyScriptEvent.)
const (
	// probeWait bounds how long a target's main thread may take to run
	// an empty expression before it counts as held by a script.
	probeWait = 200 * time.Millisecond
	// terminateGrace bounds the probe and Runtime.terminateExecution;
	// they may run past the navigation's start: the script must be
	// stopped either way.
	terminateGrace = 2 * time.Second
)

// freeHeldTab stops a script that holds tab's page (or one of its frames)
// before a navigation away from it. An idle page answers the probe in
// about a millisecond, which is all this costs a navigation.
func (a *attachment) freeHeldTab(ctx context.Context, b *budget.Budget, tab *session.Target) {
	busy := a.busyTargets(ctx, tab, min(probeWait, b.Remaining()/4))
	if len(busy) == 0 {
		return
	}
	stopped, failed, _ := a.terminateScripts(ctx, busy, time.Now().Add(min(terminateGrace, b.Remaining()/4)))
	a.log.Info().Str("tab", string(tab.ID)).Strs("stopped", stopped).Strs("failed", failed).Msg("stopped a script that held the tab before navigating away")
}

// busyTargets returns the targets of tab (its page and out-of-process
// frames) whose main thread does not run an empty expression within wait:
// a script holds them.
func (a *attachment) busyTargets(ctx context.Context, tab *session.Target, wait time.Duration) []*session.Target {
	if a.dlg.Open(tab.ID) != nil {
		// A dialog holds the page, not a script: stopping a script now
		// would kill whatever runs once the dialog is answered.
		return nil
	}
	targets := a.tabTargets(tab)
	probes := make([]chan struct{}, len(targets))
	for i, t := range targets {
		// The probe is not cancelled when its wait ends: it stays queued
		// behind the script and runs once the script is stopped, which
		// also uses up a termination that arrived just after the script
		// ended on its own (Runtime.terminateExecution stops "the current
		// or next" script).
		done := make(chan struct{})
		probes[i] = done
		client := t.Client
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			defer close(done)
			pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), terminateGrace)
			defer cancel()
			_, _ = client.Runtime.Evaluate(pctx, runtime.NewEvaluateArgs("0").SetSilent(true))
		}()
	}
	var busy []*session.Target
	until := time.Now().Add(wait)
	for i := range targets {
		timer := time.NewTimer(time.Until(until))
		select {
		case <-probes[i]:
		case <-timer.C:
			select {
			case <-probes[i]: // it answered just in time
			default:
				busy = append(busy, targets[i])
			}
		}
		timer.Stop()
	}
	return busy
}

// terminateScripts stops the script running on each target with
// Runtime.terminateExecution and says where it did (stopped) and where it
// could not (failed), waiting until answerBy at most (late: some had not
// answered by then). The commands go on after that, within
// terminateGrace: the scripts must be stopped either way.
func (a *attachment) terminateScripts(ctx context.Context, targets []*session.Target, answerBy time.Time) (stopped, failed []string, late bool) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, t := range targets {
		where := "the page"
		if !t.IsPage() {
			where = "the frame at " + t.URL()
		}
		wg.Add(1)
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			defer wg.Done()
			tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), terminateGrace)
			defer cancel()
			err := t.Client.Runtime.TerminateExecution(tctx)
			if err != nil && inProgress(err) {
				// Someone (the evaluate watchdog) is stopping it already.
				err = nil
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				a.log.Warn().Err(err).Str("target", string(t.ID)).Msg("could not stop a script that held the page")
				failed = append(failed, where+": "+err.Error())
			} else {
				stopped = append(stopped, where)
			}
		}()
	}
	all := make(chan struct{})
	go func() { wg.Wait(); close(all) }()
	answer := time.NewTimer(max(0, time.Until(answerBy)))
	defer answer.Stop()
	select {
	case <-all:
	case <-answer.C:
		late = true
	}
	mu.Lock()
	defer mu.Unlock()
	return append([]string(nil), stopped...), append([]string(nil), failed...), late
}

// inProgress reports whether err is Chrome's answer to a second
// termination while one is on its way.
func inProgress(err error) bool {
	var re *rpcc.ResponseError
	return errors.As(err, &re) && strings.Contains(re.Message, "in progress")
}
