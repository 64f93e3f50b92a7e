package defaultaction

import (
	"context"
	"sync"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "default_action"

// Config tunes the watchdog.
type Config struct {
	// Logger receives per-action debug records.
	Logger zerolog.Logger
}

// Params are the watchdog's fx inputs; all optional.
type Params struct {
	fx.In
	Config *Config `optional:"true"`
}

// Watchdog is the process-level DefaultActionWatchdog.
type Watchdog struct {
	cfg Config
}

// New builds the watchdog.
func New(p Params) (*Watchdog, error) {
	w := &Watchdog{}
	if p.Config != nil {
		w.cfg = *p.Config
	}
	return w, nil
}

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach subscribes the session's action handlers.
func (w *Watchdog) Attach(ctx context.Context, s *session.BrowserSession) (watchdogs.Attachment, error) {
	a := &attachment{s: s, log: s.Logger().With().Str("watchdog", Name).Logger()}
	b := s.Bus()
	a.subs = append(a.subs,
		bus.On(b, Name, a.navigate),
		bus.On(b, Name, a.goBack),
		bus.On(b, Name, a.goForward),
		bus.On(b, Name, a.reload),
		bus.On(b, Name, a.clickCoordinate),
		bus.On(b, Name, a.newTab),
		bus.On(b, Name, a.switchTab),
		bus.On(b, Name, a.closeTab),
	)
	a.subs = append(a.subs, a.subscribeMore(b)...)
	return a, nil
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s    *session.BrowserSession
	log  zerolog.Logger
	subs []bus.Subscription

	mu sync.Mutex
}

// Detach unsubscribes every handler.
func (a *attachment) Detach(ctx context.Context) error {
	for _, s := range a.subs {
		s.Unsubscribe()
	}
	return nil
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
