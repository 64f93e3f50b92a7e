package bus_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
)

// goroutineID is the id runtime.Stack prints for the calling goroutine,
// to tell whether a handler ran on the dispatching goroutine.
func goroutineID() string {
	buf := make([]byte, 64)
	n := runtime.Stack(buf, false)
	f := strings.Fields(string(buf[:n]))
	return f[1] // "goroutine 7 [running]:"
}

func TestInlineHandlerRunsOnTheCallersGoroutine(t *testing.T) {
	b := newBus(t, bus.Config{})
	caller := goroutineID()
	var guardInline, handlerInline, plainInline bool
	bus.GuardInline(b, "g", 0, func(ctx context.Context, e ping) error { guardInline = goroutineID() == caller; return nil })
	_, err := bus.HandleInline(b, "h", func(ctx context.Context, e ping) (int, error) {
		handlerInline = goroutineID() == caller
		return e.N * 2, nil
	})
	require.NoError(t, err)
	handle(t, b, "plain", func(ctx context.Context, e child) (int, error) { plainInline = goroutineID() == caller; return 0, nil })
	v, err := bus.Ask(t.Context(), b, ping{N: 21})
	require.NoError(t, err)
	assert.Equal(t, 42, v)
	_, err = bus.Ask(t.Context(), b, child{})
	require.NoError(t, err)
	assert.True(t, guardInline, "the inline guard ran on the caller's goroutine")
	assert.True(t, handlerInline, "the inline owner ran on the caller's goroutine")
	assert.False(t, plainInline, "an owner subscribed with Handle runs on its own goroutine")
}

func TestInlinePanicBecomesErrorResult(t *testing.T) {
	b := newBus(t, bus.Config{})
	inline(t, b, "boom", func(ctx context.Context, e ping) (int, error) { panic("boom") })
	res, err := bus.Dispatch(t.Context(), b, ping{})
	require.Error(t, err)
	var pe *bus.PanicError
	require.ErrorAs(t, res.Handlers[0].Err, &pe)
	assert.Equal(t, "boom", pe.Value)
	// The bus goes on.
	_, err = bus.Dispatch(t.Context(), b, ping{})
	require.ErrorAs(t, err, &pe)
}

func TestInlineGuardVetoesAndPanicsVeto(t *testing.T) {
	b := newBus(t, bus.Config{})
	ran := false
	bus.GuardInline(b, "no", 0, func(ctx context.Context, e ping) error {
		if e.N == 1 {
			panic("guard")
		}
		return errors.New("vetoed")
	})
	inline(t, b, "h", func(ctx context.Context, e ping) (int, error) { ran = true; return 0, nil })
	_, err := bus.Dispatch(t.Context(), b, ping{})
	require.ErrorIs(t, err, bus.ErrVetoed)
	_, err = bus.Dispatch(t.Context(), b, ping{N: 1})
	require.ErrorIs(t, err, bus.ErrVetoed)
	assert.False(t, ran)
}

func TestInlineHandlerGivingUpAtTheDeadlineIsATimeout(t *testing.T) {
	b := newBus(t, bus.Config{})
	inline(t, b, "waits", func(ctx context.Context, e ping) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	within(t, "an inline handler that honours its deadline", func() {
		_, err := bus.Ask(ctx, b, ping{})
		require.ErrorIs(t, err, bus.ErrTimeout)
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
}

func TestInlineHandlerDispatchesChild(t *testing.T) {
	b := newBus(t, bus.Config{})
	inline(t, b, "child", func(ctx context.Context, e child) (int, error) { return e.N + 1, nil })
	inline(t, b, "parent", func(ctx context.Context, e ping) (int, error) {
		return bus.Ask(ctx, b, child{N: e.N})
	})
	within(t, "a re-entrant inline dispatch", func() {
		v, err := bus.Ask(t.Context(), b, ping{N: 1})
		require.NoError(t, err)
		assert.Equal(t, 2, v)
	})
}

// inline makes h the inline owner of E on b.
func inline[E bus.Request[R], R any](t *testing.T, b *bus.Bus, name string, h func(context.Context, E) (R, error)) {
	t.Helper()
	_, err := bus.HandleInline(b, name, h)
	require.NoError(t, err)
}
