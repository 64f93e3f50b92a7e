package evaluate

import (
	"context"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// busyProbeWait is how long a page may take to answer a trivial question
// before its thread counts as held by a script of its own. An idle renderer
// answers in about a millisecond, a loaded machine's in tens of them.
const busyProbeWait = time.Second

// stopBusyScript answers StopBusyScriptEvent: it starts, in the
// background, a check of the tab and the stopping of a script that keeps
// its thread busy, and returns at once, so that the caller, whose budget is
// already spent, answers on time.
func (a *attachment) stopBusyScript(_ context.Context, e events.StopBusyScriptEvent) (events.StopBusyScriptResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.StopBusyScriptResult{}, err
	}
	if a.dlg.Open(tab.ID) != nil {
		// A dialog is what holds the page: answering it frees it.
		return events.StopBusyScriptResult{}, nil
	}
	a.mu.Lock()
	if a.checking == nil {
		a.checking = map[events.TargetID]bool{}
	}
	// An evaluation in flight stops its own script when its budget ends.
	busy := a.checking[tab.ID] || len(a.inflight[tab.ID]) > 0
	if !busy {
		a.checking[tab.ID] = true
	}
	a.mu.Unlock()
	if busy {
		return events.StopBusyScriptResult{}, nil
	}
	started := a.spawn(func() {
		defer func() {
			a.mu.Lock()
			delete(a.checking, tab.ID)
			a.mu.Unlock()
		}()
		// The page and each of its out-of-process frames: a handler that
		// loops in a cross-origin frame holds that frame's renderer, not
		// the page's.
		var wg sync.WaitGroup
		for _, t := range a.s.Targets() {
			if t == tab || t.TabID == tab.ID {
				wg.Add(1)
				go func() {
					defer wg.Done()
					a.checkBusy(tab.ID, t)
				}()
			}
		}
		wg.Wait()
	})
	if !started {
		a.mu.Lock()
		delete(a.checking, tab.ID)
		a.mu.Unlock()
	}
	return events.StopBusyScriptResult{Checking: started}, nil
}

// checkBusy asks target t (tab's page, or one of its out-of-process
// frames) for a trivial value; when none comes within busyProbeWait and no
// dialog opened meanwhile, it stops the running script on t's own session,
// then waits for t to answer the question it was asked, which also takes
// the termination if the script ended on its own just before it
// (Runtime.terminateExecution ends the current or the next script).
func (a *attachment) checkBusy(tab events.TargetID, t *session.Target) {
	ctx, cancel := context.WithTimeout(a.base, busyProbeWait+a.cfg.CleanupTimeout)
	defer cancel()
	answered := make(chan error, 1)
	probe := func() {
		_, err := t.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("0").SetSilent(true))
		answered <- err
	}
	if !a.spawn(probe) {
		return
	}
	wait := time.NewTimer(busyProbeWait)
	defer wait.Stop()
	select {
	case <-answered:
		return
	case <-ctx.Done():
		return
	case <-wait.C:
	}
	if a.dlg.Open(tab) != nil {
		return
	}
	a.mu.Lock()
	evaluating := len(a.inflight[tab]) > 0
	a.mu.Unlock()
	if evaluating {
		return
	}
	err := t.Client.Runtime.TerminateExecution(ctx)
	a.stats.add(func(s *events.EvaluateStats) {
		if err == nil {
			s.Terminations++
		} else {
			s.TerminationFailures++
		}
	})
	if err != nil {
		a.log.Warn().Err(err).Str("tab", string(tab)).Str("target", string(t.ID)).Msg("could not stop a script that keeps the page busy")
		return
	}
	a.log.Info().Str("tab", string(tab)).Str("target", string(t.ID)).Msg("stopped a script of the page that kept it from answering")
	select {
	case <-answered:
	case <-ctx.Done():
	}
}
