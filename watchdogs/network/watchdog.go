package network

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
const Name = "network"

// Config bounds what the watchdog keeps. Zero fields take their defaults.
type Config struct {
	// Capacity is the number of requests kept per tab. Default 200.
	Capacity int
	// MaxURL cuts a request's URL to this many characters (data: URLs can
	// be megabytes). Default 2000.
	MaxURL int
	// BodyBudget is how many bytes of request and response bodies the
	// session keeps, over all its tabs; the oldest are dropped first to
	// make room, and counted. Default 10 MiB; NoBodies keeps none (and
	// the browser buffers none).
	BodyBudget int64
	// BodyTypes are the resource types (Document, XHR, Fetch, Script,
	// Stylesheet, Image, ...; any case) whose response bodies are kept;
	// "all" keeps every type. Default Document, XHR and Fetch.
	BodyTypes []string
}

// NoBodies is the BodyBudget that keeps no bodies.
const NoBodies = -1

// DefaultBodyBudget is the BodyBudget of a zero Config: 10 MiB.
const DefaultBodyBudget = 10 << 20

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.Capacity < 0 {
		errs = append(errs, errors.New("capacity must not be negative"))
	}
	if c.MaxURL < 0 {
		errs = append(errs, errors.New("max URL length must not be negative"))
	}
	if c.BodyBudget < NoBodies {
		errs = append(errs, errors.New("body budget must be a number of bytes, or -1 for none"))
	}
	return errors.Join(errs...)
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Capacity == 0 {
		c.Capacity = 200
	}
	if c.MaxURL == 0 {
		c.MaxURL = 2000
	}
	if c.BodyBudget == 0 {
		c.BodyBudget = DefaultBodyBudget
	}
	if len(c.BodyTypes) == 0 {
		c.BodyTypes = []string{"Document", "XHR", "Fetch"}
	}
	return c
}

// Params are the watchdog's fx inputs; all optional.
type Params = watchdogs.Params[Config]

// Watchdog is the process-level NetworkWatchdog. Its per-session state
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

// Attach starts recording the requests of every target h attaches from now
// on and subscribes the watchdog's handlers.
func (w *Watchdog) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	a := &attachment{
		s:     h,
		cfg:   w.cfg,
		log:   h.Logger().With().Str("watchdog", Name).Logger(),
		store: newStore(w.cfg.Capacity, w.cfg.BodyBudget),
		types: bodyTypes(w.cfg.BodyTypes),
	}
	a.dir, _ = h.(downloadDirer)
	a.fetcher = newFetcher(a)
	a.targets = watchdogs.FollowTargets(h, Name, a.follow, a.store.removeTarget)
	b := h.Bus()
	a.subs.Add(bus.Contribute(b, Name, a.state))
	a.subs.Add(bus.Handle(b, Name, a.network))
	a.subs.Add(bus.Handle(b, Name, a.get))
	a.subs.Add(bus.Handle(b, Name, a.domain))
	a.subs.Add(bus.Handle(b, Name, a.harStart))
	a.subs.Add(bus.Handle(b, Name, a.harStop))
	return watchdogs.Subscribed(ctx, a, a.subs.Err())
}

// attachment is the watchdog's per-session part.
type attachment struct {
	s       watchdogs.Host
	cfg     Config
	log     zerolog.Logger
	store   *store
	subs    bus.Subscriptions
	targets *watchdogs.Targets
	// types are the resource types whose response bodies are kept (nil:
	// every type); fetcher fetches them off the readers' goroutines.
	types   map[string]bool
	fetcher *fetcher
	// dir is where a large binary body is saved; nil when the host has
	// no download directory.
	dir downloadDirer
}

// Detach unsubscribes the handlers, stops every target's reader and waits
// for them.
func (a *attachment) Detach(ctx context.Context) error {
	a.subs.Unsubscribe()
	err := a.targets.Detach(ctx)
	a.fetcher.close()
	return err
}

// follow runs before the target is resumed, so its first request (the
// document of a popup or an OOPIF) is seen.
func (a *attachment) follow(ctx, life context.Context, t *session.Target) (func(), error) {
	st, err := openStreams(life, t)
	if err == nil {
		err = enable(ctx, t, a.domainArgs())
	}
	if err != nil {
		if st != nil {
			st.close()
		}
		return nil, fmt.Errorf("watching requests on %s: %w", t.ID, err)
	}
	return func() {
		defer st.close()
		a.read(life, t, st)
	}, nil
}

// state answers the network section of the page state.
func (a *attachment) state(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return nil, err
	}
	return a.store.counts(tab.ID), nil
}

// network returns a tab's recent requests.
func (a *attachment) network(ctx context.Context, e events.NetworkEvent) (events.NetworkResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.NetworkResult{}, err
	}
	reqs, dropped := a.store.requests(tab.ID, e.Clear)
	used, gone := a.store.bodyCounts()
	return events.NetworkResult{TabID: tab.ID, Requests: reqs, Dropped: dropped, BodyBytes: used, BodiesDropped: gone}, nil
}

var (
	_ watchdogs.Watchdog   = (*Watchdog)(nil)
	_ watchdogs.Attachment = (*attachment)(nil)
)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
