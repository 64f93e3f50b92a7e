package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/session"
)

// navigatedLocation is the tab's URL and title once a navigation reached
// its lifecycle point. The browser process answers it from the current
// history entry, without a round trip to a renderer that is still busy
// right after the load event (which costs several milliseconds); a failure
// falls back to asking the page.
func (a *attachment) navigatedLocation(ctx context.Context, tab *session.Target) (string, string) {
	h, err := tab.Client.Page.GetNavigationHistory(ctx)
	if err != nil || h.CurrentIndex < 0 || h.CurrentIndex >= len(h.Entries) {
		return a.location(ctx, tab)
	}
	e := h.Entries[h.CurrentIndex]
	return e.URL, e.Title
}
