package bus_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
)

type (
	// inner is reached through every kind of reference in deepReq.
	inner struct{ S string }
	// deepReq holds every reference kind an observer could write
	// through.
	deepReq struct {
		P     *inner
		Slice []int
		Map   map[string]*inner
		Iface any
		Arr   [2]*inner
		Nest  struct{ Items []inner }
	}
	deepRes struct {
		Seen  string
		Slice []string
		Map   map[string]int
		P     *inner
	}
	// codedErr is an error with fields an observer could change.
	codedErr struct{ Code string }
)

func (deepReq) Returns(deepRes)   {}
func (e *codedErr) Error() string { return "coded: " + e.Code }

var errSentinel = errors.New("sentinel")

func newDeep() deepReq {
	e := deepReq{
		P:     &inner{"p"},
		Slice: []int{1, 2, 3},
		Map:   map[string]*inner{"k": {"m"}},
		Iface: &inner{"i"},
		Arr:   [2]*inner{{"a0"}, {"a1"}},
	}
	e.Nest.Items = []inner{{"n"}}
	return e
}

// vandalize writes through every reference e holds.
func vandalize(e deepReq) {
	e.P.S = "X"
	e.Slice[0] = 99
	e.Map["k"].S = "X"
	e.Map["new"] = &inner{"X"}
	if p, ok := e.Iface.(*inner); ok {
		p.S = "X"
	}
	e.Arr[0].S = "X"
	e.Nest.Items[0].S = "X"
}

// describe reads every reference of e into one string.
func describe(e deepReq) string {
	var s string
	s += e.P.S + "," + e.Map["k"].S + "," + e.Iface.(*inner).S + "," + e.Arr[0].S + "," + e.Nest.Items[0].S
	for _, n := range e.Slice {
		s += "," + string(rune('0'+n%10))
	}
	if _, ok := e.Map["new"]; ok {
		s += ",new"
	}
	return s
}

// TestObserversCannotChangeAnything: an observer that writes through every
// kind of reference in the event and in the Outcome changes nothing the
// owner or the caller sees (run under -race: the writes touch only the
// observer's copies).
func TestObserversCannotChangeAnything(t *testing.T) {
	b := newBus(t, bus.Config{})
	vandalized := make(chan struct{})
	var once sync.Once
	bus.Observe(b, "vandal", func(_ context.Context, e deepReq) {
		vandalize(e)
		once.Do(func() { close(vandalized) })
	})
	want := describe(newDeep())
	_, err := bus.Handle(b, "owner", func(ctx context.Context, e deepReq) (deepRes, error) {
		// The owner reads its input only after the observer wrote to its
		// own copy.
		select {
		case <-vandalized:
		case <-ctx.Done():
			return deepRes{}, ctx.Err()
		}
		return deepRes{Seen: describe(e), Slice: []string{"a"}, Map: map[string]int{"n": 1}, P: &inner{"r"}}, nil
	})
	require.NoError(t, err)

	outcomeSeen := make(chan struct{})
	var res deepRes
	bus.Observe(b, "outcome vandal", func(_ context.Context, o bus.Outcome[deepReq, deepRes]) {
		// Wait until the caller holds its result, then write to it.
		<-outcomeSeen
		o.Value.Slice[0] = "X"
		o.Value.Map["n"] = 42
		o.Value.P.S = "X"
		vandalize(o.Event)
		outcomeSeen <- struct{}{}
	})

	e := newDeep()
	res, err = bus.Ask(t.Context(), b, e)
	require.NoError(t, err)
	assert.Equal(t, want, res.Seen, "the owner saw the event as the caller sent it")
	assert.Equal(t, want, describe(e), "the caller's event is unchanged")
	outcomeSeen <- struct{}{}
	within(t, "the outcome observer wrote", func() { <-outcomeSeen })
	assert.Equal(t, []string{"a"}, res.Slice)
	assert.Equal(t, map[string]int{"n": 1}, res.Map)
	assert.Equal(t, "r", res.P.S)
	assert.Equal(t, want, describe(e))
}

