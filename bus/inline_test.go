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
	bus.OnInline(b, "h", func(ctx context.Context, e ping) (int, error) {
		handlerInline = goroutineID() == caller
		return e.N * 2, nil
	})
	bus.On(b, "plain", func(ctx context.Context, e ping) (int, error) { plainInline = goroutineID() == caller; return 0, nil })
	v, err := bus.DispatchFirst[ping, int](t.Context(), b, ping{N: 21})
	require.NoError(t, err)
	assert.Equal(t, 42, v)
	assert.True(t, guardInline, "the inline guard ran on the caller's goroutine")
	assert.True(t, handlerInline, "the inline handler ran on the caller's goroutine")
	assert.False(t, plainInline, "a handler subscribed with On still runs on its own goroutine")
}

func TestInlinePanicBecomesErrorResult(t *testing.T) {
	b := newBus(t, bus.Config{})
	bus.OnInline(b, "boom", func(ctx context.Context, e ping) (int, error) { panic("boom") })
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
	bus.OnInline(b, "h", func(ctx context.Context, e ping) (int, error) { ran = true; return 0, nil })
	_, err := bus.Dispatch(t.Context(), b, ping{})
	require.ErrorIs(t, err, bus.ErrVetoed)
	_, err = bus.Dispatch(t.Context(), b, ping{N: 1})
	require.ErrorIs(t, err, bus.ErrVetoed)
	assert.False(t, ran)
}

func TestInlineHandlerGivingUpAtTheDeadlineIsATimeout(t *testing.T) {
	b := newBus(t, bus.Config{})
	bus.OnInline(b, "waits", func(ctx context.Context, e ping) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	within(t, "an inline handler that honours its deadline", func() {
		_, err := bus.DispatchFirst[ping, int](ctx, b, ping{})
		require.ErrorIs(t, err, bus.ErrTimeout)
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
}

func TestInlineHandlerDispatchesChild(t *testing.T) {
	b := newBus(t, bus.Config{})
	bus.OnInline(b, "child", func(ctx context.Context, e child) (int, error) { return e.N + 1, nil })
	bus.OnInline(b, "parent", func(ctx context.Context, e ping) (int, error) {
		return bus.DispatchFirst[child, int](ctx, b, child{N: e.N})
	})
	within(t, "a re-entrant inline dispatch", func() {
		v, err := bus.DispatchFirst[ping, int](t.Context(), b, ping{N: 1})
		require.NoError(t, err)
		assert.Equal(t, 2, v)
	})
}
