package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Find lists the elements locator matches in the active tab, each with its
// ref, without a snapshot (see events.ParseLocator for the forms a locator
// takes). Any action's ref may be a locator as well: Click(ctx, s,
// `role=button[name="Pay"]`).
func Find(ctx context.Context, s *session.BrowserSession, locator string) (events.LocateResult, error) {
	return Do(ctx, s, events.LocateEvent{Locator: locator})
}
