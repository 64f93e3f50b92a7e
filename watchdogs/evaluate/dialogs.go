package evaluate

import (
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// dialogs knows which targets show a JavaScript dialog. A dialog blocks its
// page's script thread, so an evaluation there would wait until someone
// answers; the engine checks here first and races every call against a
// dialog opening. Safe for concurrent use.
type dialogs struct {
	mu      sync.Mutex
	open    map[events.SessionID]*events.DialogInfo
	changed chan struct{} // closed and replaced when a dialog opens
}

func newDialogs() *dialogs {
	return &dialogs{open: map[events.SessionID]*events.DialogInfo{}, changed: make(chan struct{})}
}

// opened records a dialog on t.
func (d *dialogs) opened(t *session.Target, ev *page.JavascriptDialogOpeningReply) {
	info := &events.DialogInfo{Type: string(ev.Type), Message: ev.Message, URL: ev.URL, OpenedAt: time.Now(), TabID: t.TabID}
	if ev.DefaultPrompt != nil {
		info.DefaultPrompt = *ev.DefaultPrompt
	}
	if !t.IsPage() {
		info.FrameID = events.FrameID(t.ID)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.open[t.SessionID] = info
	close(d.changed)
	d.changed = make(chan struct{})
}

// closed records that t's dialog is gone.
func (d *dialogs) closed(t *session.Target) {
	d.mu.Lock()
	defer d.mu.Unlock()
	// A tab shows one native dialog at a time: a close from any of its
	// sessions ends the tab's dialog.
	for sid, info := range d.open {
		if info.TabID == t.TabID {
			delete(d.open, sid)
		}
	}
}

// forget drops what the tracker holds for tab.
func (d *dialogs) forget(tab events.TargetID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for sid, info := range d.open {
		if info.TabID == tab {
			delete(d.open, sid)
		}
	}
}

// pending returns a dialog open anywhere in tab, or nil.
func (d *dialogs) pending(tab events.TargetID) *events.DialogInfo {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, info := range d.open {
		if info.TabID == tab {
			return info
		}
	}
	return nil
}

// changes is closed at the next dialog opening, in any tab.
func (d *dialogs) changes() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.changed
}

// blocking is the error of an evaluation a dialog stands in front of.
func blocking(info *events.DialogInfo) error {
	return events.Errorf(events.CodeDialogBlocking,
		"a JavaScript %s dialog (%q) blocks the page: answer it before evaluating", info.Type, info.Message).
		WithDetail("dialog", info)
}
