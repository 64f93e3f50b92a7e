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
		WithDetails(events.ErrorDetails{TabID: tab.ID, Status: status, NextStep: CrashHint})
}

// crashMode says how a request meets its tab's crash.
type crashMode int

const (
	// crashRefused requests fail at once on a crashed tab and give up when
	// their tab crashes.
	crashRefused crashMode = iota
	// crashRaced requests go ahead on a crashed tab but give up when it
	// crashes under them: raw CDP calls, which may be the agent's own way
	// to recover (Page.reload) or the crash itself (Page.crash).
	crashRaced
	// crashIgnored requests start a new renderer whatever happened to the
	// old one (navigations); the dialog watchdog may even stop the old one
	// on purpose to let them leave a dialog storm.
	crashIgnored
)

// crashTab returns the tab a request acts on and how it meets a crash; nil
// when the request is not tab-scoped or its tab is unknown.
func crashTab(s *session.BrowserSession, e any) (*session.Target, crashMode) {
	var id events.TargetID
	mode := crashRefused
	switch v := e.(type) {
	case events.NavigateToURLEvent, events.ReloadEvent, events.GoBackEvent, events.GoForwardEvent:
		mode = crashIgnored
		id = v.(interface{ TargetTab() events.TargetID }).TargetTab()
	case events.CDPCallEvent:
		mode = crashRaced
		id = v.TabID
	case interface{ TargetTab() events.TargetID }:
		id = v.TargetTab()
	default:
		return nil, mode
	}
	t, err := s.Tab(id)
	if err != nil {
		return nil, mode
	}
	return t, mode
}

// guardCrash fails a request on a crashed tab at once (unless it may go
// ahead) and otherwise returns a context that ends when the tab crashes, so
// that nothing waits out its budget on a renderer that is gone. finish
// turns the request's error into target_crashed when the crash ended it.
func guardCrash(ctx context.Context, s *session.BrowserSession, e any) (context.Context, func(error) error, error) {
	tab, mode := crashTab(s, e)
	if tab == nil || mode == crashIgnored {
		return ctx, func(err error) error { return err }, nil
	}
	st, crashed := tab.Crashed()
	switch {
	case crashed && mode == crashRefused:
		return ctx, nil, crashedError(tab, st)
	case crashed:
		// Already crashed: nothing left to race.
		return ctx, func(err error) error { return err }, nil
	}
	ctx, cancel := context.WithCancelCause(ctx)
	// The session calls this when the tab crashes: no goroutine of the
	// request's own waits for it.
	stop := tab.OnCrash(func() { cancel(errTabCrashed) })
	return ctx, func(err error) error {
		stop()
		cancel(nil)
		if err != nil {
			if st, crashed := tab.Crashed(); crashed {
				return crashedError(tab, st)
			}
		}
		return err
	}, nil
}
