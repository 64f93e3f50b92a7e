package budget

import (
	"context"
	"errors"
	"math"
	"time"
)

// Reserve is the part of a budget kept back from the work for answering:
// after the work deadline passes there is still time to stop the work
// (Runtime.terminateExecution answers in about 8 ms while a script spins),
// release what it held and serialise the reply before the caller's
// deadline. It is the one place this allowance is stated. A budget shorter
// than four reserves keeps a quarter of itself instead, so that a small
// budget still leaves most of itself for the work.
const Reserve = 50 * time.Millisecond

// DefaultTimeout bounds a budget whose caller gave neither a timeout nor a
// context deadline: nothing runs unbounded. It matches the CLI's default
// --timeout-ms.
const DefaultTimeout = 30 * time.Second

// ErrExpired is the cause of a Work context whose work deadline passed, so
// that the work can tell its budget running out (a timeout) from its caller
// giving up (a cancellation).
var ErrExpired = errors.New("budget expired")

// Budget is one caller's allowance of time. It is safe for concurrent use.
// Cancel releases its resources and is idempotent.
type Budget struct {
	ctx      context.Context
	cancel   context.CancelFunc
	start    time.Time
	deadline time.Time
	reserve  time.Duration
}

// New starts a budget of timeout from now, within parent. Its deadline is
// the earlier of now+timeout and parent's deadline; a timeout of zero or
// less means parent's deadline alone, or DefaultTimeout when parent has
// none. The budget is cancelled when parent is, or by Cancel.
func New(parent context.Context, timeout time.Duration) *Budget {
	now := time.Now()
	var deadline time.Time
	if timeout > 0 {
		deadline = now.Add(timeout)
	}
	if pd, ok := parent.Deadline(); ok && (deadline.IsZero() || pd.Before(deadline)) {
		deadline = pd
	}
	if deadline.IsZero() {
		deadline = now.Add(DefaultTimeout)
	}
	ctx, cancel := context.WithDeadline(parent, deadline)
	return &Budget{
		ctx:      ctx,
		cancel:   cancel,
		start:    now,
		deadline: deadline,
		reserve:  reserveFor(deadline.Sub(now)),
	}
}

// FromMS is New with a timeout in milliseconds, the unit of the CLI flag and
// the daemon protocol.
// A value too large for a Duration is clamped, never wrapped around.
func FromMS(parent context.Context, ms int) *Budget {
	const maxMS = int64(math.MaxInt64 / int64(time.Millisecond))
	if int64(ms) > maxMS {
		ms = int(maxMS)
	}
	return New(parent, time.Duration(ms)*time.Millisecond)
}

// FromContext is the budget a caller's context carries: its deadline and
// its cancellation. The layer that does the work calls it on the context it
// was given.
func FromContext(ctx context.Context) *Budget { return New(ctx, 0) }

// reserveFor is Reserve, or a quarter of a budget too small to spare it.
func reserveFor(total time.Duration) time.Duration {
	if total <= 0 {
		return 0
	}
	return min(Reserve, total/4)
}

// Context is cancelled when the caller's deadline passes, when the caller's
// context is cancelled, or by Cancel. Layers that pass the budget on (the
// daemon to a command, a command to the bus) use it; the layer that does the
// work uses Work.
func (b *Budget) Context() context.Context { return b.ctx }

// Deadline is the caller's deadline: the answer must be back by then.
func (b *Budget) Deadline() time.Time { return b.deadline }

// Total is the whole budget, from New to the caller's deadline.
func (b *Budget) Total() time.Duration { return b.deadline.Sub(b.start) }

// Reserve is the part of this budget kept back for answering.
func (b *Budget) Reserve() time.Duration { return b.reserve }

// WorkDeadline is when the work must stop: the caller's deadline less the
// reserve.
func (b *Budget) WorkDeadline() time.Time { return b.deadline.Add(-b.reserve) }

// Remaining is the time left for work, zero once the work deadline passed or
// the budget was cancelled.
func (b *Budget) Remaining() time.Duration {
	if b.ctx.Err() != nil {
		return 0
	}
	return max(0, time.Until(b.WorkDeadline()))
}

// Elapsed is the time since the budget started.
func (b *Budget) Elapsed() time.Duration { return time.Since(b.start) }

// Done is closed when the budget's Context ends.
func (b *Budget) Done() <-chan struct{} { return b.ctx.Done() }

// Err is nil while the budget runs, context.DeadlineExceeded once the
// caller's deadline passed and context.Canceled once it was cancelled.
func (b *Budget) Err() error { return b.ctx.Err() }

// Cancelled reports whether the caller gave up (its context was cancelled,
// or Cancel was called) as opposed to the budget running out.
func (b *Budget) Cancelled() bool { return errors.Is(b.ctx.Err(), context.Canceled) }

// Cancel ends the budget and releases its timer. It is idempotent.
func (b *Budget) Cancel() { b.cancel() }

// Work returns a context for the work itself: it ends at the work deadline,
// with cause ErrExpired, or when the budget ends. Call the returned function
// when the work is done.
func (b *Budget) Work() (context.Context, context.CancelFunc) {
	return context.WithDeadlineCause(b.ctx, b.WorkDeadline(), ErrExpired)
}

// Expired reports whether ctx, a Work context, ended because the work
// deadline passed rather than because the caller cancelled.
func Expired(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), ErrExpired) || errors.Is(context.Cause(ctx), context.DeadlineExceeded)
}
