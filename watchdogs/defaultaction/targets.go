package defaultaction

import (
	"context"

	"github.com/mafredri/cdp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

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
	a.dlg.Forget(t.ID)
	delete(a.inputs, t.ID)
	delete(a.pointers, t.ID)
	delete(a.navs, t.ID)
	a.closed[t.ID] = true
}

// engine returns tab's snapshot engine, creating it on first use.
func (a *attachment) engine(tab *session.Target) *snapshot.Engine {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.engines[tab.ID]
	if e == nil {
		e = snapshot.New(tab.Client, events.FrameID(tab.ID), frameSessions{s: a.s, tab: tab.ID})
		e.SetPost(tab.Post)
		a.engines[tab.ID] = e
	}
	return e
}

// replacing is Engine.Replacing for tab's engine, if it has one.
func (a *attachment) replacing(tab *session.Target) (replaced func()) {
	a.mu.Lock()
	e := a.engines[tab.ID]
	a.mu.Unlock()
	if e == nil {
		return func() {}
	}
	return e.Replacing()
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

// tabTargets lists tab's page target first, then its out-of-process
// frames.
func (a *attachment) tabTargets(tab *session.Target) []*session.Target {
	out := []*session.Target{tab}
	for _, t := range a.s.Targets() {
		if t.TabID == tab.ID && t != tab {
			out = append(out, t)
		}
	}
	return out
}
