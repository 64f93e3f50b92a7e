package actions

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Read returns the active tab's readable content as Markdown (see
// events.ReadEvent): ref, a ref or a locator, reads one element; all keeps
// the navigation chrome.
func Read(ctx context.Context, s *session.BrowserSession, ref events.Ref, all bool) (events.ReadResult, error) {
	return Do(ctx, s, events.ReadEvent{Ref: ref, All: all})
}
