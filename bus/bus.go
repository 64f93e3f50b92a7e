package bus

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	eventbus "github.com/asaskevich/EventBus"
	"github.com/rs/zerolog"
)

// Bus is a typed event bus. It is safe for concurrent use, and each Bus owns
// all of its locks so that buses never wait on each other.
type Bus struct {
	cfg Config
	log zerolog.Logger

	// eb routes a dispatch to the collector of its topic. It never runs user
	// code: the collectors only copy a handler list.
	eb eventbus.Bus

	// names caches the topic of each event type (reflect.Type -> topic).
	names sync.Map

	// subMu serialises changes to the registry. Dispatch never takes it.
	subMu  sync.Mutex
	topics map[string]*topic // by topic key
	subs   map[uint64]*topic // subscription id -> its topic
	nextID atomic.Uint64     // subscription ids

	nextEvent atomic.Uint64 // event ids

	// stateMu guards closed and inflight together so that a dispatch cannot
	// start after Close has cancelled the others.
	stateMu  sync.Mutex
	closed   atomic.Bool
	inflight map[uint64]context.CancelCauseFunc
	// observing holds the cancel functions of observer deliveries, which
	// Close ends too but InFlight does not count.
	observing map[uint64]context.CancelCauseFunc
	// sealed refuses new guards (see SealGuards).
	sealed atomic.Bool
	once   sync.Once

	running tracker
	hist    history
}

// topic holds the subscriptions of one event type. Its lists are
// copy-on-write: they are replaced, never modified, so the collector can
// hand them to a dispatch without a lock.
type topic struct {
	key     string
	display string
	// handlers are the owner, or the contributors, that supply results.
	handlers  atomic.Pointer[[]*sub]
	guards    atomic.Pointer[[]*sub]
	observers atomic.Pointer[[]*sub]
	// outcome publishes a finished dispatch to the observers of its
	// Outcome; the owner's registration sets it, as only the owner knows
	// the result type.
	outcome atomic.Pointer[outcomeFunc]
	// owner is the registered owner, nil without one. Guarded by subMu.
	owner *sub
}

// kind says what a subscription does in a dispatch.
type kind uint8

const (
	kindOwner       kind = iota // Handle: the one handler that answers a request
	kindContributor             // Contribute: one of the parts of a gathered answer
	kindGuard                   // Guard: runs first and may veto
	kindObserver                // Observe: sees the event, supplies nothing
)

// sub is one registered guard, handler or observer with its type erased.
type sub struct {
	id    uint64
	name  string
	order int
	kind  kind
	// inline runs fn on the dispatching goroutine (HandleInline,
	// GuardInline).
	inline bool
	fn     func(ctx context.Context, e any) (any, error)
	// outcome is set on an owner: it publishes each dispatch's outcome.
	outcome outcomeFunc
	// mb is an observer's mailbox.
	mb *mailbox
}

// envelope is what EventBus passes to a topic's collector; the collector
// fills it with the topic current at the moment of dispatch.
type envelope struct {
	t *topic
}

// New returns a ready Bus. Zero or invalid Config fields take their
// defaults; call Config.Validate first to reject invalid ones instead.
func New(cfg Config) *Bus {
	cfg = cfg.withDefaults()
	b := &Bus{
		cfg:       cfg,
		log:       cfg.Logger.With().Str("bus", cfg.Name).Logger(),
		eb:        eventbus.New(),
		topics:    make(map[string]*topic),
		subs:      make(map[uint64]*topic),
		inflight:  make(map[uint64]context.CancelCauseFunc),
		observing: make(map[uint64]context.CancelCauseFunc),
	}
	b.hist.init(cfg.HistorySize)
	return b
}

// Close marks the bus closed and cancels the context of every dispatch in
// flight, whose Dispatch then returns an error wrapping ErrBusClosed. It does
// not wait for handlers to return, because a handler that ignores its context
// could block Close forever; use Wait for that. Close is idempotent and
// always returns nil.
func (b *Bus) Close() error {
	b.once.Do(func() {
		b.stateMu.Lock()
		b.closed.Store(true)
		cancels := b.inflight
		b.inflight = make(map[uint64]context.CancelCauseFunc)
		observing := b.observing
		b.observing = make(map[uint64]context.CancelCauseFunc)
		b.stateMu.Unlock()
		for _, cancel := range cancels {
			cancel(ErrBusClosed)
		}
		for _, cancel := range observing {
			cancel(ErrBusClosed)
		}
		b.log.Debug().Int("inflight", len(cancels)).Msg("bus closed")
	})
	return nil
}

