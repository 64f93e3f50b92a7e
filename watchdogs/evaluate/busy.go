package evaluate

import (
	"context"
	"errors"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/held"
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
		a.checkBusy(tab.ID)
	})
	if !started {
		a.mu.Lock()
		delete(a.checking, tab.ID)
		a.mu.Unlock()
	}
	return events.StopBusyScriptResult{Checking: started}, nil
}

// checkBusy finds which of the tab's targets (its page and out-of-process
// frames: a handler that loops in a cross-origin frame holds that frame's
// renderer, not the page's) a script holds, none answering a trivial
// question within busyProbeWait, and, unless a dialog opened or an
// evaluation started meanwhile (which stops its own script), stops the
// script on each.
func (a *attachment) checkBusy(tab events.TargetID) {
	var targets []*session.Target
	for _, t := range a.s.Targets() {
		if t.ID == tab || t.TabID == tab {
			targets = append(targets, t)
		}
	}
	ctx, cancel := context.WithTimeout(a.base, busyProbeWait+a.cfg.CleanupTimeout)
	defer cancel()
	busy := held.Probe(ctx, targets, busyProbeWait, a.cfg.CleanupTimeout, a.spawn)
	if len(busy) == 0 || a.dlg.Open(tab) != nil {
		return
	}
	a.mu.Lock()
	evaluating := len(a.inflight[tab]) > 0
	a.mu.Unlock()
	if evaluating {
		return
	}
	for _, r := range held.Stop(ctx, busy, time.Now().Add(a.cfg.CleanupTimeout), a.cfg.CleanupTimeout, a.spawn) {
		err := r.Err
		if r.Late {
			err = errors.New("no answer in time")
		}
		a.stats.add(func(s *events.EvaluateStats) {
			if err == nil {
				s.Terminations++
			} else {
				s.TerminationFailures++
			}
		})
		if err != nil {
			a.log.Warn().Err(err).Str("tab", string(tab)).Str("target", string(r.Target.ID)).Msg("could not stop a script that keeps the page busy")
			continue
		}
		a.log.Info().Str("tab", string(tab)).Str("target", string(r.Target.ID)).Msg("stopped a script of the page that kept it from answering")
	}
}
