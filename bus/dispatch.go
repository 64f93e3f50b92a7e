package bus

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"time"
)

// eventKey is the context key under which a dispatch stores its eventCtx.
type eventKey struct{}

// eventCtx identifies the event a handler is running for. It records the
// bus too, because event IDs are only unique within one bus and a child
// dispatched on another bus must not claim a parent it cannot resolve.
type eventCtx struct {
	b  *Bus
	id uint64
}

// EventIDFrom returns the ID of the event whose guard or handler received
// ctx. It lets a handler correlate its logs with the bus history.
func EventIDFrom(ctx context.Context) (uint64, bool) {
	v, ok := ctx.Value(eventKey{}).(eventCtx)
	return v.id, ok
}

// Dispatch sends e to the guards and then the handlers of its type (its
// owner, or its contributors) and waits for them, all within one deadline
// (see the package documentation); its observers get it in their mailboxes.
// It is the untyped form, for tooling and tests that look at every
// handler's outcome; code that wants a request's result uses Ask.
//
// The Result is nil only when the bus is closed. The error is nil when every
// handler succeeded. Otherwise it wraps ErrBusClosed, ErrNoHandler (no owner
// or contributor of E; guards are then not run), a *VetoError (matching
// ErrVetoed), ErrTimeout (matching context.DeadlineExceeded), the context's
// cancellation, or the joined handler errors, which Result.Err also returns.
// A handler error does not stop the handlers after it, so that every
// handler's outcome is collected; a timeout or cancellation does.
func Dispatch[E any](ctx context.Context, b *Bus, e E) (*Result, error) {
	return b.dispatch(ctx, b.nameOf(typeOf[E]()), e)
}

// dispatch is the untyped body of Dispatch.
func (b *Bus) dispatch(ctx context.Context, n topicName, e any) (*Result, error) {
	if b.closed.Load() {
		return nil, &DispatchError{Event: n.display, Words: n.words, Err: ErrBusClosed}
	}
	res := &Result{EventID: b.nextEvent.Add(1), Type: n.display, words: n.words, Started: time.Now()}
	if p, ok := ctx.Value(eventKey{}).(eventCtx); ok && p.b == b {
		res.ParentID = p.id
	}

	cctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if !b.track(res.EventID, cancel) {
		return nil, &DispatchError{Event: n.display, Words: n.words, Err: ErrBusClosed}
	}
	defer b.untrack(res.EventID)

	// Only a context without a deadline gets one, so a child event shares
	// its parent's deadline instead of starting a fresh one.
	dctx := cctx
	if _, ok := ctx.Deadline(); !ok {
		timeout := b.cfg.DefaultTimeout
		if d, ok := e.(DefaultTimeouter); ok && d.DefaultTimeout() > 0 {
			timeout = d.DefaultTimeout()
		}
		var stop context.CancelFunc
		dctx, stop = context.WithTimeoutCause(cctx, timeout, ErrTimeout)
		defer stop()
	}
	dctx = context.WithValue(dctx, eventKey{}, eventCtx{b: b, id: res.EventID})

	// EventBus routes the envelope to the topic's collector, which fills in
	// the topic and returns; nothing of ours runs under its lock, and the
	// handlers run below without any lock held.
	var env envelope
	b.eb.Publish(n.key, &env)

	outcome, err := b.run(dctx, res, env.t, e)
	res.Duration = time.Since(res.Started)
	if err != nil {
		err = &DispatchError{Event: n.display, Words: n.words, Err: err}
	}
	rec := b.finish(res, outcome, err)
	if env.t != nil {
		if pub := env.t.outcome.Load(); pub != nil {
			(*pub)(b, e, res, err, rec)
		}
	}
	return res, err
}

// track registers the cancel function of a dispatch so that Close can end
// it. It reports false if the bus was closed meanwhile; checking under the
// same lock that Close takes means no dispatch can slip past Close.
func (b *Bus) track(id uint64, cancel context.CancelCauseFunc) bool {
	return b.trackIn(&b.inflight, id, cancel)
}

func (b *Bus) untrack(id uint64) { b.untrackIn(&b.inflight, id) }

// trackIn and untrackIn keep a cancel function in one of the bus's maps
// (dispatches, or observer deliveries) under stateMu.
func (b *Bus) trackIn(m *map[uint64]context.CancelCauseFunc, id uint64, cancel context.CancelCauseFunc) bool {
	b.stateMu.Lock()
	defer b.stateMu.Unlock()
	if b.closed.Load() {
		return false
	}
	(*m)[id] = cancel
	return true
}

func (b *Bus) untrackIn(m *map[uint64]context.CancelCauseFunc, id uint64) {
	b.stateMu.Lock()
	delete(*m, id)
	b.stateMu.Unlock()
}

// run executes the guards and handlers of t and returns the dispatch
// outcome and its unwrapped error. Once the guards have let the event
// through, its observers get it in their mailboxes, before the handlers
// start. Once ctx has ended no further guard or handler is started.
func (b *Bus) run(ctx context.Context, res *Result, t *topic, e any) (string, error) {
	if t == nil {
		return OutcomeNoHandler, ErrNoHandler
	}
	handlers := *t.handlers.Load()
	if len(handlers) == 0 {
		return OutcomeNoHandler, ErrNoHandler
	}
	for _, g := range *t.guards.Load() {
		if ctx.Err() != nil {
			return interruption(ctx)
		}
		hr, st := b.call(ctx, g, e)
		res.Guards = append(res.Guards, hr)
		switch {
		case st == interrupted:
			outcome, _ := interruption(ctx)
			return outcome, &HandlerError{Event: res.Type, Handler: g.name, Err: hr.Err}
		case st == panicked:
			// A guard that crashes is treated as a veto: failing closed
			// is the safe choice for a security check.
			return OutcomePanic, &VetoError{Guard: g.name, Err: hr.Err}
		case hr.Err != nil:
			return OutcomeVetoed, &VetoError{Guard: g.name, Err: hr.Err}
		}
	}
	for _, o := range *t.observers.Load() {
		b.deliver(o, e, res.EventID)
	}
	outcome := OutcomeOK
	for _, h := range handlers {
		if ctx.Err() != nil {
			return interrupt(ctx, res)
		}
		hr, st := b.call(ctx, h, e)
		res.Handlers = append(res.Handlers, hr)
		switch {
		case st == interrupted:
			return interrupt(ctx, res)
		case st == panicked:
			outcome = OutcomePanic
		case hr.Err != nil && outcome == OutcomeOK:
			outcome = OutcomeError
		}
	}
	if outcome != OutcomeOK {
		return outcome, res.Err()
	}
	return OutcomeOK, nil
}

