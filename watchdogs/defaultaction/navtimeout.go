package defaultaction

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
)

// stopGrace bounds the Page.stopLoading sent after a navigation ran out of
// budget. It runs past the work deadline, in the budget's reserve and, on a
// slow browser, a little after the caller got its answer: the stop must
// happen either way, or the tab would move on its own later.
const stopGrace = 2 * time.Second

// navWork returns the context a navigation works in: it ends at the work
// deadline, so that a timed-out navigation still has the budget's reserve
// to stop the page and answer.
func navWork(ctx context.Context) (context.Context, *budget.Budget, context.CancelFunc) {
	b := budget.FromContext(ctx)
	work, cancel := b.Work()
	return work, b, func() { cancel(); b.Cancel() }
}

// navTimedOut stops a navigation whose budget ran out (Page.stopLoading, so
// that the tab does not move on its own once the server answers) and
// returns a timeout error that names the URL, the lifecycle event waited
// for, and where the tab is now.
func (a *attachment) navTimedOut(ctx context.Context, b *budget.Budget, tab *session.Target, dest, want string) error {
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopGrace)
	defer cancel()
	stopErr := tab.Client.Page.StopLoading(stopCtx)
	if dest == "" {
		dest = "the new document"
	}
	event := "commit"
	if want != "" {
		event = "the " + want + " event"
	}
	now := tab.URL()
	e := events.Errorf(events.CodeTimeout, "navigating to %s: no %s within %v; the navigation was stopped and the tab is at %s",
		dest, event, b.Total().Round(time.Millisecond), now).
		WithDetail("url", dest).
		WithDetail("waited_for", orDefault(want, "commit")).
		WithDetail("tab_url", now)
	if stopErr != nil {
		e = e.WithDetail("stop_error", stopErr.Error())
	}
	return e
}
