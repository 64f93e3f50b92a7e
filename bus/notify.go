package bus

import (
	"context"
	"sync"
	"time"
)

// Notify hands e to every handler of its type and returns at once, without
// waiting for any of them. It is for notifications whose sender must not be
// held up by its listeners, such as the session's tab lifecycle events: each
// subscription has its own ordered mailbox, so a handler that blocks for
// seconds delays only its own later notifications, never the sender nor the
// other handlers.
//
// Guards do not run (a notification reports something that already
// happened; there is nothing to veto) and results are dropped. Each delivery
// gets the per-event default deadline (see DefaultTimeouter), so a handler
// that honours its context cannot hold its mailbox forever. Notify on a
// closed bus, or for a type nobody handles, does nothing and reports false.
// Close drops undelivered notifications; Wait covers the deliveries in
// progress.
func Notify[E any](b *Bus, e E) bool {
	return b.notify(b.nameOf(typeOf[E]()), e)
}

// mailbox holds the undelivered notifications of one subscription. At most
// one goroutine drains it at a time, which keeps them in order; the
// goroutine exits when the mailbox is empty, so an idle bus runs none.
type mailbox struct {
	mu       sync.Mutex
	queue    []any
	draining bool
}

func (b *Bus) notify(n topicName, e any) bool {
	if b.closed.Load() {
		return false
	}
	var env envelope
	b.eb.Publish(n.key, &env)
	if len(env.handlers) == 0 {
		return false
	}
	rec := Record{EventID: b.nextEvent.Add(1), Type: n.display, Started: time.Now(), Outcome: "notified"}
	for _, s := range env.handlers {
		b.deliver(s, e)
	}
	b.hist.add(rec)
	return true
}

// deliver appends e to s's mailbox and starts its drainer if none runs.
func (b *Bus) deliver(s *sub, e any) {
	v, _ := b.mailboxes.LoadOrStore(s.id, &mailbox{})
	mb := v.(*mailbox)
	mb.mu.Lock()
	mb.queue = append(mb.queue, e)
	start := !mb.draining
	mb.draining = true
	mb.mu.Unlock()
	if start {
		b.running.add()
		go b.drain(s, mb)
	}
}

// drain delivers s's notifications in order until its mailbox is empty, the
// bus closes or s is unsubscribed.
func (b *Bus) drain(s *sub, mb *mailbox) {
	defer b.running.done()
	for {
		mb.mu.Lock()
		if len(mb.queue) == 0 || b.closed.Load() || !b.subscribed(s.id) {
			mb.queue = nil
			mb.draining = false
			mb.mu.Unlock()
			return
		}
		e := mb.queue[0]
		mb.queue[0] = nil
		mb.queue = mb.queue[1:]
		mb.mu.Unlock()
		b.notifyOne(s, e)
	}
}

// notifyOne runs one delivery with the event's default deadline. The bus's
// Close cancels it through the tracked cancel function.
func (b *Bus) notifyOne(s *sub, e any) {
	timeout := b.cfg.DefaultTimeout
	if d, ok := e.(DefaultTimeouter); ok && d.DefaultTimeout() > 0 {
		timeout = d.DefaultTimeout()
	}
	id := b.nextEvent.Add(1)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	if !b.track(id, cancel) {
		return
	}
	defer b.untrack(id)
	ctx, stop := context.WithTimeoutCause(ctx, timeout, ErrTimeout)
	defer stop()
	ctx = context.WithValue(ctx, eventKey{}, eventCtx{b: b, id: id})
	if hr, st := b.call(ctx, s, e); st != returned || hr.Err != nil {
		b.log.Debug().Str("handler", s.name).Err(hr.Err).Msg("notification handler failed")
	}
}

// subscribed reports whether the subscription id is still registered.
func (b *Bus) subscribed(id uint64) bool {
	b.subMu.Lock()
	defer b.subMu.Unlock()
	_, ok := b.subs[id]
	return ok
}
