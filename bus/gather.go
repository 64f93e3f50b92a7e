package bus

import "context"

// GatherRequest is implemented by an event type whose answer is gathered
// from several contributors, each supplying one part of type P: the page
// state, for example, is one request that every watchdog that knows a
// section of it answers with its own part. Like Request's, its one method
// does nothing; it binds the part type to the event type.
//
// A type is either a Request or a GatherRequest: contributors are refused
// on a type that has an owner, and an owner on a type that has
// contributors.
type GatherRequest[P any] interface {
	Gathers(P)
}

// Contribute subscribes h as one contributor to the gathered request E.
// Contributors run one after another in subscription order, each in its own
// goroutine, within the dispatch's one deadline. The subscription is
// refused, with an error matching ErrOwnerConflict, when E has an owner.
func Contribute[E GatherRequest[P], P any](b *Bus, name string, h func(ctx context.Context, e E) (P, error)) (Subscription, error) {
	return b.addChecked(typeOf[E](), &sub{
		name: name,
		kind: kindContributor,
		fn: func(ctx context.Context, e any) (any, error) {
			ev, _ := e.(E)
			return h(ctx, ev)
		},
	})
}

// Part is one contributor's answer to a gathered request.
type Part[P any] struct {
	// Contributor is the name given to Contribute.
	Contributor string
	// Value is the contributor's part; the zero P when Err is set.
	Value P
	// Err is the contributor's error, a *PanicError, or an error matching
	// ErrTimeout or context.Canceled if the dispatch ended first.
	Err error
}

// Gather dispatches e like Dispatch and returns every contributor's part,
// in subscription order; contributors that were not started because the
// deadline passed are absent. The error is nil when every contributor
// succeeded; otherwise it is Dispatch's: the joined contributor errors, or
// the dispatch's own failure (ErrBusClosed, a *VetoError, ErrTimeout, a
// cancellation, ErrNoHandler when nobody contributes).
func Gather[E GatherRequest[P], P any](ctx context.Context, b *Bus, e E) ([]Part[P], error) {
	res, err := b.dispatch(ctx, b.nameOf(typeOf[E]()), e)
	if res == nil {
		return nil, err
	}
	parts := make([]Part[P], 0, len(res.Handlers))
	for _, h := range res.Handlers {
		p := Part[P]{Contributor: h.Handler, Err: h.Err}
		p.Value, _ = h.Value.(P)
		parts = append(parts, p)
	}
	return parts, err
}
