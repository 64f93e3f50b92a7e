package defaultaction

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/held"
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
// frames) that a script holds; none while a dialog is open, which holds
// the page itself (stopping a script then would kill whatever runs once
// the dialog is answered).
func (a *attachment) busyTargets(ctx context.Context, tab *session.Target, wait time.Duration) []*session.Target {
	if a.dlg.Open(tab.ID) != nil {
		return nil
	}
	return held.Probe(ctx, a.tabTargets(tab), wait, terminateGrace, a.spawnTracked)
}

// terminateScripts stops the script running on each target and says where
// it did (stopped) and where it could not (failed), waiting until answerBy
// at most (late: some had not answered by then).
func (a *attachment) terminateScripts(ctx context.Context, targets []*session.Target, answerBy time.Time) (stopped, failed []string, late bool) {
	for _, r := range held.Stop(ctx, targets, answerBy, terminateGrace, a.spawnTracked) {
		where := "the page"
		if !r.Target.IsPage() {
			where = "the frame at " + r.Target.URL()
		}
		switch {
		case r.Late:
			late = true
		case r.Err != nil:
			a.log.Warn().Err(r.Err).Str("target", string(r.Target.ID)).Msg("could not stop a script that held the page")
			failed = append(failed, where+": "+r.Err.Error())
		default:
			stopped = append(stopped, where)
		}
	}
	return stopped, failed, late
}

// spawnTracked runs f on a goroutine Detach waits for.
func (a *attachment) spawnTracked(f func()) bool {
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		f()
	}()
	return true
}
