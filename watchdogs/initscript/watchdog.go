package initscript

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/mafredri/cdp/rpcc"
	"github.com/rs/zerolog"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "initscript"

// Limits on what a session holds: scripts and the size of each.
const (
	MaxScripts = 50
	MaxBytes   = 1 << 20
)

// otherTargetWait bounds adding or removing a script on one target (a
// page held by a dialog does not answer): the change stands, and a target
// that missed it is told when it next attaches.
const otherTargetWait = 2 * time.Second

// Watchdog is the process-level init-script watchdog. Its per-session
// state lives in the attachment Attach returns.
type Watchdog struct{}

// New builds the watchdog.
func New() *Watchdog { return &Watchdog{} }

// Name implements watchdogs.Watchdog.
func (*Watchdog) Name() string { return Name }

// host is what the watchdog needs beyond watchdogs.Host: the session's
// targets.
type host interface {
	watchdogs.Host
	Targets() []*session.Target
}

var _ host = (*session.BrowserSession)(nil)

// script is one init script and its identifier on each target.
type script struct {
	info events.InitScript
	ids  map[*session.Target]string
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s      host
	log    zerolog.Logger
	subs   bus.Subscriptions
	remove []func()

	// mu serialises changes with the set-up of new targets; it guards
	// scripts and seq.
	mu      watchdogs.Mutex
	scripts []*script
	seq     int
}

// Attach subscribes the handlers and adds the scripts to every target
// attached from now on.
func (*Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[host](h, Name, "a browser session that lists its targets")
	if err != nil {
		return nil, err
	}
	a := &attachment{s: s, log: h.Logger().With().Str("watchdog", Name).Logger(), mu: watchdogs.NewMutex()}
	a.remove = append(a.remove, h.OnTargetAttached(a.attached), h.OnTargetDetached(a.detached))
	b := h.Bus()
	a.subs.Add(bus.Handle(b, Name, a.add))
	a.subs.Add(bus.Handle(b, Name, a.del))
	a.subs.Add(bus.Handle(b, Name, a.list))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// Detach unsubscribes and stops setting up new targets. The scripts stay
// on the targets that have them.
func (a *attachment) Detach(context.Context) error {
	a.subs.Unsubscribe()
	for _, r := range a.remove {
		r()
	}
	a.remove = nil
	return nil
}

// addTo adds sc to t, unless t has it.
func (a *attachment) addTo(ctx context.Context, t *session.Target, sc *script) error {
	if _, ok := sc.ids[t]; ok {
		return nil
	}
	var r struct {
		Identifier string `json:"identifier"`
	}
	err := rpcc.Invoke(ctx, "Page.addScriptToEvaluateOnNewDocument",
		map[string]any{"source": sc.info.Source, "runImmediately": false}, &r, t.Conn)
	if err != nil {
		return fmt.Errorf("adding init script %s to %s: %w", sc.info.ID, t.ID, err)
	}
	sc.ids[t] = r.Identifier
	return nil
}

// attached adds every script to a new target, before it runs.
func (a *attachment) attached(ctx context.Context, t *session.Target) error {
	if err := a.mu.Lock(ctx); err != nil {
		return err
	}
	defer a.mu.Unlock()
	for _, sc := range a.scripts {
		if err := a.addTo(ctx, t, sc); err != nil {
			a.log.Debug().Err(err).Msg("init script on a new target")
		}
	}
	return nil
}

// detached forgets a target's identifiers.
func (a *attachment) detached(t *session.Target) {
	a.mu.Hold()
	defer a.mu.Unlock()
	for _, sc := range a.scripts {
		delete(sc.ids, t)
	}
}

// result is the scripts as the agent sees them, without their sources.
func (a *attachment) result() events.InitScriptsResult {
	r := events.InitScriptsResult{Scripts: []events.InitScript{}}
	for _, sc := range a.scripts {
		i := sc.info
		i.Source = ""
		r.Scripts = append(r.Scripts, i)
	}
	return r
}

// add answers InitScriptAddEvent.
func (a *attachment) add(ctx context.Context, e events.InitScriptAddEvent) (events.InitScriptsResult, error) {
	if e.Source == "" {
		return events.InitScriptsResult{}, events.Errorf(events.CodeInvalidArgument, "an init script needs some JavaScript (a file or --code)")
	}
	if len(e.Source) > MaxBytes {
		return events.InitScriptsResult{}, events.Errorf(events.CodeInvalidArgument, "the init script is %d bytes; at most %d are taken", len(e.Source), MaxBytes)
	}
	if err := a.mu.Lock(ctx); err != nil {
		return events.InitScriptsResult{}, err
	}
	defer a.mu.Unlock()
	if len(a.scripts) >= MaxScripts {
		return events.InitScriptsResult{}, events.Errorf(events.CodeInvalidArgument, "the session has %d init scripts, the most it takes; remove one first", len(a.scripts))
	}
	a.seq++
	sc := &script{info: events.InitScript{ID: "s-" + strconv.Itoa(a.seq), Name: e.Name, Bytes: len(e.Source), Source: e.Source}, ids: map[*session.Target]string{}}
	active, err := a.s.Tab("")
	if err == nil {
		// The active tab first: a failure there is the agent's to know.
		if err := a.addTo(ctx, active, sc); err != nil {
			return events.InitScriptsResult{}, err
		}
	}
	for _, t := range a.s.Targets() {
		tctx, cancel := context.WithTimeout(ctx, otherTargetWait)
		if err := a.addTo(tctx, t, sc); err != nil {
			a.log.Debug().Err(err).Msg("init script on a target")
		}
		cancel()
	}
	a.scripts = append(a.scripts, sc)
	r := a.result()
	added := r.Scripts[len(r.Scripts)-1]
	r.Added = &added
	return r, nil
}

// del answers InitScriptRemoveEvent.
func (a *attachment) del(ctx context.Context, e events.InitScriptRemoveEvent) (events.InitScriptsResult, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.InitScriptsResult{}, err
	}
	defer a.mu.Unlock()
	for i, sc := range a.scripts {
		if sc.info.ID != e.ID {
			continue
		}
		for t, id := range sc.ids {
			tctx, cancel := context.WithTimeout(ctx, otherTargetWait)
			if err := rpcc.Invoke(tctx, "Page.removeScriptToEvaluateOnNewDocument", map[string]any{"identifier": id}, nil, t.Conn); err != nil {
				a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("removing an init script")
			}
			cancel()
		}
		a.scripts = append(a.scripts[:i], a.scripts[i+1:]...)
		return a.result(), nil
	}
	return events.InitScriptsResult{}, events.Errorf(events.CodeNotFound, "no init script %q in this session; list them with init-script list", e.ID)
}

// list answers InitScriptsEvent.
func (a *attachment) list(ctx context.Context, _ events.InitScriptsEvent) (events.InitScriptsResult, error) {
	if err := a.mu.Lock(ctx); err != nil {
		return events.InitScriptsResult{}, err
	}
	defer a.mu.Unlock()
	return a.result(), nil
}

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)
