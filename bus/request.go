package bus

import (
	"context"
)

// Request is implemented by an event type that asks one owner for a result
// of type R: an action (a click is answered with an ActionResult) or a
// query (a frame lookup with a FrameInfo). Its one method does nothing: it
// binds the result type to the event type, so that Ask and Handle infer R
// from the event, and an owner or a caller that expects another type does
// not compile. Any package can declare requests of its own:
//
//	type CountEvent struct{ Tab events.TargetID }
//
//	func (CountEvent) Returns(int) {}
type Request[R any] interface {
	Returns(R)
}

// Handle makes h the owner of the request type E on b: the one handler that
// answers it. name appears in results, history and logs. h receives the
// dispatch context, which carries the one deadline of the dispatch and the
// event's ID (see EventIDFrom); it should return when that context ends.
//
// A request has one owner per bus. A second owner of E, or an owner of a
// type that has contributors (see Contribute), is refused with an error
// matching ErrOwnerConflict that names both subscribers. Whoever else wants to see
// E subscribes with Observe, which cannot change its result.
func Handle[E Request[R], R any](b *Bus, name string, h func(ctx context.Context, e E) (R, error)) (Subscription, error) {
	return b.addChecked(typeOf[E](), ownerSub(b, name, false, h))
}

// HandleInline is Handle for an owner that returns promptly once its
// context ends: it runs on the dispatching goroutine instead of a goroutine
// of its own, which saves a goroutine start and a wake-up per dispatch
// (tens of microseconds on an idle machine, where every hand-off has to
// wake a sleeping thread). The dispatch then cannot return before the owner
// does, so use it only for owners that honour their context throughout. A
// panic is still recovered into a *PanicError; the owner must not call
// runtime.Goexit, which would end the dispatching goroutine.
func HandleInline[E Request[R], R any](b *Bus, name string, h func(ctx context.Context, e E) (R, error)) (Subscription, error) {
	return b.addChecked(typeOf[E](), ownerSub(b, name, true, h))
}

// ownerSub builds the subscription of E's owner, with the function that
// publishes each dispatch's Outcome to its observers.
func ownerSub[E Request[R], R any](b *Bus, name string, inline bool, h func(context.Context, E) (R, error)) *sub {
	out := b.topicOf(typeOf[Outcome[E, R]]())
	return &sub{
		name:   name,
		kind:   kindOwner,
		inline: inline,
		fn: func(ctx context.Context, e any) (any, error) {
			ev, _ := e.(E) // a nil interface event becomes E's zero value
			return h(ctx, ev)
		},
		outcome: func(b *Bus, e any, res *Result, err error, rec Record) {
			observers := *out.observers.Load()
			if len(observers) == 0 {
				return
			}
			v, err := ownerAnswer(res, err)
			o := Outcome[E, R]{Record: rec, Err: err}
			o.Event, _ = e.(E)
			o.Value, _ = v.(R)
			for _, s := range observers {
				b.deliver(s, o, rec.EventID)
			}
		},
	}
}

// Ask dispatches the request e like Dispatch and returns its owner's
// result. The error is the owner's (prefixed with the event type and the
// owner's name, and unwrapping to it), or the dispatch's when it failed as
// a whole: ErrBusClosed, a *VetoError, ErrTimeout, a cancellation, or
// ErrNoHandler when E has no owner.
func Ask[E Request[R], R any](ctx context.Context, b *Bus, e E) (R, error) {
	res, err := b.dispatch(ctx, b.nameOf(typeOf[E]()), e)
	v, err := ownerAnswer(res, err)
	r, _ := v.(R) // a nil interface value is the zero R
	return r, err
}

// ownerAnswer picks the owner's value or error out of a dispatch. An owner
// that answered wins over anything else that happened in the dispatch.
func ownerAnswer(res *Result, err error) (any, error) {
	if res == nil {
		return nil, err
	}
	for _, h := range res.Handlers {
		if !h.owner {
			continue
		}
		if h.Err != nil {
			return nil, &HandlerError{Event: res.Type, Handler: h.Handler, Err: h.Err}
		}
		return h.Value, nil
	}
	if err == nil {
		err = &DispatchError{Event: res.Type, Words: res.words, Err: ErrNoHandler}
	}
	return nil, err
}

// Outcome is published when a dispatch of the request E ends, to the
// observers of Outcome[E, R]: an audit or metrics watchdog that needs to
// know how a request ended observes its Outcome instead of E. It is
// published for every dispatch that reached the guards, vetoed ones
// included, but not for one refused before them (closed bus, no owner).
// R must be E's result type, or the instantiation does not compile.
type Outcome[E Request[R], R any] struct {
	// Event is the request as it was dispatched.
	Event E
	// Value is the owner's result; the zero R when Err is set.
	Value R
	// Err is the error the dispatch's caller got (a veto matches
	// ErrVetoed, a timeout ErrTimeout), nil when the owner answered.
	Err error
	// Record is the dispatch's entry in the history: its ID, parent,
	// timing and outcome.
	Record Record
}
