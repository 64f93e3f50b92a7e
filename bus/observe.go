package bus

import (
	"context"
	"errors"
)

// Observe subscribes fn to see every event of type E on b without taking
// part in it: fn supplies no result, cannot change the one the owner
// supplies, and cannot delay the caller.
//
// An observer sees a dispatched event once the guards have let it through
// (a vetoed event did not happen; an observer that needs vetoes and results
// observes Outcome[E, R], which the bus publishes when each dispatch of a
// request ends) and every notification sent with Notify. Each observer has
// its own ordered mailbox, drained on a goroutine of the bus, so the caller
// only appends to it: a slow observer delays only its own later events. An
// observer that falls 4096 events behind loses the newest, with a warning
// in the log.
//
// fn gets a context of its own, not the caller's, which ends at the event
// type's default deadline (see DefaultTimeouter) or when the bus closes,
// and carries the ID of the dispatch it observes (see EventIDFrom). A panic
// in fn is recovered and logged; an observer that fails logs its own error,
// since there is nobody to return it to. Close drops undelivered events and
// Wait covers the one being delivered, so no observer goroutine outlives
// Close and Wait.
func Observe[E any](b *Bus, name string, fn func(context.Context, E)) Subscription {
	return b.add(typeOf[E](), &sub{
		name: name,
		kind: kindObserver,
		mb:   &mailbox{},
		fn: func(ctx context.Context, e any) (any, error) {
			ev, _ := e.(E)
			fn(ctx, ev)
			return nil, nil
		},
	})
}

// Subscriptions collects one component's subscriptions, so that they are
// undone together, and the refusals among them. It is not safe for
// concurrent use; the zero value is ready.
type Subscriptions struct {
	list []Subscription
	err  error
}

// Add keeps sub, or the error that refused it: pass it the two results of
// Handle, HandleInline or Contribute, as in
//
//	subs.Add(bus.Handle(b, "mine", h))
func (s *Subscriptions) Add(sub Subscription, err error) {
	if err != nil {
		s.err = errors.Join(s.err, err)
		return
	}
	s.list = append(s.list, sub)
}

// Keep keeps subscriptions that cannot be refused (Observe, Guard).
func (s *Subscriptions) Keep(subs ...Subscription) { s.list = append(s.list, subs...) }

// Err joins the errors of the refused subscriptions, or returns nil.
func (s *Subscriptions) Err() error { return s.err }

// Unsubscribe removes every subscription kept; it may be called again.
func (s *Subscriptions) Unsubscribe() {
	for _, sub := range s.list {
		sub.Unsubscribe()
	}
	s.list = nil
}