// interrupt returns the outcome and error of a dispatch whose context ended
// while handlers remained. The error always matches the interruption
// (ErrTimeout or context.Canceled) and keeps the handler errors so far.
func interrupt(ctx context.Context, res *Result) (string, error) {
	outcome, ierr := interruption(ctx)
	herr := res.Err()
	switch {
	case herr == nil:
		return outcome, ierr
	case errors.Is(herr, ErrTimeout), outcome == OutcomeCanceled && errors.Is(herr, context.Canceled):
		return outcome, herr
	default:
		return outcome, errors.Join(ierr, herr)
	}
}

// interruption classifies why ctx ended and returns the error to report.
func interruption(ctx context.Context) (string, error) {
	err := ctx.Err()
	if errors.Is(err, context.DeadlineExceeded) {
		return OutcomeTimeout, ErrTimeout
	}
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return OutcomeCanceled, fmt.Errorf("%w: %w", cause, err)
	}
	return OutcomeCanceled, err
}

// echoesEnd reports whether err, returned by a handler after ctx ended, just
// reports that end (the usual "return ctx.Err()"), rather than a failure of
// the handler's own.
func echoesEnd(ctx context.Context, err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, context.Cause(ctx))
}

// status says how a guard or handler call ended.
type status int

const (
	returned    status = iota // the function returned, with or without error
	panicked                  // the function panicked
	interrupted               // the dispatch context ended first
)

// callOut carries a function's outcome from its goroutine.
type callOut struct {
	v   any
	err error
	st  status
}

// call runs s in its own goroutine and waits for it or for ctx to end. The
// goroutine lets Dispatch honour the deadline even when s ignores its
// context; the buffered channel lets such a straggler finish later without
// blocking or leaking.
func (b *Bus) call(ctx context.Context, s *sub, e any) (HandlerResult, status) {
	if s.inline {
		return b.callInline(ctx, s, e)
	}
	hr := HandlerResult{Handler: s.name}
	start := time.Now()
	ch := make(chan callOut, 1)
	b.running.add()
	go b.invoke(ctx, s, e, ch)
	var out callOut
	select {
	case out = <-ch:
	case <-ctx.Done():
		// Prefer a result that arrived at the same moment as the deadline.
		select {
		case out = <-ch:
		default:
			out.st = interrupted
			_, out.err = interruption(ctx)
		}
	}
	if out.st == returned && out.err != nil && ctx.Err() != nil && echoesEnd(ctx, out.err) {
		// The handler gave up because the dispatch ended: report the
		// dispatch's reason in a uniform way instead of its echo.
		out.st = interrupted
		_, out.err = interruption(ctx)
	}
	hr.Value, hr.Err, hr.Duration = out.v, out.err, time.Since(start)
	hr.owner = s.kind == kindOwner
	return hr, out.st
}

// invoke is the body of a guard or handler goroutine. It converts a panic
// into a *PanicError and a runtime.Goexit into an error, and always sends
// exactly one callOut.
func (b *Bus) invoke(ctx context.Context, s *sub, e any, ch chan<- callOut) {
	defer b.running.done()
	var out callOut
	ok := false
	defer func() {
		if p := recover(); p != nil {
			pe := &PanicError{Handler: s.name, Value: p, Stack: debug.Stack()}
			out = callOut{err: pe, st: panicked}
			b.log.Warn().Str("handler", s.name).Interface("panic", p).
				Bytes("stack", pe.Stack).Msg("handler panicked")
		} else if !ok {
			out = callOut{err: errExited}
		}
		ch <- out
	}()
	out.v, out.err = s.fn(ctx, e)
	ok = true
}

// finish records a completed dispatch in the history, stats and log, and
// returns its record.
func (b *Bus) finish(res *Result, outcome string, err error) Record {
	rec := Record{
		EventID:  res.EventID,
		ParentID: res.ParentID,
		Type:     res.Type,
		Started:  res.Started,
		Duration: res.Duration,
		Outcome:  outcome,
	}
	if err != nil {
		rec.Err = err.Error()
	}
	b.hist.add(rec)
	b.log.Debug().Uint64("event_id", res.EventID).Uint64("parent_id", res.ParentID).
		Str("event", res.Type).Dur("dur", res.Duration).Str("outcome", outcome).
		Err(err).Msg("dispatched")
	return rec
}

// DispatchAny is Dispatch for an event whose type is known only at run time
// (e is routed by its dynamic type). It is for generic tooling, such as a
// conformance suite that dispatches sample events of any kind; typed code
// uses Dispatch.
func DispatchAny(ctx context.Context, b *Bus, e any) (*Result, error) {
	if e == nil {
		return nil, &DispatchError{Event: "nil", Words: "a request with no event", Err: ErrNoHandler}
	}
	return b.dispatch(ctx, b.nameOf(reflect.TypeOf(e)), e)
}
