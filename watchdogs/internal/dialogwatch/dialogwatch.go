// Package dialogwatch follows the JavaScript dialogs of a session's tabs for
// the watchdogs whose work a dialog can block (actions, evaluate): it is
// theirs alone, not part of the public API.
package dialogwatch

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// confirmWait bounds asking the dialog watchdog; it answers from memory.
const confirmWait = 250 * time.Millisecond

// Pending asks the DialogWatchdog whether tab has a dialog open, and
// returns the first (with its id). known is false when no DialogWatchdog
// answered, and the caller should trust its own tracking.
func Pending(ctx context.Context, b *bus.Bus, tab events.TargetID) (open *events.DialogInfo, known bool) {
	ctx, cancel := context.WithTimeout(ctx, confirmWait)
	defer cancel()
	r, err := bus.Ask(ctx, b, events.DialogsEvent{TabID: tab})
	if err != nil {
		return nil, false
	}
	if len(r.Pending) == 0 {
		return nil, true
	}
	d := r.Pending[0]
	return &d, true
}

// DialogInfo describes a native dialog from its CDP event, in tab.
func Info(ev *page.JavascriptDialogOpeningReply, tab events.TargetID) *events.DialogInfo {
	d := &events.DialogInfo{Type: string(ev.Type), Message: ev.Message, URL: ev.URL, OpenedAt: time.Now(), TabID: tab}
	if ev.DefaultPrompt != nil {
		d.DefaultPrompt = *ev.DefaultPrompt
	}
	return d
}

// Tracker follows native JavaScript dialogs on every target of a
// session, so that a watchdog can tell an action that its page is blocked
// without depending on the DialogWatchdog. A tab shows one native dialog at
// a time, and Chromium may announce it on more than one of the tab's
// sessions while closing it once, so the tracker keeps one dialog per tab
// and a close from any of the tab's sessions ends it. Its streams are read
// on their own goroutines and may lag an answer the agent just gave; Pending
// therefore defers to the DialogWatchdog when one is installed.
type Tracker struct {
	bus *bus.Bus

	mu      sync.Mutex
	open    map[events.TargetID]*events.DialogInfo
	changed chan struct{} // closed and replaced when a dialog opens
	// watchers are called when a dialog that blocks opens in their tab
	// (OnBlock).
	watchers map[events.TargetID]map[uint64]func(events.DialogInfo)
	watchID  uint64
	// watchdog is set once a DialogWatchdog is known to be on the bus;
	// its DialogOpenedEvent then says which dialogs block (see OnBlock).
	watchdog atomic.Bool
	sub      bus.Subscription

	closed bool          // under mu; no goroutine starts after Close
	stop   chan struct{} // closed by Close
	wg     sync.WaitGroup
}

// NewTracker returns a tracker for a session with bus b. Register its
// Follow as an attach hook; Close it on Detach.
func NewTracker(b *bus.Bus) *Tracker {
	d := &Tracker{
		bus:     b,
		open:    map[events.TargetID]*events.DialogInfo{},
		changed: make(chan struct{}),
		stop:    make(chan struct{}),
	}
	d.sub = bus.Observe(b, "dialogwatch", d.held)
	return d
}

// Follow reads t's dialog events until t is gone or the tracker closes. It
// has the signature of a session.AttachHook.
func (d *Tracker) Follow(_ context.Context, t *session.Target) error {
	ctx, cancel := context.WithCancel(context.Background())
	opening, err := t.Client.Page.JavascriptDialogOpening(ctx)
	if err != nil {
		cancel()
		return fmt.Errorf("following dialogs of %s: %w", t.ID, err)
	}
	closing, err := t.Client.Page.JavascriptDialogClosed(ctx)
	if err == nil {
		err = cdp.Sync(opening, closing)
	}
	if err != nil {
		opening.Close()
		if closing != nil {
			closing.Close()
		}
		cancel()
		return fmt.Errorf("following dialogs of %s: %w", t.ID, err)
	}
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		opening.Close()
		closing.Close()
		cancel()
		return nil
	}
	d.wg.Add(1)
	d.mu.Unlock()
	go func() {
		defer d.wg.Done()
		defer cancel()
		defer opening.Close()
		defer closing.Close()
		for {
			select {
			case <-opening.Ready():
				ev, err := opening.Recv()
				if err != nil {
					return
				}
				info := Info(ev, t.TabID)
				if !t.IsPage() {
					info.FrameID = events.FrameID(t.ID)
				}
				d.mu.Lock()
				d.open[t.TabID] = info
				close(d.changed)
				d.changed = make(chan struct{})
				d.mu.Unlock()
				d.nativeOpened(t.TabID, *info)
			case <-closing.Ready():
				if _, err := closing.Recv(); err != nil {
					return
				}
				d.Forget(t.TabID)
			case <-t.Done():
				return
			case <-d.stop:
				return
			}
		}
	}()
	return nil
}

// Forget drops tab's dialog: it closed, or the tab is gone.
func (d *Tracker) Forget(tab events.TargetID) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.open, tab)
}

// Open is the dialog the tracker last saw open in tab, without asking the
// DialogWatchdog; for checks made while an action runs.
func (d *Tracker) Open(tab events.TargetID) *events.DialogInfo {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.open[tab]
}

// Pending is the dialog open in tab, if any. The DialogWatchdog, when
// installed, has the last word: the tracker's streams may lag behind an
// answer the agent just gave.
func (d *Tracker) Pending(ctx context.Context, tab events.TargetID) *events.DialogInfo {
	info := d.Open(tab)
	if info == nil {
		return nil
	}
	open, known := Pending(ctx, d.bus, tab)
	switch {
	case known && open == nil:
		d.mu.Lock()
		if d.open[tab] == info {
			delete(d.open, tab)
		}
		d.mu.Unlock()
		return nil
	case open != nil:
		// The watchdog's own record names the dialog by its id.
		return open
	}
	return info
}

// Changes returns a channel closed at the next dialog that opens.
func (d *Tracker) Changes() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.changed
}

// Close stops following and waits for the tracker's goroutines.
func (d *Tracker) Close() {
	d.sub.Unsubscribe()
	d.mu.Lock()
	if !d.closed {
		d.closed = true
		close(d.stop)
	}
	d.mu.Unlock()
	d.wg.Wait()
}
