package defaultaction

import (
	"context"
	"encoding/json"

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

// maxTitle is the most of a page's title a result carries, in characters:
// what Chrome itself keeps of a title for its tab strip. A page may set a
// title of megabytes, which would fill every snapshot past the result cap.
const maxTitle = 4096

// shortTitle cuts a page's title to maxTitle characters, ending with "…"
// when it cut.
func shortTitle(t string) string {
	if len(t) <= maxTitle {
		return t
	}
	n := 0
	for i := range t {
		if n == maxTitle {
			return t[:i] + "…"
		}
		n++
	}
	return t
}

// location reads the tab's current URL and title from the page.
func (a *attachment) location(ctx context.Context, tab *session.Target) (string, string) {
	r, err := session.Evaluate(ctx, tab.Client, "[location.href, document.title]", false)
	if err != nil || r.ExceptionDetails != nil {
		return tab.URL(), tab.Title()
	}
	var v []string
	if err := json.Unmarshal(r.Result.Value, &v); err != nil || len(v) != 2 {
		return tab.URL(), tab.Title()
	}
	return v[0], v[1]
}
