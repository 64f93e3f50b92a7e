package dialog

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "dialog"

// DefaultTimeout is how long must_respond holds a dialog before the
// watchdog dismisses it.
const DefaultTimeout = 300 * time.Second

// GuardOrder is the order of the dialog_blocking guard among an event's
// guards. It is cheap, so it runs early.
const GuardOrder = 50

// RecentSize is how many closed dialogs a session remembers.
const RecentSize = 20

// answerTimeout bounds answering a dialog on the policy's or the timer's
// behalf, when no caller's deadline applies.
const answerTimeout = 10 * time.Second

// Config sets a session's dialog handling when it starts. The zero value is
// must_respond with DefaultTimeout and no bridge.
type Config struct {
	// Policy is the initial policy; empty means must_respond. It can be
	// changed on a live session with events.SetDialogPolicyEvent.
	Policy events.DialogPolicy
	// Timeout is how long must_respond holds a dialog before dismissing it
	// (closed_by watchdog); zero means DefaultTimeout.
	Timeout time.Duration
	// Bridge routes alert, confirm and prompt through a script bridge, for
	// CDP endpoints that close native dialogs themselves.
	Bridge bool
}

// Validate reports every invalid field.
func (c Config) Validate() error {
	var errs []error
	if _, err := events.ParseDialogPolicy(string(c.Policy)); err != nil {
		errs = append(errs, err)
	}
	if c.Timeout < 0 {
		errs = append(errs, fmt.Errorf("dialog timeout %s is negative", c.Timeout))
	}
	return errors.Join(errs...)
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Policy == "" {
		c.Policy = events.PolicyMustRespond
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	return c
}

// Params are the watchdog's fx inputs; all optional.
type Params = watchdogs.Params[Config]

// Watchdog is the process-level DialogWatchdog. Its state is per session,
// in the Attachment.
type Watchdog struct {
	cfg Config
}

// New builds the watchdog; an invalid Config is an error.
func New(p Params) (*Watchdog, error) {
	cfg, err := watchdogs.Configure(Name, p.Config)
	if err != nil {
		return nil, err
	}
	return &Watchdog{cfg: cfg}, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach starts following h's dialogs: a stream reader per attached target,
// the dialog handlers on the bus, and the dialog_blocking guards. The bridge
// needs a host that can intercept requests (a browser session); without the
// bridge, watchdogs.Host is enough.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	var fetch fetchHost
	if w.cfg.Bridge {
		var err error
		if fetch, err = watchdogs.HostAs[fetchHost](h, Name, "a browser session that can intercept requests for its bridge"); err != nil {
			return nil, err
		}
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	a := &attachment{
		s:        h,
		log:      h.Logger().With().Str("watchdog", Name).Logger(),
		ctx:      runCtx,
		cancel:   cancel,
		policy:   w.cfg.Policy,
		timeout:  w.cfg.Timeout,
		bridge:   w.cfg.Bridge,
		watchers: map[*session.Target]*watcher{},
		notified: make(chan struct{}, 1),
	}
	a.wg.Add(1)
	go a.emitter()
	if a.bridge {
		// The session owns Fetch on every target (the origin policy may
		// pause document requests there too); the bridge adds its pattern
		// and reads its own requests, in order with its other streams.
		a.removeFetch = fetch.AddFetchOwner(ctx, bridgeFetchOwner)
	}
	a.targets = watchdogs.FollowTargets(h, Name, a.follow, nil)
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.respond))
	a.subs.Add(bus.Handle(b, Name, a.dialogs))
	a.subs.Add(bus.Handle(b, Name, a.setPolicy))
	a.subs.Add(bus.Contribute(b, Name, a.state))
	for _, g := range guarded {
		a.subs.Keep(g.add(b, a.check))
	}
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// fetchHost is what the bridge needs beyond watchdogs.Host: a share of the
// session's request interception.
type fetchHost interface {
	AddFetchOwner(ctx context.Context, o session.FetchOwner) (remove func(context.Context))
}

var _ fetchHost = (*session.BrowserSession)(nil)

// attachment is the watchdog's per-session part.
type attachment struct {
	s       watchdogs.Host
	log     zerolog.Logger
	ctx     context.Context // ends at Detach
	cancel  context.CancelFunc
	subs    bus.Subscriptions
	targets *watchdogs.Targets
	bridge  bool
	// removeFetch takes the bridge's pattern out of the session's
	// interception; nil without the bridge.
	removeFetch func(context.Context)

	// blocking counts held dialogs (pending and not being answered), so
	// that the guards cost one atomic load while no dialog is open.
	blocking atomic.Int32

	wg sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	policy   events.DialogPolicy
	timeout  time.Duration
	next     int       // the last dialog number issued
	pending  []*dialog // in the order they opened
	recent   []events.DialogInfo
	watchers map[*session.Target]*watcher
	queue    []any // notifications waiting for the emitter
	storms   map[events.TargetID]*storm

	notified chan struct{}
	// answered is closed, and replaced, whenever an answer in flight
	// settles (see awaitAnswers).
	answered chan struct{}
	// nextOpen is closed, and set to nil, when a dialog opens; nil until
	// someone waits for one (openedLocked).
	nextOpen chan struct{}
}

// openedLocked is a channel closed when the next dialog opens.
func (a *attachment) openedLocked() <-chan struct{} {
	if a.nextOpen == nil {
		a.nextOpen = make(chan struct{})
	}
	return a.nextOpen
}

// Detach unsubscribes, stops the timers and waits for every goroutine the
// watchdog started for the session. Dialogs still open stay open.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	if a.removeFetch != nil {
		a.removeFetch(ctx)
	}
	a.mu.Lock()
	a.closed = true
	a.answerSettledLocked() // a view waiting on an answer returns now
	for _, d := range a.pending {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	a.mu.Unlock()
	a.cancel()
	// The readers end after a.ctx, so that ended does not take the
	// watchdog's own stop for the targets going away.
	a.targets.Detach(ctx)
	a.wg.Wait()
	return nil
}

// spawn runs f on a goroutine that Detach waits for, unless Detach has
// begun. The caller must not hold a.mu.
func (a *attachment) spawn(f func()) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.spawnLocked(f)
}

func (a *attachment) spawnLocked(f func()) bool {
	if a.closed {
		return false
	}
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		f()
	}()
	return true
}

// notifyLocked queues a notification for the emitter, which dispatches them
// one at a time in order, so a slow handler never holds up a stream reader
// and an opened dialog is never announced after its closing.
func (a *attachment) notifyLocked(e any) {
	a.queue = append(a.queue, e)
	select {
	case a.notified <- struct{}{}:
	default:
	}
}

func (a *attachment) emitter() {
	defer a.wg.Done()
	for {
		select {
		case <-a.ctx.Done():
			return
		case <-a.notified:
		}
		a.mu.Lock()
		q := a.queue
		a.queue = nil
		a.mu.Unlock()
		for _, e := range q {
			switch e := e.(type) {
			case events.DialogOpenedEvent:
				bus.Notify(a.s.Bus(), e)
			case events.DialogClosedEvent:
				bus.Notify(a.s.Bus(), e)
			}
		}
	}
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