// InFlight reports how many dispatches (requests and gathered requests)
// are running now. Background work that can wait or be done in part (a
// cache warmed ahead of need) reads it to stay out of the way of callers'
// requests. Observer deliveries and notifications are not counted: an
// observer, however slow, changes nothing the library does.
func (b *Bus) InFlight() int {
	b.stateMu.Lock()
	defer b.stateMu.Unlock()
	return len(b.inflight)
}

// Closed reports whether Close has been called.
func (b *Bus) Closed() bool { return b.closed.Load() }

// Wait blocks until every guard, handler and observer goroutine the bus
// started has returned, or ctx ends. It lets an owner that closed the bus
// make sure no subscriber is still touching shared state before tearing it
// down.
func (b *Bus) Wait(ctx context.Context) error { return b.running.wait(ctx) }

// Subscription identifies one registration made with Handle, Contribute,
// Observe or Guard. It is a small value that is safe to copy; its zero
// value is not subscribed.
type Subscription struct {
	id uint64
	b  *Bus
}

// ID returns the subscription's unique, non-zero identifier.
func (s Subscription) ID() uint64 { return s.id }

// Unsubscribe removes the registration; it is the same as
// Bus.Unsubscribe(s).
func (s Subscription) Unsubscribe() bool {
	if s.b == nil {
		return false
	}
	return s.b.Unsubscribe(s)
}

// Unsubscribe removes the registration s and reports whether it was still
// registered. Registrations are matched by ID, never by function value, so
// two closures made from one literal are removed independently. Dispatches
// already in flight keep the handler list they started with.
func (b *Bus) Unsubscribe(s Subscription) bool {
	if s.b != b || s.id == 0 {
		return false
	}
	b.subMu.Lock()
	defer b.subMu.Unlock()
	t, ok := b.subs[s.id]
	if !ok {
		return false
	}
	delete(b.subs, s.id)
	if t.owner != nil && t.owner.id == s.id {
		t.owner = nil
		t.outcome.Store(nil)
	}
	for _, list := range []*atomic.Pointer[[]*sub]{&t.handlers, &t.guards, &t.observers} {
		cur := *list.Load()
		if i := slices.IndexFunc(cur, func(x *sub) bool { return x.id == s.id }); i >= 0 {
			next := slices.Delete(slices.Clone(cur), i, i+1)
			list.Store(&next)
		}
	}
	return true
}

// Guard subscribes g to run before every handler of events of type E.
// Guards run in ascending order, ties broken by subscription order, so that
// cheap or security-critical checks can be placed first. A guard that
// returns an error, or panics, vetoes the event: no further guard or handler
// runs and the dispatch fails with a *VetoError. After SealGuards, Guard
// registers nothing (see SealGuards).
func Guard[E any](b *Bus, name string, order int, g func(ctx context.Context, e E) error) Subscription {
	return b.add(typeOf[E](), &sub{
		name:  name,
		order: order,
		kind:  kindGuard,
		fn: func(ctx context.Context, e any) (any, error) {
			ev, _ := e.(E)
			return nil, g(ctx, ev)
		},
	})
}

// add registers s under the topic of t. A refusal (a guard after
// SealGuards) is logged, and the Subscription returned is not subscribed.
func (b *Bus) add(t reflect.Type, s *sub) Subscription {
	sub, err := b.addChecked(t, s)
	if err != nil {
		b.log.Error().Str("subscriber", s.name).Err(err).Msg("subscription refused")
	}
	return sub
}

// SealGuards ends the registration of guards: a Guard or GuardInline
// called afterwards registers nothing (the refusal is logged, and the
// Subscription it returns is not subscribed). A session seals its bus
// once its components have attached, so that nothing that runs later, an
// observer or a handler, can veto the requests that follow.
func (b *Bus) SealGuards() { b.sealed.Store(true) }

