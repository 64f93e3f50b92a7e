package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Emulate changes the session's emulation (see events.EmulateEvent) for
// every tab, those opened later too, and returns the settings afterwards.
func Emulate(ctx context.Context, s *session.BrowserSession, e events.EmulateEvent) (events.Emulation, error) {
	return Do(ctx, s, e)
}
