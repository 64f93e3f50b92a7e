package bus_test

import (
	"context"
	"testing"

	"github.com/agentbrowser/agentbrowser/bus"
)

type benchEvent struct{ N int }

//go:noinline
func directHandler(_ context.Context, e benchEvent) (int, error) { return e.N + 1, nil }

// BenchmarkDirectCall is the baseline: calling the handler without a bus.
func BenchmarkDirectCall(b *testing.B) {
	ctx := b.Context()
	for b.Loop() {
		if _, err := directHandler(ctx, benchEvent{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func benchDispatch(b *testing.B, handlers int) {
	bb := bus.New(bus.Config{})
	defer bb.Close()
	for range handlers {
		bus.On(bb, "h", directHandler)
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bus.Dispatch(ctx, bb, benchEvent{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDispatchOneHandler(b *testing.B)   { benchDispatch(b, 1) }
func BenchmarkDispatchFiveHandlers(b *testing.B) { benchDispatch(b, 5) }
