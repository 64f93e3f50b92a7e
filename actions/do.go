package actions

import (
	"context"
	"errors"
	"reflect"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// deathGrace is how long Do waits, after a command failed with a
// transport-level error, for the session to notice that its browser died:
// the browser's death reaches a running command in several shapes (a CDP
// error, a dropped socket, a cancelled dispatch), and all of them are
// reported as the one event they are, browser_crashed.
const deathGrace = 250 * time.Millisecond

// Do dispatches the request e on s's bus and returns its owner's result,
// whose type the event names (see bus.Request): Do(ctx, s,
// events.ClickCoordinateEvent{X: 10, Y: 20}) returns an
// events.ActionResult. Every error it returns carries a code (an
// *events.Error) and a message that names the operation in words, never a
// Go type.
//
// A tab-scoped event that names no tab acts on the tab WithTab put in ctx,
// else on the active tab. A tab known to have crashed fails at once with
// target_crashed.
func Do[E bus.Request[R], R any](ctx context.Context, s *session.BrowserSession, e E) (R, error) {
	e = aimAt(ctx, e)
	// The crash guard's context ends with the dispatch; what follows it
	// (waiting for a download the action started) runs in the caller's.
	outer := ctx
	ctx, finish, err := guardCrash(ctx, s, e)
	if err != nil {
		var zero R
		return zero, err
	}
	start := time.Now()
	r, err := bus.Ask(ctx, s.Bus(), e)
	err = finish(err)
	if err == nil {
		addBlocked(s, &r, start)
		addDownloads(outer, s, &r, start)
	} else {
		err = blockedNavigation(s, err, start)
	}
	if err == nil {
		return r, nil
	}
	err = shape(ctx, s, eventName(e), err)
	if tab, ok := tabOf(e); ok {
		err = freeBusyTab(ctx, s, e, tab, err)
	}
	return r, err
}

// shape gives a failed dispatch its code and an agent-facing message.
func shape(ctx context.Context, s *session.BrowserSession, op string, err error) error {
	code := Code(err)
	if code == events.CodeCDPError || code == events.CodeInternal || code == events.CodeBrowserCrashed ||
		code == events.CodeCanceled || code == events.CodeTimeout {
		if s.Err() == nil && (code == events.CodeCDPError || code == events.CodeInternal || code == events.CodeBrowserCrashed) {
			t := time.NewTimer(deathGrace)
			select {
			case <-s.Done():
			case <-t.C:
			}
			t.Stop()
		}
		if serr := s.Err(); serr != nil {
			// The browser went away under the action: say that, not the
			// transport detail it surfaced as.
			return events.NewError(Code(serr), errors.Join(serr, err),
				"%s stopped: %s; run the command again to start a fresh browser", op, serr)
		}
	}
	var ce *events.Error
	if errors.As(err, &ce) {
		return err
	}
	switch code {
	case events.CodeTimeout:
		return events.NewError(code, err,
			"%s did not finish within its budget (--timeout-ms); check the page with a snapshot or raise the budget", op)
	case events.CodeCanceled:
		return events.NewError(code, err, "%s was cancelled by its caller before it finished", op)
	}
	return events.NewError(code, err, "%s failed: %s", op, errorText(err))
}

// eventName turns an event's type into words: events.NavigateToURLEvent
// becomes "navigate to URL".
func eventName(e any) string { return bus.Words(reflect.TypeOf(e)) }
