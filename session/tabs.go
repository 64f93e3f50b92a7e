package session

import (
	"context"
	"fmt"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/target"

	"github.com/agentbrowser/agentbrowser/events"
)

// Targets lists every attached target of the session's tabs.
func (s *BrowserSession) Targets() []*Target {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Target, 0, len(s.targets))
	for _, t := range s.targets {
		out = append(out, t)
	}
	return out
}

// TargetBySession finds an attached target by its session id.
func (s *BrowserSession) TargetBySession(id events.SessionID) (*Target, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.targets[id]
	return t, ok
}

// TargetByID finds an attached target (page or iframe) by its target id.
func (s *BrowserSession) TargetByID(id events.TargetID) (*Target, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.targets {
		if t.ID == id {
			return t, true
		}
	}
	return nil, false
}

// RefreshTitles reads every tab's title from the browser
// (Target.getTargets): Chrome reports the title a page sets after its
// navigation committed (its <title>, document.title) in no event, so
// whatever lists tabs with their titles asks first. Within ctx; when the
// call fails the last known titles stay. URLs are left to the browser's
// events, which report each change.
func (s *BrowserSession) RefreshTitles(ctx context.Context) {
	if s.alive() != nil {
		return
	}
	r, err := s.browser.Target.GetTargets(ctx, nil)
	if err != nil {
		s.log.Debug().Err(err).Msg("reading the tabs' titles")
		return
	}
	for _, info := range r.TargetInfos {
		if t, ok := s.TargetByID(events.TargetID(info.TargetID)); ok && t.IsPage() {
			t.setTitle(info.Title)
		}
	}
}

// Tabs lists the session's tabs in the order they opened.
func (s *BrowserSession) Tabs() []events.TabInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]events.TabInfo, 0, len(s.tabs))
	for _, t := range s.tabs {
		out = append(out, s.tabInfoLocked(t))
	}
	return out
}

func (s *BrowserSession) tabInfoLocked(t *Target) events.TabInfo {
	return events.TabInfo{ID: t.ID, URL: t.URL(), Title: t.Title(), Active: t.ID == s.active, OpenerID: t.OpenerID}
}

// TabInfo describes one tab.
func (s *BrowserSession) TabInfo(id events.TargetID) (events.TabInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.tabs {
		if t.ID == id {
			return s.tabInfoLocked(t), nil
		}
	}
	return events.TabInfo{}, fmt.Errorf("%w: %s", ErrTabNotFound, id)
}

// Tab returns the tab with id, or the active tab when id is empty.
func (s *BrowserSession) Tab(id events.TargetID) (*Target, error) {
	if err := s.alive(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		id = s.active
		if id == "" {
			return nil, ErrNoTab
		}
	}
	for _, t := range s.tabs {
		if t.ID == id {
			return t, nil
		}
	}
	return nil, fmt.Errorf("%w: %s", ErrTabNotFound, id)
}

// ActiveTab returns the active tab.
func (s *BrowserSession) ActiveTab() (*Target, error) { return s.Tab("") }

// SetActive makes tab id the active one, without bringing it to the front
// (see Activate).
func (s *BrowserSession) SetActive(id events.TargetID) error {
	_, err := s.setActive(id)
	return err
}

// Activate makes tab id the active one and brings it to the front of its
// window, so that it is the tab Chrome shows (see raise).
func (s *BrowserSession) Activate(ctx context.Context, id events.TargetID) error {
	t, err := s.setActive(id)
	if err != nil {
		return err
	}
	s.raise(ctx, t)
	return nil
}

func (s *BrowserSession) setActive(id events.TargetID) (*Target, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tabLocked(id)
	if t == nil {
		return nil, fmt.Errorf("%w: %s", ErrTabNotFound, id)
	}
	s.active = id
	return t, nil
}

// NewTab opens a tab at url (about:blank when empty), waits until it is
// attached and ready and its navigation to url has started, and returns
// it. It does not wait for the page to load (actions.NewTab opens a tab and
// loads its URL as a navigation does, reporting its errors). It does not
// change the active tab, and opens behind it, so the active tab stays the
// one Chrome shows.
//
// The tab opens at about:blank and is sent to url once its setup is done:
// chromium-headless-shell holds a tab created at a URL without a renderer
// while it waits for the debugger, so its setup would get no answer.
func (s *BrowserSession) NewTab(ctx context.Context, url string) (*Target, error) {
	if err := s.alive(); err != nil {
		return nil, err
	}
	s.beginCreate()
	// Chrome opens the tab whether or not we wait for its reply, and a tab
	// whose id we never read could not be closed: the call runs to its
	// end whatever ctx does, and a tab nobody waits for any more is closed.
	type created struct {
		id  events.TargetID
		err error
	}
	ch := make(chan created, 1)
	go func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTabTimeout)
		defer cancel()
		// In the background: Chrome hides a window's other tabs (no
		// animation frames, throttled timers), and the active tab must
		// stay in front.
		id, err := s.createTarget(cctx, "about:blank", true)
		ch <- created{id, err}
	}()
	var c created
	select {
	case c = <-ch:
	case <-ctx.Done():
		go func() {
			if c := <-ch; c.err == nil {
				s.discard(c.id)
			}
		}()
		return nil, fmt.Errorf("opening tab: %w", ctx.Err())
	}
	if c.err != nil {
		return nil, c.err
	}
	t, err := s.WaitTab(ctx, c.id)
	if err != nil {
		go s.discard(c.id)
		return nil, err
	}
	if url == "" || url == "about:blank" {
		return t, nil
	}
	// A URL Chrome cannot load still opens (its error page), as a tab
	// created at it would; only one it refuses to navigate to is an error.
	if _, err := t.Client.Page.Navigate(ctx, page.NewNavigateArgs(url)); err != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTabTimeout)
		defer cancel()
		_ = s.CloseTab(cctx, t.ID)
		return nil, fmt.Errorf("opening %q in a new tab (closed again): %w", url, err)
	}
	return t, nil
}

