package bus

import (
	"context"
	"runtime/debug"
	"time"
)

// GuardInline is Guard for a guard that returns promptly once its context
// ends (see HandleInline): a cheap check runs on the dispatching goroutine.
func GuardInline[E any](b *Bus, name string, order int, g func(ctx context.Context, e E) error) Subscription {
	return b.add(typeOf[E](), &sub{
		name:   name,
		order:  order,
		kind:   kindGuard,
		inline: true,
		fn: func(ctx context.Context, e any) (any, error) {
			ev, _ := e.(E)
			return nil, g(ctx, ev)
		},
	})
}

// callInline runs an inline guard or handler on the caller's goroutine,
// with the outcome call would give it.
func (b *Bus) callInline(ctx context.Context, s *sub, e any) (HandlerResult, status) {
	start := time.Now()
	out := b.invokeInline(ctx, s, e)
	if out.st == returned && out.err != nil && ctx.Err() != nil && echoesEnd(ctx, out.err) {
		out.st = interrupted
		_, out.err = interruption(ctx)
	}
	return HandlerResult{Handler: s.name, Value: out.v, Err: out.err, Duration: time.Since(start), owner: s.kind == kindOwner}, out.st
}

func (b *Bus) invokeInline(ctx context.Context, s *sub, e any) (out callOut) {
	b.running.add()
	defer b.running.done()
	defer func() {
		if p := recover(); p != nil {
			pe := &PanicError{Handler: s.name, Value: p, Stack: debug.Stack()}
			out = callOut{err: pe, st: panicked}
			b.log.Warn().Str("handler", s.name).Interface("panic", p).
				Bytes("stack", pe.Stack).Msg("handler panicked")
		}
	}()
	out.v, out.err = s.fn(ctx, e)
	return out
}
