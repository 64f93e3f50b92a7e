package defaultaction

import (
	"context"
	"errors"
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

// navReserve is the part of a navigation's budget kept back to stop it and
// answer; answerTime what is left for the answer itself.
const (
	navReserve = 250 * time.Millisecond
	answerTime = 20 * time.Millisecond
)

// navWork returns the context a navigation works in: it ends at the work
// deadline, so that a timed-out navigation still has the budget's reserve
// to stop the page and answer.
func navWork(ctx context.Context) (context.Context, *budget.Budget, context.CancelFunc) {
	b := budget.FromContext(ctx)
	work, cancel := context.WithDeadlineCause(b.Context(), b.Deadline().Add(-min(navReserve, b.Total()/4)), budget.ErrExpired)
	return work, b, func() { cancel(); b.Cancel() }
}

// navTimedOut stops a navigation whose budget ran out (Page.stopLoading, so
// that the tab does not move on its own once the server answers) and
// returns a timeout error that names the URL, the lifecycle event waited
// for, and where the tab is now.
func (a *attachment) navTimedOut(ctx context.Context, b *budget.Budget, tab *session.Target, dest, want string) error {
	// Stop in the background and wait for it only while the caller's
	// deadline allows: the stop must happen even if the answer cannot wait
	// for it.
	stopped := make(chan error, 1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopGrace)
		defer cancel()
		stopped <- tab.Client.Page.StopLoading(stopCtx)
	}()
	var stopErr error
	wait := time.NewTimer(max(0, time.Until(b.Deadline())-answerTime))
	defer wait.Stop()
	select {
	case stopErr = <-stopped:
	case <-wait.C:
		stopErr = errors.New("still stopping when the budget ended")
	}
	if dest == "" {
		dest = "the new document"
	}
	event := "commit"
	if want != "" {
		event = want + " event"
	}
	now := tab.URL()
	e := events.Errorf(events.CodeTimeout, "navigating to %s: no %s within %v; the navigation was stopped and the tab is at %s",
		dest, event, b.Total().Round(time.Millisecond), now).
		WithDetails(events.ErrorDetails{URL: dest, WaitedFor: orDefault(want, "commit"), TabURL: now})
	if stopErr != nil {
		e.Details.StopError = stopErr.Error()
	}
	return e
}
