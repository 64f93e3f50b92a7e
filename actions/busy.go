package actions

import (
	"context"
	"errors"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// busyAskTimeout bounds handing a timed-out command's tab to the
// EvaluateWatchdog's check, which answers at once.
const busyAskTimeout = 500 * time.Millisecond

// freeBusyTab is called with the error of a command on tab that ran out of
// its budget. A script of the page's own that never yields (a handler or
// an inline script that loops) keeps the page from answering anything, so
// every later command on the tab would time out too: it asks the
// EvaluateWatchdog to check the page and stop such a script, which it does
// in the background, and says so in the error. Evaluations stop their own
// scripts; other errors pass unchanged.
func freeBusyTab(ctx context.Context, s *session.BrowserSession, e any, tab events.TargetID, err error) error {
	if Code(err) != events.CodeTimeout {
		return err
	}
	if _, ok := e.(events.EvaluateEvent); ok {
		return err
	}
	if tab == "" {
		t, terr := s.ActiveTab()
		if terr != nil {
			return err
		}
		tab = t.ID
	}
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), busyAskTimeout)
	defer cancel()
	r, aerr := bus.Ask(actx, s.Bus(), events.StopBusyScriptEvent{TabID: tab})
	if _, ok := e.(events.WaitEvent); ok || aerr != nil || !r.Checking {
		// A wait that timed out waited for something that did not come:
		// the check runs, but the message stays about what was awaited.
		return err
	}
	var ce *events.Error
	if !errors.As(err, &ce) {
		return err
	}
	out := *ce
	out.Err = ce.Err
	out.Message = ce.Fact() + "; if a script of the page keeps it from answering (a loop in a handler or at load), it is being stopped now, so that the next command finds the page free"
	return &out
}

// tabOf reports whether e acts on one tab's page, and which: the tab it
// names, empty for the active tab.
func tabOf(e any) (events.TargetID, bool) {
	switch e := e.(type) {
	case interface{ TargetTab() events.TargetID }:
		return e.TargetTab(), true
	case events.BrowserStateRequestEvent:
		return e.TabID, true
	}
	return "", false
}
