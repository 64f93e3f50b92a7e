package watchdogs

import (
	"context"

	"go.uber.org/fx"
)

// Watchdog is one kind of watchdog, built once per process.
//
// Attach is called once per session, after the session's connection and bus
// exist and before its first tab is attached, so per-target setup registered
// with Host.OnTargetAttached sees every tab. The Host is a
// *session.BrowserSession in a running program and may be a test's fake; a
// watchdog that needs more than Host asserts for it (see HostAs). Attach must not
// block beyond ctx; goroutines it starts must end when the Attachment is
// detached.
type Watchdog interface {
	// Name identifies the watchdog; names are unique in a process and fix
	// the start order.
	Name() string
	Attach(ctx context.Context, h Host) (Attachment, error)
}

// Attachment is a watchdog's per-session part. Detach undoes Attach: it
// unsubscribes from the bus, stops timers and waits for the goroutines Attach
// started. It is called once.
type Attachment interface {
	Detach(ctx context.Context) error
}

// DetachFunc adapts a function to Attachment.
type DetachFunc func(ctx context.Context) error

// Detach calls f.
func (f DetachFunc) Detach(ctx context.Context) error {
	if f == nil {
		return nil
	}
	return f(ctx)
}

// GroupTag is the fx value group that collects watchdogs.
const GroupTag = `group:"watchdogs"`

// As annotates a constructor that returns a Watchdog implementation so fx
// adds its result to the watchdogs group:
//
//	fx.Provide(watchdogs.As(mywatchdog.New))
func As(constructor any) any {
	return fx.Annotate(constructor, fx.As(new(Watchdog)), fx.ResultTags(GroupTag))
}

// Subscribed ends an Attach whose subscriptions returned err: a when err
// is nil, or else a detached and err, so that a failed Attach leaves
// nothing subscribed.
func Subscribed(ctx context.Context, a Attachment, err error) (Attachment, error) {
	if err != nil {
		a.Detach(ctx)
		return nil, err
	}
	return a, nil
}