// An observer of an Outcome matches its error as the caller would, but
// what errors.As gives it is a copy.
func TestObservedErrorsMatchButAreCopies(t *testing.T) {
	b := newBus(t, bus.Config{})
	orig := &codedErr{Code: "stale_ref"}
	_, err := bus.Handle(b, "owner", func(context.Context, deepReq) (deepRes, error) {
		return deepRes{}, errors.Join(errSentinel, orig)
	})
	require.NoError(t, err)
	type seen struct{ is, as bool }
	got := make(chan seen, 1)
	bus.Observe(b, "audit", func(_ context.Context, o bus.Outcome[deepReq, deepRes]) {
		var ce *codedErr
		s := seen{is: errors.Is(o.Err, errSentinel), as: errors.As(o.Err, &ce)}
		if s.as {
			ce.Code = "changed"
		}
		got <- s
	})
	_, err = bus.Ask(t.Context(), b, newDeep())
	require.Error(t, err)
	within(t, "the observer saw the outcome", func() {
		s := <-got
		assert.True(t, s.is, "errors.Is finds the sentinel")
		assert.True(t, s.as, "errors.As finds the coded error")
	})
	assert.Equal(t, "stale_ref", orig.Code, "the caller's error is unchanged")
	var ce *codedErr
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "stale_ref", ce.Code)
}

// An observer that ends its goroutine with runtime.Goexit loses only that
// event: later ones still reach it.
func TestObserverGoexitKeepsMailbox(t *testing.T) {
	b := newBus(t, bus.Config{})
	got := make(chan int, 4)
	bus.Observe(b, "quitter", func(_ context.Context, n tabNote) {
		if n.N == 1 {
			runtime.Goexit()
		}
		got <- n.N
	})
	require.True(t, bus.Notify(b, tabNote{N: 1}))
	require.True(t, bus.Notify(b, tabNote{N: 2}))
	within(t, "the second notification", func() { assert.Equal(t, 2, <-got) })
	require.True(t, bus.Notify(b, tabNote{N: 3}))
	within(t, "the third notification", func() { assert.Equal(t, 3, <-got) })
}

// A stuck observer does not count as a request in flight.
func TestInFlightIgnoresObservers(t *testing.T) {
	b := newBus(t, bus.Config{})
	release := make(chan struct{})
	started := make(chan struct{})
	bus.Observe(b, "stuck", func(ctx context.Context, _ tabNote) {
		close(started)
		select {
		case <-release:
		case <-ctx.Done():
		}
	})
	require.True(t, bus.Notify(b, tabNote{}))
	within(t, "the observer started", func() { <-started })
	assert.Zero(t, b.InFlight(), "an observer delivery is not a request in flight")
	close(release)
}

// After SealGuards, a guard registered by anyone (an observer, say)
// vetoes nothing.
func TestSealedBusRefusesGuards(t *testing.T) {
	log := &syncLog{}
	b := newBus(t, bus.Config{Logger: zerolog.New(log)})
	var calls atomic.Int32
	owner(t, b, "owner", &calls)
	b.SealGuards()
	registered := make(chan bus.Subscription, 1)
	bus.Observe(b, "sneaky", func(_ context.Context, _ tabNote) {
		registered <- bus.Guard(b, "veto", 0, func(context.Context, clickReq) error { return errors.New("no") })
	})
	require.True(t, bus.Notify(b, tabNote{}))
	within(t, "the observer tried to add a guard", func() {
		sub := <-registered
		assert.Zero(t, sub.ID(), "the guard was not registered")
	})
	r, err := bus.Ask(t.Context(), b, clickReq{X: 1})
	require.NoError(t, err, "no guard vetoes the request")
	assert.Equal(t, 2, r.Clicked)
	assert.Contains(t, log.String(), "subscription refused")
}
