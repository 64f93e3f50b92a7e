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
	"github.com/mafredri/cdp/protocol/browser"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/protocol/target"
	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

// Config says how a BrowserSession reaches its browser.
type Config struct {
	// TaskID names the session in logs and in a Registry.
	TaskID string
	// CDPURL connects to a running browser (ws://.../devtools/browser/...
	// or http://host:port) instead of launching one.
	CDPURL string
	// Launch configures the local browser when CDPURL is empty.
	Launch LaunchConfig
	// ConnectTimeout bounds launching or connecting when the caller's
	// context has no deadline. Default 30 s.
	ConnectTimeout time.Duration
	// SetupTimeout bounds preparing one newly attached target. Default 10 s.
	SetupTimeout time.Duration
	// Bus configures the session's event bus.
	Bus bus.Config
	// Extensions are started, in order, once the connection is up and
	// before any tab is attached, and stopped in reverse by Close. The
	// watchdog manager is one.
	Extensions []Extension
	Logger     zerolog.Logger
}

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.ConnectTimeout < 0 {
		errs = append(errs, errors.New("connect timeout must not be negative"))
	}
	if c.SetupTimeout < 0 {
		errs = append(errs, errors.New("setup timeout must not be negative"))
	}
	for i, e := range c.Extensions {
		if e == nil {
			errs = append(errs, fmt.Errorf("extension %d is nil", i))
		}
	}
	return errors.Join(errs...)
}

func (c *Config) defaults() {
	if c.ConnectTimeout == 0 {
		c.ConnectTimeout = 30 * time.Second
	}
	if c.SetupTimeout == 0 {
		c.SetupTimeout = 10 * time.Second
	}
	if c.Bus.Name == "" {
		c.Bus.Name = c.TaskID
	}
}

// Extension is started with a session and stopped with it. The returned stop
// function must undo what Start did and may be nil.
type Extension interface {
	Start(ctx context.Context, s *BrowserSession) (stop func(context.Context) error, err error)
}

// AttachHook prepares a newly attached target before its scripts run: it is
// called after Page and Runtime are enabled and before the target is
// resumed. It runs on its own goroutine with a deadline and must not wait on
// other targets.
type AttachHook func(ctx context.Context, t *Target) error

// DetachHook is told that a target is gone.
type DetachHook func(t *Target)

// BrowserSession is one task's browser: its connection, bus, tabs and
// watchdogs. It is safe for concurrent use. Close is idempotent and waits for
// every goroutine the session started.
type BrowserSession struct {
	cfg      Config
	log      zerolog.Logger
	proc     *Process // nil when connected to a running browser
	endpoint string
	version  string
	conn     *cdpmux.Conn
	browser  *cdp.Client
	bus      *bus.Bus

	mu        sync.Mutex
	targets   map[events.SessionID]*Target
	tabs      []*Target // owned pages in the order they appeared
	active    events.TargetID
	changed   chan struct{} // closed and replaced on every tab/target change
	creating  int           // Target.createTarget calls in flight (connect mode)
	created   map[events.TargetID]bool
	parked    []attachment // pages whose owner is not known yet
	attachFns []hookEntry[AttachHook]
	detachFns []hookEntry[DetachHook]
	nextHook  int
	stops     []func(context.Context) error
	crashErr  error

	wg        sync.WaitGroup
	closing   chan struct{}
	closeOnce sync.Once
	done      chan struct{} // closed when the browser is gone, for any reason
	doneOnce  sync.Once
}

type hookEntry[H any] struct {
	id int
	fn H
}

type attachment struct {
	parent events.SessionID
	reply  target.AttachedToTargetReply
}

