package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/target"

	"github.com/agentbrowser/agentbrowser/events"
)

// OnTargetAttached registers h for every target attached from now on. The
// returned function removes it.
func (s *BrowserSession) OnTargetAttached(h AttachHook) (remove func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextHook++
	id := s.nextHook
	s.attachFns = append(s.attachFns, hookEntry[AttachHook]{id, h})
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.attachFns = slices.DeleteFunc(s.attachFns, func(e hookEntry[AttachHook]) bool { return e.id == id })
	}
}

// OnTargetDetached registers h for every target detached from now on.
func (s *BrowserSession) OnTargetDetached(h DetachHook) (remove func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextHook++
	id := s.nextHook
	s.detachFns = append(s.detachFns, hookEntry[DetachHook]{id, h})
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.detachFns = slices.DeleteFunc(s.detachFns, func(e hookEntry[DetachHook]) bool { return e.id == id })
	}
}

// onAttachedFrame runs on the socket reader: it only hands the work over.
func (s *BrowserSession) onAttachedFrame(parent, sessionID string, params json.RawMessage) {
	var r target.AttachedToTargetReply
	if err := json.Unmarshal(params, &r); err != nil {
		return
	}
	if !s.announcedToUs(parent, r.TargetInfo.Type) {
		return
	}
	s.spawnAttach(attachment{parent: events.SessionID(parent), reply: r})
}

func (s *BrowserSession) spawnAttach(a attachment) {
	select {
	case <-s.closing:
		return
	default:
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.attach(a)
	}()
}

// announcedToUs tells the session's own attachments from those of other
// users of the same transport (the evaluate engine's browser session and
// its targets on a pipe): the session's come on the browser session or on
// one of its targets, and are never the browser itself.
func (s *BrowserSession) announcedToUs(parent, targetType string) bool {
	if targetType == "browser" {
		return false
	}
	if parent == "" {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.targets[events.SessionID(parent)]
	return ok
}

// onDetachedFrame runs on the socket reader: it only hands the work over.
func (s *BrowserSession) onDetachedFrame(parent, sessionID string) {
	s.mu.Lock()
	t, ok := s.targets[events.SessionID(sessionID)]
	s.mu.Unlock()
	if !ok {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.detached(t)
	}()
}

// attach decides whether the session owns a new target, prepares it and
// resumes it.
func (s *BrowserSession) attach(a attachment) {
	info := a.reply.TargetInfo
	sid := events.SessionID(a.reply.SessionID)
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.SetupTimeout)
	defer cancel()

	rc, err := s.conn.Session(string(sid))
	if err != nil {
		return
	}
	client := cdp.NewClient(rc)
	t := &Target{
		ID:              events.TargetID(info.TargetID),
		Type:            info.Type,
		SessionID:       sid,
		ParentSessionID: a.parent,
		Client:          client,
		Conn:            rc,
		mux:             s.conn,
		url:             info.URL,
		title:           info.Title,
		done:            make(chan struct{}),
	}
	if info.OpenerID != nil {
		t.OpenerID = events.TargetID(*info.OpenerID)
	}

	s.mu.Lock()
	own, wait := s.ownsLocked(a, t)
	if wait {
		s.parked = append(s.parked, a)
		s.mu.Unlock()
		return
	}
	if !own {
		s.mu.Unlock()
		s.release(ctx, client, sid, a.reply.WaitingForDebugger)
		return
	}
	if t.Type == "page" {
		t.TabID = t.ID
	} else {
		t.TabID = s.targets[a.parent].TabID
	}
	s.targets[sid] = t
	s.mu.Unlock()
	s.ownTarget(t.ID, t.TabID)
	s.noteOrigin(info.URL)

	log := s.log.With().Str("target", string(t.ID)).Str("type", t.Type).Logger()
	if t.IsPage() && t.OpenerID != "" && a.reply.WaitingForDebugger {
		// A popup answers Page.enable only once it runs: send the setup
		// and the resume in order without waiting, then run the hooks.
		if err := s.preparePopup(ctx, t); err != nil {
			log.Debug().Err(err).Msg("preparing popup failed")
		}
	} else {
		if err := s.prepare(ctx, t); err != nil {
			log.Debug().Err(err).Msg("preparing target failed")
		}
		if a.reply.WaitingForDebugger {
			if err := client.Runtime.RunIfWaitingForDebugger(ctx); err != nil {
				log.Debug().Err(err).Msg("resuming target failed")
			}
		}
	}

	s.mu.Lock()
	if _, still := s.targets[sid]; !still {
		s.mu.Unlock()
		return
	}
	var front *Target
	if t.IsPage() {
		s.tabs = append(s.tabs, t)
		if s.active == "" {
			s.active = t.ID
		} else if t.OpenerID != "" {
			// Chrome put the page's popup in front of its window; the
			// active tab goes back there.
			front = s.tabLocked(s.active)
		}
	}
	s.notifyLocked()
	var tab events.TabInfo
	if t.IsPage() {
		tab = s.tabInfoLocked(t)
	}
	s.mu.Unlock()

	if front != nil {
		s.raise(ctx, front)
	}
	log.Debug().Msg("target attached")
	if t.IsPage() {
		Emit(ctx, s, events.TabCreatedEvent{Tab: tab})
	}
	Emit(ctx, s, events.TargetAttachedEvent{TargetID: t.ID, Type: t.Type, SessionID: sid, TabID: t.TabID, URL: info.URL})
}

