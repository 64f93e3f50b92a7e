package emulation

import (
	"context"

	"github.com/mafredri/cdp"
	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "emulation"

// Watchdog is the process-level EmulationWatchdog. Its per-session state
// lives in the attachment Attach returns.
type Watchdog struct{}

// New builds the watchdog.
func New() *Watchdog { return &Watchdog{} }

// Name implements watchdogs.Watchdog.
func (*Watchdog) Name() string { return Name }

// host is what the watchdog needs beyond watchdogs.Host: every target of
// the session, the browser, and permissions.
type host interface {
	watchdogs.Host
	Targets() []*session.Target
	Browser() *cdp.Client
	GrantPermissions(ctx context.Context, perms ...string) error
}

var _ host = (*session.BrowserSession)(nil)

// Attach subscribes the handlers and applies the settings to every target
// attached from now on.
func (*Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[host](h, Name, "a browser session that lists its targets")
	if err != nil {
		return nil, err
	}
	a := &attachment{s: s, log: h.Logger().With().Str("watchdog", Name).Logger(), mu: watchdogs.NewMutex()}
	a.remove = h.OnTargetAttached(a.attached)
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.emulate))
	a.subs.Add(bus.Handle(b, Name, a.current))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s      host
	log    zerolog.Logger
	subs   bus.Subscriptions
	remove func()

	// mu serialises changes with the set-up of new targets, so that a
	// target attached during a change ends with the new settings. It
	// guards set and defaultUA.
	mu  watchdogs.Mutex
	set events.Emulation
	// defaultUA is the browser's own user agent, for an Accept-Language
	// without a user agent of the agent's; asked once.
	defaultUA string
}

// Detach unsubscribes and stops setting up new targets. The settings stay
// on the targets that have them.
func (a *attachment) Detach(context.Context) error {
	a.subs.Unsubscribe()
	if a.remove != nil {
		a.remove()
	}
	return nil
}

// current answers EmulationEvent.
func (a *attachment) current(ctx context.Context, _ events.EmulationEvent) (events.Emulation, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.Emulation{}, err
	}
	defer a.mu.Unlock()
	return clone(a.set), nil
}

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)
