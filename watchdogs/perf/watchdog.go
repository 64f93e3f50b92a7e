package perf

import (
	"context"

	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "perf"

// Watchdog is the process-level performance watchdog. Its per-session
// state lives in the attachment Attach returns.
type Watchdog struct{}

// New builds the watchdog.
func New() *Watchdog { return &Watchdog{} }

// Name implements watchdogs.Watchdog.
func (*Watchdog) Name() string { return Name }

// attachment is the watchdog's per-session part.
type attachment struct {
	s    watchdogs.Host
	log  zerolog.Logger
	subs bus.Subscriptions

	// mu guards the trace and the vitals observer's installation.
	mu    watchdogs.Mutex
	trace *trace
	// vitals is the observer's installation, once asked for.
	vitals *vitalsInstall
}

// Attach subscribes the handlers; nothing is sent to the browser until a
// trace or the vitals are asked for.
func (*Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	a := &attachment{s: h, log: h.Logger().With().Str("watchdog", Name).Logger(), mu: watchdogs.NewMutex()}
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.traceStart))
	a.subs.Add(bus.Handle(b, Name, a.traceStop))
	a.subs.Add(bus.Handle(b, Name, a.vitalsOf))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// Detach unsubscribes, ends a trace in progress (its data is dropped) and
// stops installing the vitals observer in new documents.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	a.mu.Hold()
	defer a.mu.Unlock()
	if a.trace != nil {
		a.trace.abandon(ctx)
		a.trace = nil
	}
	if a.vitals != nil {
		a.vitals.remove()
		a.vitals = nil
	}
	return nil
}

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
	_ watchdogs.Host       = (*session.BrowserSession)(nil)
)