// Start launches or connects to a browser, starts the extensions, and
// attaches to the session's first tab. ctx bounds the whole start.
func Start(ctx context.Context, cfg Config) (_ *BrowserSession, err error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid session config: %w", err)
	}
	cfg.defaults()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.ConnectTimeout)
		defer cancel()
	}
	s := &BrowserSession{
		cfg:     cfg,
		log:     cfg.Logger.With().Str("session", cfg.TaskID).Logger(),
		targets: map[events.SessionID]*Target{},
		created: map[events.TargetID]bool{},
		changed: make(chan struct{}),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
	}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()

	if cfg.CDPURL == "" {
		p, err := Launch(ctx, cfg.Launch)
		if err != nil {
			return nil, err
		}
		s.proc = p
		s.endpoint = p.Endpoint
	} else {
		ep, err := ResolveEndpoint(ctx, cfg.CDPURL)
		if err != nil {
			return nil, err
		}
		s.endpoint = ep
	}
	conn, err := cdpmux.Dial(ctx, s.endpoint, cdpmux.Options{Logger: s.log})
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", s.endpoint, err)
	}
	s.conn = conn
	s.browser = cdp.NewClient(conn.Browser())
	s.bus = bus.New(cfg.Bus)
	conn.SetHooks(cdpmux.Hooks{Attached: s.onAttachedFrame, Detached: s.onDetachedFrame})

	s.wg.Add(1)
	go s.watch()

	v, err := s.browser.Browser.GetVersion(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading browser version: %w", err)
	}
	s.version = v.Product

	bus.On(s.bus, "session.tabs", func(ctx context.Context, _ events.TabsEvent) ([]events.TabInfo, error) {
		return s.Tabs(), nil
	})
	for _, ext := range cfg.Extensions {
		stop, err := ext.Start(ctx, s)
		if err != nil {
			return nil, fmt.Errorf("starting extension %T: %w", ext, err)
		}
		if stop != nil {
			s.mu.Lock()
			s.stops = append(s.stops, stop)
			s.mu.Unlock()
		}
	}

	if err := s.browser.Target.SetDiscoverTargets(ctx, target.NewSetDiscoverTargetsArgs(true)); err != nil {
		return nil, fmt.Errorf("discovering targets: %w", err)
	}
	s.wg.Add(1)
	go s.watchTargetInfo()

	if s.proc == nil {
		s.beginCreate()
	}
	aa := target.NewSetAutoAttachArgs(true, true).SetFlatten(true).SetFilter(target.Filter{{Type: ptr("page")}})
	if err := s.browser.Target.SetAutoAttach(ctx, aa); err != nil {
		return nil, fmt.Errorf("auto-attaching to pages: %w", err)
	}
	if s.proc == nil {
		// A task connecting to a shared browser owns only the tab it opens
		// (and the tabs that tab opens), never another task's.
		id, err := s.createTarget(ctx, "about:blank")
		if err != nil {
			return nil, err
		}
		if _, err := s.WaitTab(ctx, id); err != nil {
			return nil, err
		}
	} else if _, err := s.waitAnyTab(ctx); err != nil {
		return nil, err
	}
	Emit(ctx, s, events.BrowserConnectedEvent{Endpoint: s.endpoint, Launched: s.proc != nil, Version: s.version})
	s.log.Debug().Str("endpoint", s.endpoint).Str("version", s.version).Msg("session started")
	return s, nil
}

func ptr[T any](v T) *T { return &v }

// TaskID is the id the session was started with.
func (s *BrowserSession) TaskID() string { return s.cfg.TaskID }

// Endpoint is the browser websocket URL.
func (s *BrowserSession) Endpoint() string { return s.endpoint }

// CDPURL is the URL the session was asked to connect to, empty if launched.
func (s *BrowserSession) CDPURL() string { return s.cfg.CDPURL }

// Version is the browser's product string.
func (s *BrowserSession) Version() string { return s.version }

// Bus is the session's event bus.
func (s *BrowserSession) Bus() *bus.Bus { return s.bus }

// Browser is the browser-level CDP client.
func (s *BrowserSession) Browser() *cdp.Client { return s.browser }

// Logger is the session's logger, with the session field set.
func (s *BrowserSession) Logger() zerolog.Logger { return s.log }

// Process is the launched browser, or nil when connected.
func (s *BrowserSession) Process() *Process { return s.proc }

// Done is closed when the session's browser is gone: closed, crashed or
// disconnected.
func (s *BrowserSession) Done() <-chan struct{} { return s.done }

// Err reports why the session ended: nil while it runs, ErrClosed after
// Close, an error wrapping ErrBrowserCrashed when the browser went away.
func (s *BrowserSession) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.crashErr != nil {
		return s.crashErr
	}
	select {
	case <-s.closing:
		return ErrClosed
	default:
		return nil
	}
}

// alive returns the error an operation should fail with, or nil.
func (s *BrowserSession) alive() error {
	select {
	case <-s.done:
		if err := s.Err(); err != nil {
			return err
		}
		return ErrClosed
	default:
		return nil
	}
}

// Emit dispatches a lifecycle event that may have no handler. Errors are
// logged, not returned: lifecycle events are notifications.
func Emit[E any](ctx context.Context, s *BrowserSession, e E) {
	if s.bus == nil || s.bus.Closed() {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := bus.Dispatch(ctx, s.bus, e); err != nil && !errors.Is(err, bus.ErrNoHandler) && !errors.Is(err, bus.ErrBusClosed) {
		s.log.Debug().Err(err).Str("event", fmt.Sprintf("%T", e)).Msg("lifecycle event handler failed")
	}
}

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

// SetActive makes tab id the active one.
func (s *BrowserSession) SetActive(id events.TargetID) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.tabs {
		if t.ID == id {
			s.active = id
			return nil
		}
	}
	return fmt.Errorf("%w: %s", ErrTabNotFound, id)
}