// ownsLocked decides ownership: a launched browser's pages are all the
// session's; on a shared browser only the tabs it created and the tabs
// those opened are. Iframes belong to whoever owns their parent. wait is
// true while a createTarget is in flight that may turn out to be this page.
func (s *BrowserSession) ownsLocked(a attachment, t *Target) (own, wait bool) {
	switch t.Type {
	case "page":
		if s.proc != nil || s.created[t.ID] {
			return true, false
		}
		if t.OpenerID != "" {
			for _, tab := range s.tabs {
				if tab.ID == t.OpenerID {
					return true, false
				}
			}
		}
		return false, s.creating > 0
	case "iframe":
		_, ok := s.targets[a.parent]
		return ok, false
	default:
		return false, false
	}
}

// release resumes a target the session does not want and detaches from it.
func (s *BrowserSession) release(ctx context.Context, c *cdp.Client, sid events.SessionID, waiting bool) {
	if waiting {
		_ = c.Runtime.RunIfWaitingForDebugger(ctx)
	}
	id := target.SessionID(sid)
	_ = s.browser.Target.DetachFromTarget(ctx, &target.DetachFromTargetArgs{SessionID: &id})
}

// preparePopup pipelines the enables and the resume of a paused popup,
// then runs the attach hooks on the running page.
func (s *BrowserSession) preparePopup(ctx context.Context, t *Target) error {
	// A popup answers Page.enable only once it runs, so the resume goes
	// out with the setup rather than after its replies.
	errs := s.postAll(ctx, t, append(s.setupCmds(t), postCmd{"Runtime.runIfWaitingForDebugger", nil}))
	errs = append(errs, s.runHooks(ctx, t))
	return errors.Join(errs...)
}

// prepare enables what every target needs, auto-attaches its out-of-process
// children (paused, flat), and runs the attach hooks. The setup commands
// go out together and Chrome runs them in order: a new tab's Page.enable
// waits for its renderer to start, and the rest no longer wait a round
// trip each after it.
func (s *BrowserSession) prepare(ctx context.Context, t *Target) error {
	errs := s.postAll(ctx, t, s.setupCmds(t))
	errs = append(errs, s.runHooks(ctx, t))
	return errors.Join(errs...)
}

// postCmd is one CDP command of a target's setup.
type postCmd struct {
	method string
	params any
}

// setupCmds is what every target is sent when attached, in order.
func (s *BrowserSession) setupCmds(t *Target) []postCmd {
	cmds := []postCmd{
		{"Page.enable", nil},
		{"Page.setLifecycleEventsEnabled", page.NewSetLifecycleEventsEnabledArgs(true)},
		{"Runtime.enable", nil},
		{"Target.setAutoAttach", target.NewSetAutoAttachArgs(true, true).SetFlatten(true).SetFilter(target.Filter{{Type: ptr("iframe")}})},
	}
	// Interception (the origin policy, the dialog bridge) must be on
	// before the target loads another document.
	if method, params := s.fetchSetup(t); method != "" {
		cmds = append(cmds, postCmd{method, params})
	}
	return cmds
}

// postAll sends cmds to t in order without waiting, then waits for every
// reply; it returns the failures, each naming its command.
func (s *BrowserSession) postAll(ctx context.Context, t *Target, cmds []postCmd) []error {
	var waits []func(context.Context) (json.RawMessage, error)
	var errs []error
	for _, c := range cmds {
		w, err := t.Post(c.method, c.params)
		if err != nil {
			errs = append(errs, err)
			break
		}
		waits = append(waits, w)
	}
	for i, w := range waits {
		if _, err := w(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", cmds[i].method, err))
		}
	}
	return errs
}

