package bus

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
)

// Notify hands e to every observer of its type (see Observe) and returns
// at once, without waiting for any of them. It is for notifications whose
// sender must not be held up by its listeners, such as the session's tab
// lifecycle events: each observer has its own ordered mailbox, so one that
// blocks for seconds delays only its own later notifications, never the
// sender nor the other observers.
//
// Guards do not run (a notification reports something that already
// happened; there is nothing to veto). Each delivery gets the per-event
// default deadline (see DefaultTimeouter), so an observer that honours its
// context cannot hold its mailbox forever. Notify on a closed bus, or for a
// type nobody observes, does nothing and reports false. Close drops
// undelivered notifications; Wait covers the deliveries in progress.
func Notify[E any](b *Bus, e E) bool {
	return b.notify(b.nameOf(typeOf[E]()), e)
}

// mailbox holds the undelivered events of one observer. At most one
// goroutine drains it at a time, which keeps them in order; the goroutine
// exits when the mailbox is empty, so an idle bus runs none.
type mailbox struct {
	mu       sync.Mutex
	queue    []delivery
	draining bool
	dropped  uint64 // events the observer lost to a full mailbox
}

// delivery is one event waiting in a mailbox, with the ID of the dispatch
// or notification that carried it.
type delivery struct {
	e  any
	id uint64
}

// maxPending bounds an observer's mailbox: an observer that falls this far
// behind loses the newest events (with a warning in the log) rather than
// growing the process without limit.
const maxPending = 4096

func (b *Bus) notify(n topicName, e any) bool {
	if b.closed.Load() {
		return false
	}
	var env envelope
	b.eb.Publish(n.key, &env)
	t := env.t
	if t == nil {
		return false
	}
	observers := *t.observers.Load()
	if len(observers) == 0 {
		return false
	}
	rec := Record{EventID: b.nextEvent.Add(1), Type: n.display, Started: time.Now(), Outcome: "notified"}
	for _, s := range observers {
		b.deliver(s, e, rec.EventID)
	}
	b.hist.add(rec)
	return true
}

// deliver appends a copy of e (see observerCopy) to the observer s's
// mailbox and starts its drainer if none runs. The copy is made here, on
// the dispatching goroutine, before the owner runs or the caller gets its
// result.
func (b *Bus) deliver(s *sub, e any, id uint64) {
	if b.closed.Load() {
		return // Close drops what is undelivered
	}
	e = observerCopy(e)
	mb := s.mb
	mb.mu.Lock()
	if len(mb.queue) >= maxPending {
		mb.dropped++
		dropped := mb.dropped
		mb.mu.Unlock()
		if dropped%maxPending == 1 {
			b.log.Warn().Str("observer", s.name).Uint64("dropped", dropped).
				Msg("observer fell behind: its mailbox is full and events are dropped")
		}
		return
	}
	mb.queue = append(mb.queue, delivery{e: e, id: id})
	start := !mb.draining
	mb.draining = true
	mb.mu.Unlock()
	if start {
		b.running.add()
		go b.drain(s, mb)
	}
}

// drain delivers s's events in order until its mailbox is empty, the bus
// closes or s is unsubscribed. An observer that ends its goroutine
// (runtime.Goexit) loses only the event it was given: the mailbox is
// handed to a new drainer, so later events still reach it.
func (b *Bus) drain(s *sub, mb *mailbox) {
	returned := false
	defer func() {
		if !returned {
			b.log.Warn().Str("observer", s.name).Msg("observer ended its goroutine (runtime.Goexit); its later events are still delivered")
			b.running.add()
			go b.drain(s, mb)
		}
		b.running.done()
	}()
	for {
		mb.mu.Lock()
		if len(mb.queue) == 0 || b.closed.Load() || !b.subscribed(s.id) {
			mb.queue = nil
			mb.draining = false
			mb.mu.Unlock()
			returned = true
			return
		}
		d := mb.queue[0]
		mb.queue[0] = delivery{}
		mb.queue = mb.queue[1:]
		mb.mu.Unlock()
		b.deliverOne(s, d)
	}
}

// deliverOne runs one delivery on the drainer's goroutine, with the event's
// default deadline. The bus's Close cancels it through the tracked cancel
// function.
func (b *Bus) deliverOne(s *sub, d delivery) {
	timeout := b.cfg.DefaultTimeout
	if dt, ok := d.e.(DefaultTimeouter); ok && dt.DefaultTimeout() > 0 {
		timeout = dt.DefaultTimeout()
	}
	// The tracking key is a fresh id: the dispatch that carried the
	// event may still be tracked under its own.
	key := b.nextEvent.Add(1)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	if !b.trackIn(&b.observing, key, cancel) {
		return
	}
	defer b.untrackIn(&b.observing, key)
	ctx, stop := context.WithTimeoutCause(ctx, timeout, ErrTimeout)
	defer stop()
	ctx = context.WithValue(ctx, eventKey{}, eventCtx{b: b, id: d.id})
	b.observeOne(ctx, s, d.e)
}

// observeOne calls an observer, logging its panic instead of passing it on:
// nothing an observer does reaches the dispatch it observes.
func (b *Bus) observeOne(ctx context.Context, s *sub, e any) {
	defer func() {
		if p := recover(); p != nil {
			b.log.Warn().Str("observer", s.name).Uint64("event_id", eventID(ctx)).
				Str("panic", fmt.Sprint(p)).Bytes("stack", debug.Stack()).Msg("observer panicked")
		}
	}()
	_, _ = s.fn(ctx, e)
}

// eventID is EventIDFrom without the flag, for logs.
func eventID(ctx context.Context) uint64 {
	id, _ := EventIDFrom(ctx)
	return id
}

// subscribed reports whether the subscription id is still registered.
func (b *Bus) subscribed(id uint64) bool {
	b.subMu.Lock()
	defer b.subMu.Unlock()
	_, ok := b.subs[id]
	return ok
}
