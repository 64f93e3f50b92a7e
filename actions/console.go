package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// ConsoleOptions are the options of Console.
type ConsoleOptions struct {
	// All returns messages of every level, not only errors and warnings.
	All bool
	// Clear forgets the tab's messages once read.
	Clear bool
}

// Console returns the active tab's recent console errors and warnings (all
// levels with opts.All), and forgets them with opts.Clear.
func Console(ctx context.Context, s *session.BrowserSession, opts ConsoleOptions) (events.ConsoleResult, error) {
	return Do(ctx, s, events.ConsoleEvent{All: opts.All, Clear: opts.Clear})
}