// NewTab opens a tab at url (about:blank when empty), waits until it is
// attached and ready, and returns it. It does not change the active tab.
func (s *BrowserSession) NewTab(ctx context.Context, url string) (*Target, error) {
	if err := s.alive(); err != nil {
		return nil, err
	}
	if url == "" {
		url = "about:blank"
	}
	s.beginCreate()
	id, err := s.createTarget(ctx, url)
	if err != nil {
		return nil, err
	}
	return s.WaitTab(ctx, id)
}

// CloseTab closes tab id and waits until it is gone.
func (s *BrowserSession) CloseTab(ctx context.Context, id events.TargetID) error {
	t, err := s.Tab(id)
	if err != nil {
		return err
	}
	if _, err := s.browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(target.ID(t.ID))); err != nil {
		return fmt.Errorf("closing tab %s: %w", t.ID, err)
	}
	select {
	case <-t.Done():
		return nil
	case <-ctx.Done():
		return fmt.Errorf("closing tab %s: %w", t.ID, ctx.Err())
	}
}

// beginCreate notes a Target.createTarget in flight so that the page it
// attaches is parked, not released, until the reply names it.
func (s *BrowserSession) beginCreate() {
	s.mu.Lock()
	s.creating++
	s.mu.Unlock()
}

// createTarget must follow beginCreate.
func (s *BrowserSession) createTarget(ctx context.Context, url string) (events.TargetID, error) {
	reply, err := s.browser.Target.CreateTarget(ctx, target.NewCreateTargetArgs(url))
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

// onAttachedFrame runs on the socket reader: it only hands the work over.
func (s *BrowserSession) onAttachedFrame(parent, sessionID string, params json.RawMessage) {
	var r target.AttachedToTargetReply
	if err := json.Unmarshal(params, &r); err != nil {
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
	if t.IsPage() {
		s.tabs = append(s.tabs, t)
		if s.active == "" {
			s.active = t.ID
		}
	}
	s.notifyLocked()
	var tab events.TabInfo
	if t.IsPage() {
		tab = s.tabInfoLocked(t)
	}
	s.mu.Unlock()

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
	type cmd struct {
		method string
		params any
	}
	cmds := []cmd{
		{"Page.enable", nil},
		{"Page.setLifecycleEventsEnabled", map[string]any{"enabled": true}},
		{"Runtime.enable", nil},
		{"Target.setAutoAttach", target.NewSetAutoAttachArgs(true, true).SetFlatten(true).SetFilter(target.Filter{{Type: ptr("iframe")}})},
		{"Runtime.runIfWaitingForDebugger", nil},
	}
	var waits []func(context.Context) (json.RawMessage, error)
	var errs []error
	for _, c := range cmds {
		w, err := s.conn.Post(string(t.SessionID), c.method, c.params)
		if err != nil {
			return fmt.Errorf("sending %s: %w", c.method, err)
		}
		waits = append(waits, w)
	}
	for i, w := range waits {
		if _, err := w(ctx); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", cmds[i].method, err))
		}
	}
	errs = append(errs, s.runHooks(ctx, t))
	return errors.Join(errs...)
}

// prepare enables what every target needs, auto-attaches its out-of-process
// children (paused, flat), and runs the attach hooks.
func (s *BrowserSession) prepare(ctx context.Context, t *Target) error {
	c := t.Client
	var errs []error
	if err := c.Page.Enable(ctx); err != nil {
		errs = append(errs, fmt.Errorf("enabling page: %w", err))
	}
	if err := c.Page.SetLifecycleEventsEnabled(ctx, page.NewSetLifecycleEventsEnabledArgs(true)); err != nil {
		errs = append(errs, fmt.Errorf("enabling lifecycle events: %w", err))
	}
	if err := c.Runtime.Enable(ctx); err != nil {
		errs = append(errs, fmt.Errorf("enabling runtime: %w", err))
	}
	aa := target.NewSetAutoAttachArgs(true, true).SetFlatten(true).SetFilter(target.Filter{{Type: ptr("iframe")}})
	if err := c.Target.SetAutoAttach(ctx, aa); err != nil {
		errs = append(errs, fmt.Errorf("auto-attaching to frames: %w", err))
	}
	errs = append(errs, s.runHooks(ctx, t))
	return errors.Join(errs...)
}

// runHooks runs the attach hooks on t, in registration order.
func (s *BrowserSession) runHooks(ctx context.Context, t *Target) error {
	var errs []error
	s.mu.Lock()
	hooks := make([]AttachHook, 0, len(s.attachFns))
	for _, h := range s.attachFns {
		hooks = append(hooks, h.fn)
	}
	s.mu.Unlock()
	for i, h := range hooks {
		start := time.Now()
		if err := h(ctx, t); err != nil {
			errs = append(errs, err)
		}
		if d := time.Since(start); d > time.Second {
			s.log.Warn().Str("target", string(t.ID)).Int("hook", i).Dur("dur", d).Msg("slow target attach hook")
		}
	}
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
	// the watchdogs already told.
	for _, g := range gone {
		for _, h := range hooks {
			h(g)
		}
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
				Emit(ctx, s, events.TabCrashedEvent{ID: t.ID, Status: ev.Status})
			}
		case <-s.closing:
			return
		case <-s.conn.Done():
			return
		}
	}
}

