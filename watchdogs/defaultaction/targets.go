package defaultaction

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
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
	a.wg.Add(3)
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
	go func() {
		defer a.wg.Done()
		for {
			ev, err := opening.Recv()
			if err != nil {
				return
			}
			d := dialogInfo(ev, t.TabID)
			a.mu.Lock()
			a.pending[t.TabID] = append(a.pending[t.TabID], d)
			a.mu.Unlock()
		}
	}()
	go func() {
		defer a.wg.Done()
		for {
			if _, err := closing.Recv(); err != nil {
				return
			}
			a.mu.Lock()
			if p := a.pending[t.TabID]; len(p) > 0 {
				a.pending[t.TabID] = p[:len(p)-1]
			}
			a.mu.Unlock()
		}
	}()
	return nil
}

// targetDetached drops a closed tab's engine and dialogs.
func (a *attachment) targetDetached(t *session.Target) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !t.IsPage() {
		delete(a.pending, t.ID)
		return
	}
	if e := a.engines[t.ID]; e != nil {
		e.Reset()
		delete(a.engines, t.ID)
	}
	delete(a.pending, t.ID)
	a.closed[t.ID] = true
}

// pendingDialog returns the newest dialog open in tab, if any.
func (a *attachment) pendingDialog(tab events.TargetID) *events.DialogInfo {
	a.mu.Lock()
	defer a.mu.Unlock()
	if p := a.pending[tab]; len(p) > 0 {
		return p[len(p)-1]
	}
	return nil
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
