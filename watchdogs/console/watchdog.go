package console

import (
	"context"
	"errors"
	"fmt"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "console"

// Config bounds what the watchdog keeps per tab. Zero fields take their
// defaults.
type Config struct {
	// Capacity is the number of errors and warnings kept. Default 50.
	Capacity int
	// AllCapacity is the number of messages of any level kept for
	// ConsoleEvent.All. Default 50.
	AllCapacity int
	// MaxText cuts a message's text to this many characters. Default 2000.
	MaxText int
}

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.Capacity < 0 {
		errs = append(errs, errors.New("capacity must not be negative"))
	}
	if c.AllCapacity < 0 {
		errs = append(errs, errors.New("all-levels capacity must not be negative"))
	}
	if c.MaxText < 0 {
		errs = append(errs, errors.New("max text must not be negative"))
	}
	return errors.Join(errs...)
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Capacity == 0 {
		c.Capacity = 50
	}
	if c.AllCapacity == 0 {
		c.AllCapacity = 50
	}
	if c.MaxText == 0 {
		c.MaxText = 2000
	}
	return c
}

// Params are the watchdog's fx inputs; all optional.
type Params = watchdogs.Params[Config]

// Watchdog is the process-level ConsoleWatchdog. Its per-session state
// lives in the attachment Attach returns.
type Watchdog struct {
	cfg Config
}

// New builds the watchdog.
func New(p Params) (*Watchdog, error) {
	cfg, err := watchdogs.Configure(Name, p.Config)
	if err != nil {
		return nil, err
	}
	return &Watchdog{cfg: cfg}, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach starts collecting the console of every target h attaches from now
// on and subscribes the watchdog's handlers.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	a := &attachment{
		s:     h,
		log:   h.Logger().With().Str("watchdog", Name).Logger(),
		store: newStore(w.cfg),
	}
	a.targets = watchdogs.FollowTargets(h, Name, a.follow, a.store.removeTarget)
	b := h.Bus()
	a.subs.Add(bus.Contribute(b, Name, a.state))
	a.subs.Add(bus.Handle(b, Name, a.console))
	a.subs.Add(bus.Handle(b, Name, a.get))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s       watchdogs.Host
	log     zerolog.Logger
	store   *store
	subs    bus.Subscriptions
	targets *watchdogs.Targets
}

// Detach unsubscribes the handlers, stops every target's reader and waits
// for them.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	return a.targets.Detach(ctx)
}

// follow runs before the target is resumed, so its streams are open before
// its first script can log.
func (a *attachment) follow(ctx, life context.Context, t *session.Target) (func(), error) {
	st, err := openStreams(life, t)
	if err != nil {
		return nil, fmt.Errorf("opening event streams on %s: %w", t.ID, err)
	}
	a.store.addTarget(t)
	return func() {
		defer st.close()
		a.read(life, t, st)
	}, nil
}

// state answers the console section of the page state and starts the
// next count.
func (a *attachment) state(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return nil, err
	}
	return a.store.takeCounts(tab.ID), nil
}

// console returns a tab's recent messages.
func (a *attachment) console(ctx context.Context, e events.ConsoleEvent) (events.ConsoleResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ConsoleResult{}, err
	}
	msgs, dropped := a.store.messages(tab.ID, e.All, e.Clear)
	return events.ConsoleResult{TabID: tab.ID, Messages: msgs, Dropped: dropped}, nil
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
