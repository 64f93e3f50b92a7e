package session

import (
	"sync"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// Target is one attached CDP target of a session: a tab's page, or an
// out-of-process iframe inside a tab. Its Client speaks on its own flat
// session.
type Target struct {
	ID        events.TargetID
	Type      string // "page" or "iframe"
	SessionID events.SessionID
	// TabID is the page target this target belongs to (itself for a page).
	TabID events.TargetID
	// ParentSessionID is the session that announced this target; empty for
	// pages, the parent's session for iframes.
	ParentSessionID events.SessionID
	OpenerID        events.TargetID

	Client *cdp.Client
	Conn   *rpcc.Conn
	mux    poster // the session's connection, for Post

	mu    sync.Mutex
	url   string
	title string

	done     chan struct{}
	doneOnce sync.Once

	crash crashState
}

// URL is the target's last known URL.
func (t *Target) URL() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.url
}

// Title is the target's last known title.
func (t *Target) Title() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.title
}

func (t *Target) setInfo(url, title string) (changed bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	changed = t.url != url || t.title != title
	t.url, t.title = url, title
	return changed
}

// setTitle records the target's title, read from the browser (see
// BrowserSession.RefreshTitles).
func (t *Target) setTitle(title string) {
	t.mu.Lock()
	t.title = title
	t.mu.Unlock()
}

// Done is closed when the target is detached or its session closed.
func (t *Target) Done() <-chan struct{} { return t.done }

func (t *Target) markDone() { t.doneOnce.Do(func() { close(t.done) }) }

// IsPage reports whether the target is a tab.
func (t *Target) IsPage() bool { return t.Type == "page" }