// watch notices the browser going away without Close.
func (s *BrowserSession) watch() {
	defer s.wg.Done()
	var exited <-chan struct{}
	if s.proc != nil {
		exited = s.proc.Exited()
	}
	select {
	case <-s.closing:
		return
	case <-s.conn.Done():
	case <-exited:
	}
	select {
	case <-s.closing:
		return
	default:
	}
	reason := "connection lost"
	if cerr := s.conn.Err(); cerr != nil {
		reason = cerr.Error()
	}
	s.mu.Lock()
	s.crashErr = fmt.Errorf("%w: %s", ErrBrowserCrashed, reason)
	s.mu.Unlock()
	s.log.Warn().Str("reason", reason).Msg("browser gone")
	ctx := context.Background()
	now := time.Now()
	Emit(ctx, s, events.BrowserDisconnectedEvent{Reason: reason, At: now})
	if s.proc != nil {
		Emit(ctx, s, events.BrowserCrashedEvent{ExitCode: s.proc.ExitCode(), At: now})
	}
	s.doneOnce.Do(func() { close(s.done) })
}

// Close stops the extensions (in reverse), the bus, the connection and a
// launched browser, and waits for the session's goroutines. It is
// idempotent and safe to call on a crashed session.
func (s *BrowserSession) Close() error {
	var err error
	s.closeOnce.Do(func() {
		close(s.closing)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.mu.Lock()
		stops := s.stops
		s.stops = nil
		s.mu.Unlock()
		var errs []error
		for i := len(stops) - 1; i >= 0; i-- {
			if e := stops[i](ctx); e != nil {
				errs = append(errs, e)
			}
		}
		if s.bus != nil {
			s.bus.Close()
		}
		if s.conn != nil {
			if s.proc == nil {
				// On a shared browser, leave no tab of ours behind.
				for _, t := range s.tabInfos() {
					_, _ = s.browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(target.ID(t.ID)))
				}
			}
			s.conn.Close()
		}
		if s.proc != nil {
			s.proc.Close()
		}
		s.wg.Wait()
		s.mu.Lock()
		for _, t := range s.targets {
			t.markDone()
		}
		s.mu.Unlock()
		s.doneOnce.Do(func() { close(s.done) })
		err = errors.Join(errs...)
	})
	return err
}

func (s *BrowserSession) tabInfos() []events.TabInfo { return s.Tabs() }

// Call sends a raw CDP command on a session (the browser's when sessionID is
// empty) and decodes the reply into reply when it is not nil.
func (s *BrowserSession) Call(ctx context.Context, sessionID events.SessionID, method string, params, reply any) error {
	if err := s.alive(); err != nil {
		return err
	}
	var rc *rpcc.Conn
	if sessionID == "" {
		rc = s.conn.Browser()
	} else {
		t, ok := s.TargetBySession(sessionID)
		if !ok {
			return fmt.Errorf("%w: session %s", ErrTabNotFound, sessionID)
		}
		rc = t.Conn
	}
	return rpcc.Invoke(ctx, method, params, reply, rc)
}

// Evaluate runs expression in a target's main world and returns its value
// by value. It is the plain path used before an evaluate engine exists.
func Evaluate(ctx context.Context, c *cdp.Client, expression string, awaitPromise bool) (*runtime.EvaluateReply, error) {
	args := runtime.NewEvaluateArgs(expression).SetReturnByValue(true).SetAwaitPromise(awaitPromise)
	return c.Runtime.Evaluate(ctx, args)
}

var _ = browser.GetVersionReply{}
