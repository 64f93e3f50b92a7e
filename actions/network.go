package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Network returns the active tab's recent requests, oldest first, and
// forgets them with clear.
func Network(ctx context.Context, s *session.BrowserSession, clear bool) (events.NetworkResult, error) {
	return Do(ctx, s, events.NetworkEvent{Clear: clear})
}
