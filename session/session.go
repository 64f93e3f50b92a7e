package session

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/browser"
	"github.com/mafredri/cdp/protocol/target"
	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/grid"
)

// AttachHook prepares a newly attached target before its scripts run: it is
// called after Page and Runtime are enabled and before the target is
// resumed. It runs on its own goroutine with a deadline, alongside the
// other hooks on the same target, and must not wait on other targets.
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
	grid     *gridSession
	endpoint string
	version  string
	conn     *cdpmux.Conn
	browser  *cdp.Client
	bus      *bus.Bus
	// browserContext is the session's own context (IsolatedContext).
	browserContext browser.ContextID

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
	fetch     fetchCoordinator // request interception shared by its owners
	creds     credentials      // HTTP credentials the session answers challenges with
	commands  atomic.Int32     // commands in flight (BeginCommand)

	dl       downloads    // the session's downloads
	profile  *profileLock // the persistent profile held, or nil
	originMu sync.Mutex
	origins  map[string]bool // origins opened, for the storage state

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
//
// A browser it launched that dies before it answers its first call is
// launched once more, within the same ctx: Chromium now and then crashes
// while it starts (it failed a CI run and a benchmark run here), and the
// caller asked for a browser, not for that one. A Grid session whose
// node's browser died while starting is asked for again the same way. A
// second death, a browser that cannot be run and a start that runs out of
// time are reported at once.
func Start(ctx context.Context, cfg Config) (*BrowserSession, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("invalid session config: %w", err)
	}
	cfg.defaults()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.ConnectTimeout)
		defer cancel()
	}
	s, err := start(ctx, cfg)
	if err != nil && diedStarting(err) && ctx.Err() == nil {
		cfg.Logger.Warn().Err(err).Str("session", cfg.TaskID).Msg("the browser died while it started; starting it again")
		s, err = start(ctx, cfg)
	}
	return s, err
}

// diedStarting reports whether err says the browser died while it
// started: one we launched went away before its first answer, or a Grid
// node's driver lost the browser it had started.
func diedStarting(err error) bool {
	var le *LaunchError
	return (errors.As(err, &le) && le.died) || errors.Is(err, grid.ErrBrowserDidNotStart)
}

// start is one attempt of Start, with cfg checked and given its defaults.
func start(ctx context.Context, cfg Config) (_ *BrowserSession, err error) {
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
	if cfg.Profile != "" {
		// Before anything starts: a profile in use is refused by name.
		if s.profile, err = lockProfile(cfg.Profile, cfg.TaskID); err != nil {
			return nil, err
		}
		s.cfg.Launch.UserDataDir = s.profile.dir
	}
	if cfg.DownloadDir != "" {
		// A directory that cannot be is refused before anything starts.
		if err := s.prepareDownloadDir(); err != nil {
			return nil, err
		}
	}

	conn, err := s.connect(ctx)
	if err != nil {
		return nil, err
	}
	if cfg.DownloadDir == "" {
		if err := s.prepareDownloadDir(); err != nil {
			return nil, err
		}
	}
	s.conn = conn
	// agentbrowser's own watchdogs that attach flat sessions of their own
	// (the evaluate engine on a pipe) find the transport through cdpmux.Of.
	cdpmux.Bind(s, conn)
	s.browser = cdp.NewClient(conn.Browser())
	busCfg := cfg.Bus
	if reflect.ValueOf(busCfg.Logger).IsZero() {
		// Handler panics and slow dispatches are logged where the
		// session logs, unless the caller gave the bus its own logger.
		busCfg.Logger = s.log
	}
	s.bus = bus.New(busCfg)
	conn.SetHooks(cdpmux.Hooks{Attached: s.onAttachedFrame, Detached: s.onDetachedFrame})

	s.wg.Add(1)
	go s.watch()
	if s.checked() {
		s.wg.Add(1)
		go s.monitor()
	}

	v, err := s.browser.Browser.GetVersion(ctx)
	if err != nil {
		if s.proc != nil {
			// The first call on a pipe is where a browser that failed
			// to start shows; say what it printed.
			died := ctx.Err() == nil
			out := s.proc.Output()
			if died {
				out = s.proc.LastWords()
			}
			return nil, &LaunchError{Path: s.proc.Path, Output: out, Err: fmt.Errorf("reading browser version: %w", err), died: died}
		}
		return nil, connectError(s.endpoint, fmt.Errorf("reading browser version: %w", err))
	}
	s.version = v.Product

	s.installURLPolicy()
	if err := s.installOriginPolicy(ctx); err != nil {
		return nil, err
	}
	if err := s.installStorage(); err != nil {
		return nil, err
	}
	if _, err := bus.Handle(s.bus, "session.tabs", func(ctx context.Context, _ events.TabsEvent) ([]events.TabInfo, error) {
		s.RefreshTitles(ctx)
		return s.Tabs(), nil
	}); err != nil {
		return nil, err
	}
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
	// Guards are the session's and its components' to register, now that
	// they have attached; nothing that runs later may veto a request.
	s.bus.SealGuards()

	if s.proc == nil {
		s.beginCreate()
	}
	// Discovery and auto-attach go out together: on a browser that is
	// still starting, each waits its turn on the browser's main thread,
	// and the second need not also wait for the first's reply to reach us.
	discover, err := s.conn.Post("", "Target.setDiscoverTargets", target.NewSetDiscoverTargetsArgs(true))
	if err != nil {
		return nil, fmt.Errorf("discovering targets: %w", err)
	}
	aa := target.NewSetAutoAttachArgs(true, true).SetFlatten(true).SetFilter(target.Filter{{Type: ptr("page")}})
	autoAttach, err := s.conn.Post("", "Target.setAutoAttach", aa)
	if err != nil {
		return nil, fmt.Errorf("auto-attaching to pages: %w", err)
	}
	if _, err := discover(ctx); err != nil {
		return nil, fmt.Errorf("discovering targets: %w", err)
	}
	s.wg.Add(1)
	go s.watchTargetInfo()
	if _, err := autoAttach(ctx); err != nil {
		return nil, fmt.Errorf("auto-attaching to pages: %w", err)
	}
	if s.proc == nil {
		// A task connecting to a shared browser owns only the tab it opens
		// (and the tabs that tab opens), never another task's.
		if err := s.openBrowserContext(ctx); err != nil {
			return nil, err
		}
		id, err := s.createTarget(ctx, "about:blank", false)
		if err != nil {
			return nil, err
		}
		if _, err := s.WaitTab(ctx, id); err != nil {
			return nil, err
		}
	} else if _, err := s.waitAnyTab(ctx); err != nil {
		return nil, err
	}
	if err := s.startDownloads(ctx); err != nil {
		// Downloads then follow the browser's own behaviour; the rest of
		// the session works.
		s.log.Warn().Err(err).Msg("downloads are not followed")
	}
	if err := s.restoreSessionCookies(ctx); err != nil {
		return nil, err
	}
	if cfg.StorageState != nil {
		if _, err := s.LoadStorageState(ctx, *cfg.StorageState); err != nil {
			return nil, fmt.Errorf("loading the storage state: %w", err)
		}
	}
	Emit(ctx, s, events.BrowserConnectedEvent{Endpoint: cdpmux.RedactURL(s.endpoint), Launched: s.proc != nil, Version: s.version})
	s.log.Debug().Str("endpoint", cdpmux.RedactURL(s.endpoint)).Str("version", s.version).Msg("session started")
	return s, nil
}

