package actions

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// CrashHint is the next step a target_crashed error gives.
const CrashHint = "open a URL or reload to recover"

// errTabCrashed is the cause of a dispatch cancelled by its tab's crash.
var errTabCrashed = errors.New("tab crashed")

// crashedError says that tab's renderer crashed, and what to do.
func crashedError(tab *session.Target, status string) error {
	return events.Errorf(events.CodeTargetCrashed, "the renderer of tab %s crashed (%s); %s", tab.ID, status, CrashHint).
		WithDetail("tab_id", tab.ID).WithDetail("status", status).WithDetail("next_step", CrashHint)
}

// crashTab returns the tab a request acts on, for the events that must fail
// fast on a crashed tab or give up when their tab crashes, and whether the
// request is one that recovers a crashed tab (it may go ahead).
func crashTab(s *session.BrowserSession, e any) (tab *session.Target, recovers bool) {
	var id events.TargetID
	switch v := e.(type) {
	case events.NavigateToURLEvent, events.ReloadEvent, events.GoBackEvent, events.GoForwardEvent:
		recovers = true
		id = v.(interface{ TargetTab() events.TargetID }).TargetTab()
	case events.CDPCallEvent:
		// A raw call may be the agent's own way to recover (Page.reload),
		// or the crash itself (Page.crash): never refused up front.
		recovers = true
		id = v.TabID
	case interface{ TargetTab() events.TargetID }:
		id = v.TargetTab()
	default:
		return nil, false
	}
	t, err := s.Tab(id)
	if err != nil {
		return nil, false
	}
	return t, recovers
}

// guardCrash fails a request on a crashed tab at once (unless it recovers
// the tab) and otherwise returns a context that ends when the tab crashes,
// so that nothing waits out its budget on a renderer that is gone. finish
// turns the request's error into target_crashed when the crash ended it.
func guardCrash(ctx context.Context, s *session.BrowserSession, e any) (context.Context, func(error) error, error) {
	tab, recovers := crashTab(s, e)
	if tab == nil {
		return ctx, func(err error) error { return err }, nil
	}
	if st, crashed := tab.Crashed(); crashed && !recovers {
		return ctx, nil, crashedError(tab, st)
	}
	if recovers {
		// A navigation starts a new renderer whatever happens to the
		// old one (the dialog watchdog may stop it on purpose to leave a
		// dialog storm): it is not raced against a crash.
		return ctx, func(err error) error { return err }, nil
	}
	ctx, cancel := context.WithCancelCause(ctx)
	crashedC := tab.CrashedC()
	done := make(chan struct{})
	go func() {
		select {
		case <-crashedC:
			cancel(errTabCrashed)
		case <-done:
		}
	}()
	return ctx, func(err error) error {
		close(done)
		cancel(nil)
		if err != nil {
			if st, crashed := tab.Crashed(); crashed {
				return crashedError(tab, st)
			}
		}
		return err
	}, nil
}
