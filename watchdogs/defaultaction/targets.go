package defaultaction

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// targetAttached follows t's JS dialogs until t or the attachment goes
// away. The DialogWatchdog owns dialogs; this only tells the snapshot that
// the page cannot answer.
func (a *attachment) targetAttached(ctx context.Context, t *session.Target) error {
	streamCtx, cancel := context.WithCancel(context.Background())
	opening, err := t.Client.Page.JavascriptDialogOpening(streamCtx)
	if err != nil {
		cancel()
		return fmt.Errorf("listening for dialogs of %s: %w", t.ID, err)
	}
	closing, err := t.Client.Page.JavascriptDialogClosed(streamCtx)
	if err != nil {
		opening.Close()
		cancel()
		return fmt.Errorf("listening for closed dialogs of %s: %w", t.ID, err)
	}
	if err := cdp.Sync(opening, closing); err != nil {
		opening.Close()
		closing.Close()
		cancel()
		return fmt.Errorf("ordering dialog events of %s: %w", t.ID, err)
	}
	a.wg.Add(2)
	go func() {
		defer a.wg.Done()
		defer cancel()
		select {
		case <-t.Done():
		case <-a.stop:
		}
		opening.Close()
		closing.Close()
	}()
	// One goroutine reads both streams, in the order the browser sent
	// them. A tab shows one native dialog at a time, and Chromium may
	// announce it on more than one of the tab's sessions while closing it
	// once: a close from any session ends the tab's dialog.
	go func() {
		defer a.wg.Done()
		for {
			select {
			case <-opening.Ready():
				ev, err := opening.Recv()
				if err != nil {
					return
				}
				d := dialogInfo(ev, t.TabID)
				a.mu.Lock()
				a.pending[t.TabID] = d
				a.mu.Unlock()
			case <-closing.Ready():
				if _, err := closing.Recv(); err != nil {
					return
				}
				a.mu.Lock()
				delete(a.pending, t.TabID)
				a.mu.Unlock()
			case <-streamCtx.Done():
				return
			}
		}
	}()
	return nil
}

// targetDetached drops a closed tab's engine and dialogs.
func (a *attachment) targetDetached(t *session.Target) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !t.IsPage() {
		return
	}
	if e := a.engines[t.ID]; e != nil {
		e.Reset()
		delete(a.engines, t.ID)
	}
	delete(a.pending, t.ID)
	a.closed[t.ID] = true
}

// pendingDialog returns the dialog open in tab, if any. The DialogWatchdog,
// when installed, has the last word: our own stream may lag behind an
// answer the agent just gave.
func (a *attachment) pendingDialog(ctx context.Context, tab events.TargetID) *events.DialogInfo {
	a.mu.Lock()
	d := a.pending[tab]
	a.mu.Unlock()
	if d == nil {
		return nil
	}
	if pending, known := watchdogs.DialogPending(ctx, a.s.Bus(), tab); known && !pending {
		a.mu.Lock()
		if a.pending[tab] == d {
			delete(a.pending, tab)
		}
		a.mu.Unlock()
		return nil
	}
	return d
}

// engine returns tab's snapshot engine, creating it on first use.
func (a *attachment) engine(tab *session.Target) *snapshot.Engine {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.engines[tab.ID]
	if e == nil {
		e = snapshot.New(tab.Client, frameSessions{s: a.s, tab: tab.ID})
		a.engines[tab.ID] = e
	}
	return e
}

// frameSessions gives the snapshot engine the sessions of one tab's
// out-of-process frames.
type frameSessions struct {
	s   *session.BrowserSession
	tab events.TargetID
}

// FrameClient implements snapshot.FrameSessions: an OOPIF's target id is
// its frame id.
func (f frameSessions) FrameClient(ctx context.Context, frameID events.FrameID) (*cdp.Client, bool) {
	t, ok := f.s.TargetByID(events.TargetID(frameID))
	if !ok || t.IsPage() || t.TabID != f.tab {
		return nil, false
	}
	return t.Client, true
}

// targetOf finds the attached target of tab whose client is c.
func (a *attachment) targetOf(tab *session.Target, c *cdp.Client) *session.Target {
	if c == tab.Client {
		return tab
	}
	for _, t := range a.tabTargets(tab) {
		if t.Client == c {
			return t
		}
	}
	return nil
}

var _ snapshot.FrameSessions = frameSessions{}