func ptr[T any](v T) *T { return &v }

// TaskID is the id the session was started with.
func (s *BrowserSession) TaskID() string { return s.cfg.TaskID }

// Endpoint is the browser websocket URL, with any credential in it hidden
// (the password of its user info and the value of every query parameter,
// where hosted endpoints carry tokens): the --cdp endpoint, the Grid
// session's se:cdp URL, or for a launched browser the opt-in DevTools
// port's URL, or "" when the browser is reachable only through its pipe.
func (s *BrowserSession) Endpoint() string { return cdpmux.RedactURL(s.endpoint) }

// Piped reports whether the session drives its browser over
// --remote-debugging-pipe, where no second connection is possible.
func (s *BrowserSession) Piped() bool { return s.proc != nil }

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
	}
	if s.conn == nil {
		return nil
	}
	// The connection may have failed a moment before watch records it.
	// Its error is set first, before its pending calls fail and well
	// before Done closes: a caller whose call just failed with it must
	// not find the session alive.
	err := s.conn.Err()
	if err == nil {
		return nil
	}
	select {
	case <-s.closing:
		return ErrClosed
	default:
	}
	return fmt.Errorf("%w: %v", ErrBrowserCrashed, err)
}

// Emit delivers a lifecycle notification (tab created, navigated, closed,
// browser disconnected...) to its observers without waiting for them: the
// session's own loops call it, and an observer that blocks must delay only
// itself, never URL and title tracking or target attachment (see bus.Notify).
// ctx is accepted for symmetry with the dispatch functions and is not used.
func Emit[E any](_ context.Context, s *BrowserSession, e E) {
	if s.bus == nil {
		return
	}
	bus.Notify(s.bus, e)
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
	if s.grid != nil && !strings.Contains(reason, s.grid.sess.ID) {
		// Grid may close the websocket itself when it ends a session, and
		// that close names nothing: say which Grid session went.
		reason += " (Grid session " + s.grid.sess.ID + ")"
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
		defer cdpmux.Unbind(s)
		lost := false
		if s.conn != nil {
			lost = s.conn.Err() != nil
			if !lost {
				s.stopDownloads(ctx)
			}
			if s.proc == nil && s.grid == nil {
				// On a shared browser, leave no tab of ours behind. A Grid
				// browser goes with its WebDriver session.
				for _, t := range s.Tabs() {
					_, _ = s.browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(target.ID(t.ID)))
				}
				s.disposeBrowserContext(ctx)
			}
			// A browser we launched is not asked to exit: its profile is a
			// throwaway directory, so a graceful shutdown saves nothing,
			// and Process.Close kills it at once. A persistent profile is
			// the exception: the browser saves cookies and storage as it
			// exits.
			if s.proc != nil && s.proc.Persistent() && !lost {
				s.saveSessionCookies(ctx)
				s.exitGracefully()
			}
			s.conn.Close()
		}
		if s.proc != nil {
			s.proc.Close()
		}
		s.cleanupDownloadFiles()
		s.profile.release()
		gctx, gcancel := context.WithTimeout(context.Background(), gridDeleteTimeout)
		if e := s.stopGrid(gctx); e != nil {
			s.mu.Lock()
			crashed := lost || s.crashErr != nil
			s.mu.Unlock()
			if crashed {
				// The node is likely gone with the browser; the Grid
				// drops the session when it notices.
				s.log.Debug().Err(e).Msg("deleting the grid session of a lost browser")
			} else {
				errs = append(errs, e)
			}
		}
		gcancel()
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
