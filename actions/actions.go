package actions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Do dispatches e on s's bus and returns the first handler's result. A
// deadline reached anywhere becomes a timeout error that names the event.
func Do[E any, R any](ctx context.Context, s *session.BrowserSession, e E) (R, error) {
	start := time.Now()
	r, err := bus.DispatchFirst[E, R](ctx, s.Bus(), e)
	if err == nil {
		addBlocked(s, &r, start)
	} else {
		err = blockedNavigation(s, err, start)
	}
	if err != nil {
		if serr := s.Err(); serr != nil {
			// The browser went away under the action: say that, not the
			// transport detail it surfaced as.
			return r, fmt.Errorf("%T: %w", e, serr)
		}
		// A handler's own coded timeout keeps its message and details;
		// only a bare deadline gets one that names the event.
		var ce *events.Error
		if Code(err) == events.CodeTimeout && !errors.As(err, &ce) {
			return r, events.Errorf(events.CodeTimeout, "%s timed out: %w", eventName(e), err)
		}
	}
	return r, err
}

func eventName(e any) string { return fmt.Sprintf("%T", e) }

// Navigate loads url in the active tab and waits for its load event.
func Navigate(ctx context.Context, s *session.BrowserSession, url string) (events.NavigationResult, error) {
	return Do[events.NavigateToURLEvent, events.NavigationResult](ctx, s, events.NavigateToURLEvent{URL: url})
}

// ClickAt clicks at viewport coordinates in the active tab.
func ClickAt(ctx context.Context, s *session.BrowserSession, x, y float64) (events.ActionResult, error) {
	return Do[events.ClickCoordinateEvent, events.ActionResult](ctx, s, events.ClickCoordinateEvent{X: x, Y: y})
}

// Evaluate runs a JavaScript expression in the active tab.
func Evaluate(ctx context.Context, s *session.BrowserSession, expr string) (events.EvaluateResult, error) {
	return Do[events.EvaluateEvent, events.EvaluateResult](ctx, s, events.EvaluateEvent{Expression: expr, AwaitPromise: true, ReturnByValue: true})
}

// Tabs lists the session's tabs.
func Tabs(ctx context.Context, s *session.BrowserSession) ([]events.TabInfo, error) {
	return Do[events.TabsEvent, []events.TabInfo](ctx, s, events.TabsEvent{})
}