// addChecked registers s under the topic of t, unless s is an owner and the
// topic has one, or s is a contributor and the topic has an owner, or the
// other way round: a request is answered by its owner alone.
func (b *Bus) addChecked(t reflect.Type, s *sub) (Subscription, error) {
	b.subMu.Lock()
	defer b.subMu.Unlock()
	n := b.nameOf(t)
	if s.kind == kindGuard && b.sealed.Load() {
		return Subscription{}, fmt.Errorf("%w: %q cannot guard %s", ErrGuardsSealed, s.name, n.display)
	}
	tp := b.topicLocked(n)
	switch s.kind {
	case kindOwner:
		if tp.owner != nil {
			return Subscription{}, fmt.Errorf("%w: %q cannot own %s, %q owns it (a request has one owner; others watch it with bus.Observe)",
				ErrOwnerConflict, s.name, n.display, tp.owner.name)
		}
		if i := slices.IndexFunc(*tp.handlers.Load(), func(x *sub) bool { return x.kind == kindContributor }); i >= 0 {
			return Subscription{}, fmt.Errorf("%w: %q cannot own %s, %q contributes to it (a gathered request has no owner)",
				ErrOwnerConflict, s.name, n.display, (*tp.handlers.Load())[i].name)
		}
	case kindContributor:
		if tp.owner != nil {
			return Subscription{}, fmt.Errorf("%w: %q cannot contribute to %s, %q owns it (others watch it with bus.Observe)",
				ErrOwnerConflict, s.name, n.display, tp.owner.name)
		}
	}
	s.id = b.nextID.Add(1)
	var list *atomic.Pointer[[]*sub]
	switch s.kind {
	case kindGuard:
		list = &tp.guards
	case kindObserver:
		list = &tp.observers
	default:
		list = &tp.handlers
	}
	next := append(slices.Clone(*list.Load()), s)
	switch s.kind {
	case kindGuard:
		// A stable sort keeps subscription order among equal orders,
		// since ids only grow.
		slices.SortStableFunc(next, func(x, y *sub) int { return cmp.Compare(x.order, y.order) })
	case kindOwner:
		tp.owner = s
		if s.outcome != nil {
			tp.outcome.Store(&s.outcome)
		}
	}
	list.Store(&next)
	b.subs[s.id] = tp
	return Subscription{id: s.id, b: b}, nil
}

// topicLocked returns the topic for n, creating it and subscribing its
// collector to EventBus on first use. The caller holds subMu. Taking
// EventBus's lock while holding subMu is safe because no code running under
// EventBus's lock (only collectors) ever takes subMu.
func (b *Bus) topicLocked(n topicName) *topic {
	if t, ok := b.topics[n.key]; ok {
		return t
	}
	t := &topic{key: n.key, display: n.display}
	t.handlers.Store(new([]*sub))
	t.guards.Store(new([]*sub))
	t.observers.Store(new([]*sub))
	collect := func(env *envelope) { env.t = t }
	if err := b.eb.Subscribe(n.key, collect); err != nil {
		// EventBus only fails for a non-function, which collect is not.
		panic(fmt.Sprintf("bus: subscribing collector for %s: %v", n.display, err))
	}
	b.topics[n.key] = t
	return t
}

// topicOf returns the topic of t, creating it on first use.
func (b *Bus) topicOf(t reflect.Type) *topic {
	b.subMu.Lock()
	defer b.subMu.Unlock()
	return b.topicLocked(b.nameOf(t))
}

// outcomeFunc publishes a finished dispatch of a request to the observers
// of its Outcome.
type outcomeFunc func(b *Bus, e any, res *Result, err error, rec Record)

// topicName is the routing key and the display name of an event type.
type topicName struct {
	key     string
	display string
	words   string
}

// nameOf returns the topic of t. The key includes the package path so that
// two packages' types with the same name are not confused; the display name
// is the short reflect form ("events.ClickEvent") used in results and logs.
func (b *Bus) nameOf(t reflect.Type) topicName {
	if v, ok := b.names.Load(t); ok {
		return v.(topicName)
	}
	n := topicName{key: t.String(), display: t.String(), words: Words(t)}
	if t.Name() != "" && t.PkgPath() != "" {
		n.key = t.PkgPath() + "." + t.Name()
	}
	b.names.Store(t, n)
	return n
}

func typeOf[E any]() reflect.Type { return reflect.TypeFor[E]() }

// tracker counts running guard and handler goroutines so Wait can block
// until there are none without starting a goroutine of its own.
type tracker struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to zero
}

func (t *tracker) add() {
	t.mu.Lock()
	if t.n == 0 {
		t.idle = make(chan struct{})
	}
	t.n++
	t.mu.Unlock()
}

func (t *tracker) done() {
	t.mu.Lock()
	t.n--
	if t.n == 0 {
		close(t.idle)
	}
	t.mu.Unlock()
}

func (t *tracker) wait(ctx context.Context) error {
	t.mu.Lock()
	if t.n == 0 {
		t.mu.Unlock()
		return nil
	}
	idle := t.idle
	t.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