// runHooks runs the attach hooks on t, each on its own goroutine, and
// returns when all have. A new tab's renderer is still busy starting when
// they run, and each hook's commands wait their turn there: run one after
// another, the hooks' round trips (Inspector.enable, Page.getFrameTree,
// Network.enable, ...) added 20-70 ms to a launch, where together they
// take about the longest one.
func (s *BrowserSession) runHooks(ctx context.Context, t *Target) error {
	s.mu.Lock()
	hooks := make([]AttachHook, 0, len(s.attachFns))
	for _, h := range s.attachFns {
		hooks = append(hooks, h.fn)
	}
	s.mu.Unlock()
	errs := make([]error, len(hooks))
	var wg sync.WaitGroup
	for i, h := range hooks {
		wg.Go(func() {
			start := time.Now()
			errs[i] = h(ctx, t)
			if d := time.Since(start); d > time.Second {
				s.log.Warn().Str("target", string(t.ID)).Int("hook", i).Dur("dur", d).Msg("slow target attach hook")
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// detached forgets a target, and its children when it is a page.
func (s *BrowserSession) detached(t *Target) {
	s.mu.Lock()
	if _, ok := s.targets[t.SessionID]; !ok {
		s.mu.Unlock()
		return
	}
	gone := []*Target{t}
	var front *Target
	delete(s.targets, t.SessionID)
	if t.IsPage() {
		for sid, c := range s.targets {
			if c.TabID == t.ID {
				gone = append(gone, c)
				delete(s.targets, sid)
			}
		}
		s.tabs = slices.DeleteFunc(s.tabs, func(x *Target) bool { return x == t })
		if s.active == t.ID {
			s.active = ""
			if n := len(s.tabs); n > 0 {
				s.active = s.tabs[n-1].ID
				front = s.tabs[n-1]
			}
		}
	}
	s.notifyLocked()
	hooks := make([]DetachHook, 0, len(s.detachFns))
	for _, h := range s.detachFns {
		hooks = append(hooks, h.fn)
	}
	s.mu.Unlock()

	// Hooks first, then Done: whoever waits on Done (CloseTab) must find
	// the watchdogs already told, and the new active tab in front.
	for _, g := range gone {
		for _, h := range hooks {
			h(g)
		}
	}
	if front != nil {
		rctx, cancel := context.WithTimeout(context.Background(), raiseTimeout)
		s.raise(rctx, front)
		cancel()
	}
	for _, g := range gone {
		g.markDone()
	}
	ctx := context.Background()
	for _, g := range gone {
		Emit(ctx, s, events.TargetDetachedEvent{TargetID: g.ID, SessionID: g.SessionID, TabID: g.TabID})
	}
	if t.IsPage() {
		Emit(ctx, s, events.TabClosedEvent{ID: t.ID})
	}
}

// watchTargetInfo follows URL and title changes and crashes of the
// session's tabs from the browser's target discovery events.
func (s *BrowserSession) watchTargetInfo() {
	defer s.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	changed, err := s.browser.Target.TargetInfoChanged(ctx)
	if err != nil {
		return
	}
	defer changed.Close()
	crashed, err := s.browser.Target.TargetCrashed(ctx)
	if err != nil {
		return
	}
	defer crashed.Close()
	for {
		select {
		case <-changed.Ready():
			ev, err := changed.Recv()
			if err != nil {
				return
			}
			info := ev.TargetInfo
			t, ok := s.TargetByID(events.TargetID(info.TargetID))
			if !ok || !t.setInfo(info.URL, info.Title) {
				continue
			}
			s.noteOrigin(info.URL)
			s.mu.Lock()
			s.notifyLocked()
			s.mu.Unlock()
			if t.IsPage() {
				tab, err := s.TabInfo(t.ID)
				if err == nil {
					Emit(ctx, s, events.TabNavigatedEvent{Tab: tab})
				}
			}
		case <-crashed.Ready():
			ev, err := crashed.Recv()
			if err != nil {
				return
			}
			if t, ok := s.TargetByID(events.TargetID(ev.TargetID)); ok && t.IsPage() {
				s.log.Warn().Str("target", string(t.ID)).Str("status", ev.Status).Msg("tab crashed")
				t.markCrashed(ev.Status)
				Emit(ctx, s, events.TabCrashedEvent{ID: t.ID, Status: ev.Status})
			}
		case <-s.closing:
			return
		case <-s.conn.Done():
			return
		}
	}
}
