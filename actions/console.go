package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Console returns the active tab's recent console errors and warnings (all
// levels with all), and forgets them when clear is set.
func Console(ctx context.Context, s *session.BrowserSession, all, clear bool) (events.ConsoleResult, error) {
	return Do[events.ConsoleEvent, events.ConsoleResult](ctx, s, events.ConsoleEvent{All: all, Clear: clear})
}