// closeTabTimeout bounds opening a tab, and closing one NewTab could not
// finish.
const closeTabTimeout = 5 * time.Second

// discard closes target id, a tab NewTab opened and gave up on, within
// closeTabTimeout.
func (s *BrowserSession) discard(id events.TargetID) {
	ctx, cancel := context.WithTimeout(context.Background(), closeTabTimeout)
	defer cancel()
	if _, err := s.browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(target.ID(id))); err != nil {
		s.log.Debug().Err(err).Str("target", string(id)).Msg("closing a tab nobody waits for")
	}
}

// CloseTab closes tab id and waits until it is gone.
func (s *BrowserSession) CloseTab(ctx context.Context, id events.TargetID) error {
	t, err := s.Tab(id)
	if err != nil {
		return err
	}
	// Chrome drops a close that arrives as the page commits a navigation of
	// its own (a page that reloads itself as it loads), and a page whose
	// script holds its main thread cannot let its document go: while the
	// tab stays, the close is sent again, the first time after stopping
	// whatever script runs there (the page is going away). A repeat that
	// finds the tab already gone only waits for its detach.
	retry := time.NewTimer(0)
	defer retry.Stop()
	for n := 0; ; n++ {
		select {
		case <-t.Done():
			return nil
		case <-ctx.Done():
			return fmt.Errorf("closing tab %s: %w", t.ID, ctx.Err())
		case <-retry.C:
		}
		if n == 1 {
			tctx, cancel := context.WithTimeout(ctx, closeRetry)
			_ = t.Client.Runtime.TerminateExecution(tctx)
			cancel()
		}
		_, err := s.browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(target.ID(t.ID)))
		switch {
		case err == nil:
			retry.Reset(closeRetry)
		case n == 0:
			return fmt.Errorf("closing tab %s: %w", t.ID, err)
		default:
			s.log.Debug().Err(err).Str("tab", string(t.ID)).Msg("closing a tab again")
		}
	}
}

// closeRetry is how long CloseTab waits for a tab to go before it sends
// the close again; a close goes through in 20-60 ms here.
const closeRetry = 250 * time.Millisecond

// beginCreate notes a Target.createTarget in flight so that the page it
// attaches is parked, not released, until the reply names it.
func (s *BrowserSession) beginCreate() {
	s.mu.Lock()
	s.creating++
	s.mu.Unlock()
}

// createTarget must follow beginCreate.
func (s *BrowserSession) createTarget(ctx context.Context, url string, background bool) (events.TargetID, error) {
	reply, err := s.browser.Target.CreateTarget(ctx, s.createTargetArgs(url, background))
	var id events.TargetID
	if err == nil {
		id = events.TargetID(reply.TargetID)
	}
	s.mu.Lock()
	s.creating--
	if err == nil {
		s.created[id] = true
	}
	parked := s.parked
	s.parked = nil
	s.mu.Unlock()
	for _, a := range parked {
		s.spawnAttach(a)
	}
	if err != nil {
		return "", fmt.Errorf("opening tab: %w", err)
	}
	return id, nil
}

// WaitTab waits until tab id is attached and ready.
func (s *BrowserSession) WaitTab(ctx context.Context, id events.TargetID) (*Target, error) {
	for {
		s.mu.Lock()
		ch := s.changed
		for _, t := range s.tabs {
			if t.ID == id {
				s.mu.Unlock()
				return t, nil
			}
		}
		s.mu.Unlock()
		select {
		case <-ch:
		case <-s.done:
			return nil, s.alive()
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for tab %s: %w", id, ctx.Err())
		}
	}
}

// Changed returns a channel closed at the next change of tabs or targets.
func (s *BrowserSession) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

func (s *BrowserSession) waitAnyTab(ctx context.Context) (*Target, error) {
	for {
		s.mu.Lock()
		ch := s.changed
		if len(s.tabs) > 0 {
			t := s.tabs[0]
			s.mu.Unlock()
			return t, nil
		}
		s.mu.Unlock()
		select {
		case <-ch:
		case <-s.done:
			return nil, s.alive()
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for the first tab: %w", ctx.Err())
		}
	}
}

func (s *BrowserSession) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// raiseTimeout bounds bringing a tab to the front after another closed.
const raiseTimeout = 5 * time.Second

// tabLocked returns the tab with id, or nil.
func (s *BrowserSession) tabLocked(id events.TargetID) *Target {
	for _, t := range s.tabs {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// raise brings t to the front of its window, so that Chrome shows the tab
// the session acts in: a window's other tabs are hidden, and a hidden page
// runs no animation frames (nor IntersectionObserver callbacks) and has its
// timers throttled. It does nothing once the session is closing.
func (s *BrowserSession) raise(ctx context.Context, t *Target) {
	select {
	case <-s.closing:
		return
	default:
	}
	if err := t.Client.Page.BringToFront(ctx); err != nil {
		s.log.Debug().Err(err).Str("target", string(t.ID)).Msg("bringing the active tab to the front failed")
	}
}
