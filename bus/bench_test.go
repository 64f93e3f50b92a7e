package bus_test

import (
	"context"
	"testing"

	"github.com/agentbrowser/agentbrowser/bus"
)

type benchEvent struct{ N int }

func (benchEvent) Returns(int) {}

type benchGather struct{ N int }

func (benchGather) Gathers(int) {}

//go:noinline
func directHandler(_ context.Context, e benchEvent) (int, error) { return e.N + 1, nil }

//go:noinline
func directPart(_ context.Context, e benchGather) (int, error) { return e.N + 1, nil }

// BenchmarkDirectCall is the baseline: calling the handler without a bus.
func BenchmarkDirectCall(b *testing.B) {
	ctx := b.Context()
	for b.Loop() {
		if _, err := directHandler(ctx, benchEvent{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// benchAsk asks a request of one owner, watched by observers that do
// nothing.
func benchAsk(b *testing.B, observers int) {
	bb := bus.New(bus.Config{})
	defer func() {
		bb.Close()
		_ = bb.Wait(context.Background())
	}()
	if _, err := bus.Handle(bb, "owner", directHandler); err != nil {
		b.Fatal(err)
	}
	for range observers {
		bus.Observe(bb, "observer", func(context.Context, benchEvent) {})
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		if v, err := bus.Ask(ctx, bb, benchEvent{N: 1}); err != nil || v != 2 {
			b.Fatal(v, err)
		}
	}
}

func BenchmarkAskOneOwner(b *testing.B)              { benchAsk(b, 0) }
func BenchmarkAskOneOwnerFourObservers(b *testing.B) { benchAsk(b, 4) }

// BenchmarkGatherFiveContributors gathers a request from five
// contributors.
func BenchmarkGatherFiveContributors(b *testing.B) {
	bb := bus.New(bus.Config{})
	defer bb.Close()
	for range 5 {
		if _, err := bus.Contribute(bb, "part", directPart); err != nil {
			b.Fatal(err)
		}
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		if parts, err := bus.Gather(ctx, bb, benchGather{N: 1}); err != nil || len(parts) != 5 {
			b.Fatal(len(parts), err)
		}
	}
}

// BenchmarkDispatchOneHandler dispatches a request to its owner with the
// untyped Dispatch.
func BenchmarkDispatchOneHandler(b *testing.B) {
	bb := bus.New(bus.Config{})
	defer bb.Close()
	if _, err := bus.Handle(bb, "owner", directHandler); err != nil {
		b.Fatal(err)
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bus.Dispatch(ctx, bb, benchEvent{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
