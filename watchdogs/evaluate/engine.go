package evaluate

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/dialogwatch"
)

// terminateWait bounds Runtime.terminateExecution on the engine's own
// session before the same command is sent on the target's main session. A
// session attached while the page was already spinning is not bound in
// the renderer yet and never answers; the main session always is.
const terminateWait = 250 * time.Millisecond

// isolatedWorld names the world the fallback creates to evaluate in a frame
// that has no session of its own.
const isolatedWorld = "agentbrowser-evaluate"

// attachment is one session's evaluate engine.
type attachment struct {
	cfg   Config
	s     *session.BrowserSession
	log   zerolog.Logger
	iso   *isolated
	dlg   *dialogwatch.Tracker
	stats *stats
	subs  bus.Subscriptions
	hooks []func()

	// base ends at Detach; the dialog streams and background releases
	// live in it.
	base   context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	groups atomic.Uint64

	mu       sync.Mutex
	inflight map[events.TargetID]map[*call]struct{} // by tab
	checking map[events.TargetID]bool               // tabs checkBusy runs on
	detached bool
	once     sync.Once
}

// call is one evaluation in flight on a tab. Once its work context has
// ended it is abandoned: its script is being stopped and its session
// detached, and done closes when that is over.
type call struct {
	work context.Context
	done chan struct{}
	// cleanup, when set, closes once the call's script is stopped and its
	// session detached; the call leaves the tab only then.
	cleanup <-chan struct{}
}

func attach(cfg Config, s *session.BrowserSession) (*attachment, error) {
	base, cancel := context.WithCancel(context.Background())
	log := s.Logger().With().Str("watchdog", Name).Logger()
	a := &attachment{
		cfg:      cfg,
		s:        s,
		log:      log,
		iso:      newIsolated(s.Endpoint(), sharedMux(s), cfg, log),
		dlg:      dialogwatch.NewTracker(s.Bus()),
		stats:    newStats(),
		base:     base,
		cancel:   cancel,
		inflight: map[events.TargetID]map[*call]struct{}{},
		checking: map[events.TargetID]bool{},
	}
	a.hooks = append(a.hooks, s.OnTargetAttached(a.dlg.Follow), s.OnTargetAttached(a.ready), s.OnTargetDetached(a.targetDetached))
	// Both honour their context throughout: they run on the dispatching
	// goroutine.
	a.subs.Add(bus.HandleInline(s.Bus(), Name, a.evaluate))
	a.subs.Add(bus.HandleInline(s.Bus(), Name, a.statsOf))
	a.subs.Add(bus.HandleInline(s.Bus(), Name, a.stopBusyScript))
	a.subs.Keep(a.switchGuards()...)
	if err := a.subs.Err(); err != nil {
		a.Detach(context.Background())
		return nil, err
	}
	return a, nil
}

// Detach unsubscribes, closes the engine's connection and waits for the
// goroutines the engine started.
func (a *attachment) Detach(ctx context.Context) error {
	a.once.Do(func() {
		a.subs.Unsubscribe()
		for _, remove := range a.hooks {
			remove()
		}
		a.mu.Lock()
		a.detached = true
		a.mu.Unlock()
		a.cancel()
		a.iso.close()
		a.dlg.Close()
	})
	done := make(chan struct{})
	go func() {
		a.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for the evaluate engine to stop: %w", ctx.Err())
	}
}

// spawn runs f on a goroutine that Detach waits for, unless the engine is
// already detached.
func (a *attachment) spawn(f func()) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.detached {
		return false
	}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		f()
	}()
	return true
}

func (a *attachment) targetDetached(t *session.Target) {
	if t.IsPage() {
		a.dlg.Forget(t.ID)
	}
	a.iso.forget(t.ID)
}

func (a *attachment) statsOf(context.Context, events.EvaluateStatsEvent) (events.EvaluateStats, error) {
	return a.stats.snapshot(), nil
}

// runInfo is what an evaluation reports to the counters and the log.
type runInfo struct {
	kind      string // page, function, element or frame
	tab       events.TargetID
	engine    string
	reason    string
	timedOut  bool
	cancelled bool
}

// evaluate handles EvaluateEvent within the dispatch's budget.
func (a *attachment) evaluate(ctx context.Context, e events.EvaluateEvent) (res events.EvaluateResult, err error) {
	b := budget.FromContext(ctx)
	defer b.Cancel()
	ri := &runInfo{kind: kindOf(e)}
	defer func() { a.finish(b, ri, err) }()

	if !a.cfg.Enabled {
		return res, events.Errorf(events.CodeEvaluateDisabled, "evaluate is disabled in this session (evaluate_enabled is off)")
	}
	if err := validate(e); err != nil {
		return res, err
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return res, err
	}
	ri.tab = tab.ID
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return res, blocking(d)
	}
	work, stop := b.Work()
	defer stop()
	c, err := a.enter(work, tab.ID)
	if err != nil {
		return res, a.expired(b, work, ri, events.ErrorDetails{WaitedFor: "a terminated evaluation's cleanup"})
	}
	defer func() {
		if c.cleanup != nil && a.spawn(func() {
			<-c.cleanup
			a.leave(tab.ID, c)
		}) {
			return
		}
		a.leave(tab.ID, c)
	}()
	return a.run(work, b, tab, c, e, ri)
}

// enter registers an evaluation on tab. It first waits for the cleanup of
// any abandoned evaluation there, so that the new one neither queues behind
// a script about to be terminated nor uses a session about to be detached.
// An abandoned call is recognised by its ended work context, which is
// visible as soon as its caller cancelled, before its handler noticed.
func (a *attachment) enter(ctx context.Context, tab events.TargetID) (*call, error) {
	c := &call{work: ctx, done: make(chan struct{})}
	for {
		a.mu.Lock()
		var abandoned *call
		for o := range a.inflight[tab] {
			if o.work.Err() != nil {
				abandoned = o
				break
			}
		}
		if abandoned == nil {
			if a.inflight[tab] == nil {
				a.inflight[tab] = map[*call]struct{}{}
			}
			a.inflight[tab][c] = struct{}{}
			a.mu.Unlock()
			return c, nil
		}
		a.mu.Unlock()
		select {
		case <-abandoned.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (a *attachment) leave(tab events.TargetID, c *call) {
	a.mu.Lock()
	delete(a.inflight[tab], c)
	if len(a.inflight[tab]) == 0 {
		delete(a.inflight, tab)
	}
	a.mu.Unlock()
	close(c.done)
}

var _ watchdogs.Attachment = (*attachment)(nil)
