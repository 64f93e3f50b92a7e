package bus_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/bus"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// ceiling bounds waits that only fail if the bus deadlocks; it is a
// generous backstop, not a timing assertion.
const ceiling = 10 * time.Second

type (
	// ping, child and slowEvent are requests answered with an int, other
	// with a string.
	ping      struct{ N int }
	child     struct{ N int }
	other     struct{}
	slowEvent struct{}
	// part is gathered from contributors, each a string.
	part struct{}
	// idReq is answered with the ID of its own dispatch.
	idReq struct{}
	// nilReq is answered with an error value (often nil).
	nilReq struct{}
)

func (ping) Returns(int)      {}
func (child) Returns(int)     {}
func (other) Returns(string)  {}
func (slowEvent) Returns(int) {}
func (part) Gathers(string)   {}
func (idReq) Returns(uint64)  {}
func (nilReq) Returns(error)  {}

// handle makes h the owner of E on b, failing the test if it is refused.
func handle[E bus.Request[R], R any](t *testing.T, b *bus.Bus, name string, h func(context.Context, E) (R, error)) bus.Subscription {
	t.Helper()
	sub, err := bus.Handle(b, name, h)
	require.NoError(t, err)
	return sub
}

// contribute subscribes h as a contributor to part.
func contribute(t *testing.T, b *bus.Bus, name string, h func(context.Context, part) (string, error)) bus.Subscription {
	t.Helper()
	sub, err := bus.Contribute(b, name, h)
	require.NoError(t, err)
	return sub
}

// DefaultTimeout gives slowEvent a short per-event deadline.
func (slowEvent) DefaultTimeout() time.Duration { return 20 * time.Millisecond }

// newBus returns a bus that is closed, and whose handlers have returned,
// when the test ends, so goleak sees no stragglers.
func newBus(t *testing.T, cfg bus.Config) *bus.Bus {
	t.Helper()
	b := bus.New(cfg)
	t.Cleanup(func() {
		require.NoError(t, b.Close())
		ctx, cancel := context.WithTimeout(context.Background(), ceiling)
		defer cancel()
		require.NoError(t, b.Wait(ctx))
	})
	return b
}

// within runs f in a goroutine and fails the test if it has not returned
// within the ceiling, so that a deadlock fails instead of hanging.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(ceiling):
		t.Fatalf("%s did not complete: deadlock", what)
	}
}

// Raw EventBus deadlocks here: Publish holds its mutex while the handler
// publishes again.
func TestHandlerDispatchesChildAndWaits(t *testing.T) {
	b := newBus(t, bus.Config{})
	handle(t, b, "child", func(ctx context.Context, e child) (int, error) {
		return e.N * 10, nil
	})
	handle(t, b, "parent", func(ctx context.Context, e ping) (int, error) {
		return bus.Ask(ctx, b, child{N: e.N})
	})

	var got int
	var err error
	within(t, "parent dispatch", func() {
		got, err = bus.Ask(t.Context(), b, ping{N: 4})
	})
	require.NoError(t, err)
	assert.Equal(t, 40, got)

	hist := b.History()
	require.Len(t, hist, 2)
	childRec, parentRec := hist[0], hist[1] // a child ends first
	assert.Equal(t, "bus_test.child", childRec.Type)
	assert.Equal(t, "bus_test.ping", parentRec.Type)
	assert.Equal(t, parentRec.EventID, childRec.ParentID)
	assert.Zero(t, parentRec.ParentID)
	assert.Equal(t, bus.OutcomeOK, childRec.Outcome)
}

func TestEventIDFromContext(t *testing.T) {
	b := newBus(t, bus.Config{})
	handle(t, b, "id", func(ctx context.Context, e idReq) (uint64, error) {
		id, ok := bus.EventIDFrom(ctx)
		if !ok {
			return 0, errors.New("no event id in context")
		}
		return id, nil
	})
	res, err := bus.Dispatch(t.Context(), b, idReq{})
	require.NoError(t, err)
	assert.Equal(t, res.EventID, res.Handlers[0].Value)

	_, ok := bus.EventIDFrom(t.Context())
	assert.False(t, ok)
}

// Raw EventBus deadlocks here: Subscribe takes the mutex Publish holds.
func TestSubscribeAndUnsubscribeDuringDispatch(t *testing.T) {
	b := newBus(t, bus.Config{})
	var self bus.Subscription
	var lateHits atomic.Int32
	self = contribute(t, b, "self-removing", func(ctx context.Context, e part) (string, error) {
		if _, err := bus.Contribute(b, "late", func(ctx context.Context, e part) (string, error) {
			lateHits.Add(1)
			return "late", nil
		}); err != nil {
			return "", err
		}
		if _, err := bus.Handle(b, "other", func(ctx context.Context, e other) (string, error) { return "other", nil }); err != nil {
			return "", err
		}
		if !self.Unsubscribe() {
			return "", errors.New("self was not subscribed")
		}
		return "first", nil
	})

	within(t, "dispatch that subscribes", func() {
		res, err := bus.Dispatch(t.Context(), b, part{})
		require.NoError(t, err)
		// The handler list was taken when the dispatch started.
		require.Len(t, res.Handlers, 1)
		assert.Equal(t, "first", res.Handlers[0].Value)
	})

	res, err := bus.Dispatch(t.Context(), b, part{})
	require.NoError(t, err)
	require.Len(t, res.Handlers, 1)
	assert.Equal(t, "late", res.Handlers[0].Handler)
	assert.EqualValues(t, 1, lateHits.Load())

	got, err := bus.Ask(t.Context(), b, other{})
	require.NoError(t, err)
	assert.Equal(t, "other", got)
}

// Raw EventBus matches handlers by code pointer, so unsubscribing one of
// these closures could remove the other.
func TestClosuresFromOneLiteralUnsubscribeIndependently(t *testing.T) {
	b := newBus(t, bus.Config{})
	counter := func(hits *atomic.Int32) func(context.Context, part) (string, error) {
		return func(context.Context, part) (string, error) { return fmt.Sprint(hits.Add(1)), nil }
	}
	var first, second atomic.Int32
	subFirst := contribute(t, b, "first", counter(&first))
	subSecond := contribute(t, b, "second", counter(&second))
	assert.NotEqual(t, subFirst.ID(), subSecond.ID())

	require.True(t, b.Unsubscribe(subFirst))
	require.False(t, b.Unsubscribe(subFirst), "second unsubscribe must report false")

	res, err := bus.Dispatch(t.Context(), b, part{})
	require.NoError(t, err)
	require.Len(t, res.Handlers, 1)
	assert.Equal(t, "second", res.Handlers[0].Handler)
	assert.EqualValues(t, 0, first.Load())
	assert.EqualValues(t, 1, second.Load())

	require.True(t, subSecond.Unsubscribe())
	_, err = bus.Dispatch(t.Context(), b, part{})
	require.ErrorIs(t, err, bus.ErrNoHandler)
	assert.False(t, bus.Subscription{}.Unsubscribe())
}

// Raw EventBus lets a handler panic kill the process.
func TestPanicBecomesErrorResult(t *testing.T) {
	b := newBus(t, bus.Config{})
	sub := contribute(t, b, "boom", func(ctx context.Context, e part) (string, error) {
		panic("kaboom")
	})
	contribute(t, b, "after", func(ctx context.Context, e part) (string, error) { return "2", nil })

	res, err := bus.Dispatch(t.Context(), b, part{})
	require.Error(t, err)
	var pe *bus.PanicError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "boom", pe.Handler)
	assert.Equal(t, "kaboom", pe.Value)
	assert.NotEmpty(t, pe.Stack)
	require.Len(t, res.Handlers, 2, "the handler after the panic still runs")
	assert.Equal(t, "2", res.Handlers[1].Value)
	assert.Equal(t, bus.OutcomePanic, b.History()[0].Outcome)

	// The bus keeps working.
	sub.Unsubscribe()
	parts, err := bus.Gather(t.Context(), b, part{})
	require.NoError(t, err)
	assert.Equal(t, []bus.Part[string]{{Contributor: "after", Value: "2"}}, parts)

	// An owner's panic is its error.
	handle(t, b, "owner", func(ctx context.Context, e ping) (int, error) { panic("owner down") })
	_, err = bus.Ask(t.Context(), b, ping{})
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "owner", pe.Handler)
	_, err = bus.Ask(t.Context(), b, ping{})
	require.ErrorAs(t, err, &pe, "and the bus goes on")
}

func TestPanickingGuardVetoes(t *testing.T) {
	b := newBus(t, bus.Config{})
	var ran atomic.Bool
	bus.Guard(b, "crashy", 0, func(ctx context.Context, e ping) error {
		var m map[string]int
		m["x"] = 1 // a runtime error panic
		return nil
	})
	handle(t, b, "guarded", func(ctx context.Context, e ping) (int, error) {
		ran.Store(true)
		return 1, nil
	})
	_, err := bus.Dispatch(t.Context(), b, ping{})
	require.ErrorIs(t, err, bus.ErrVetoed)
	var pe *bus.PanicError
	require.ErrorAs(t, err, &pe)
	var re runtime.Error
	assert.ErrorAs(t, err, &re, "the panic value is reachable through PanicError")
	assert.False(t, ran.Load())
}

func TestHandlerGoexitIsAnError(t *testing.T) {
	b := newBus(t, bus.Config{})
	handle(t, b, "exits", func(ctx context.Context, e ping) (int, error) {
		runtime.Goexit()
		return 0, nil
	})
	res, err := bus.Dispatch(t.Context(), b, ping{})
	require.Error(t, err)
	require.Len(t, res.Handlers, 1)
	assert.Error(t, res.Handlers[0].Err)
}

// bubus serialised all buses behind one lock; ours must not.
func TestSlowBusDoesNotDelayAnother(t *testing.T) {
	a := newBus(t, bus.Config{Name: "a"})
	other := newBus(t, bus.Config{Name: "b"})
	started := make(chan struct{})
	release := make(chan struct{})
	handle(t, a, "slow", func(ctx context.Context, e ping) (int, error) {
		close(started)
		select {
		case <-release:
			return 1, nil
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	})
	handle(t, other, "fast", func(ctx context.Context, e ping) (int, error) { return 2, nil })

	aDone := make(chan error, 1)
	go func() {
		_, err := bus.Dispatch(t.Context(), a, ping{})
		aDone <- err
	}()
	<-started

	within(t, "dispatch on bus B while bus A is busy", func() {
		got, err := bus.Ask(t.Context(), other, ping{})
		require.NoError(t, err)
		assert.Equal(t, 2, got)
	})
	select {
	case err := <-aDone:
		t.Fatalf("bus A finished before it was released: %v", err)
	default:
	}
	close(release)
	require.NoError(t, <-aDone)
}

func TestDeadlineReleasesBlockedHandler(t *testing.T) {
	blocker := func(ctx context.Context, _ part) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	}
	tests := []struct {
		name string
		cfg  bus.Config
		ctx  func(t *testing.T) (context.Context, context.CancelFunc)
	}{
		{
			name: "caller deadline",
			ctx: func(t *testing.T) (context.Context, context.CancelFunc) {
				return context.WithTimeout(t.Context(), 30*time.Millisecond)
			},
		},
		{
			name: "config default",
			cfg:  bus.Config{DefaultTimeout: 30 * time.Millisecond},
			ctx: func(t *testing.T) (context.Context, context.CancelFunc) {
				return t.Context(), func() {}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBus(t, tt.cfg)
			var secondRan atomic.Bool
			contribute(t, b, "blocker", blocker)
			contribute(t, b, "second", func(ctx context.Context, _ part) (string, error) {
				secondRan.Store(true)
				return "", nil
			})
			ctx, cancel := tt.ctx(t)
			defer cancel()

			var res *bus.Result
			var err error
			within(t, "blocked dispatch", func() { res, err = bus.Dispatch(ctx, b, part{}) })
			require.ErrorIs(t, err, bus.ErrTimeout)
			require.ErrorIs(t, err, context.DeadlineExceeded)
			require.Len(t, res.Handlers, 1, "handlers after the timeout are not started")
			assert.ErrorIs(t, res.Handlers[0].Err, bus.ErrTimeout)
			assert.False(t, secondRan.Load())
			assert.Equal(t, bus.OutcomeTimeout, b.History()[0].Outcome)
			assert.EqualValues(t, 1, b.Stats()["bus_test.part"].Timeouts)
		})
	}
}

func TestPerEventDefaultTimeout(t *testing.T) {
	b := newBus(t, bus.Config{}) // the 30s config default must not apply
	handle(t, b, "blocker", func(ctx context.Context, _ slowEvent) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})
	within(t, "slow event", func() {
		_, err := bus.Dispatch(t.Context(), b, slowEvent{})
		require.ErrorIs(t, err, bus.ErrTimeout)
	})
}

// One deadline covers the parent and its children: the child does not get
// a fresh default timeout of its own.
func TestChildSharesParentDeadline(t *testing.T) {
	b := newBus(t, bus.Config{DefaultTimeout: 30 * time.Millisecond})
	handle(t, b, "stuck child", func(ctx context.Context, _ child) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})
	childErr := make(chan error, 1)
	handle(t, b, "parent", func(ctx context.Context, _ ping) (int, error) {
		_, err := bus.Dispatch(ctx, b, child{})
		childErr <- err
		return 0, err
	})
	within(t, "parent with stuck child", func() {
		_, err := bus.Dispatch(t.Context(), b, ping{})
		require.ErrorIs(t, err, bus.ErrTimeout)
	})
	require.ErrorIs(t, <-childErr, bus.ErrTimeout)
}

// dialogOpenError is a guard's typed error that callers inspect.
type dialogOpenError struct{ Message string }

func (e *dialogOpenError) Error() string { return "dialog open: " + e.Message }

func TestGuardVetoStopsHandler(t *testing.T) {
	b := newBus(t, bus.Config{})
	var mu sync.Mutex
	var calls []string
	called := func(name string) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, name)
	}
	pass := func(name string) func(context.Context, ping) error {
		return func(context.Context, ping) error { called(name); return nil }
	}
	var handled atomic.Bool
	handle(t, b, "click", func(context.Context, ping) (int, error) {
		handled.Store(true)
		return 1, nil
	})
	bus.Guard(b, "late", 10, pass("late"))
	dialog := bus.Guard(b, "dialog", 5, func(context.Context, ping) error {
		called("dialog")
		return &dialogOpenError{Message: "confirm?"}
	})
	bus.Guard(b, "first-a", 1, pass("first-a"))
	bus.Guard(b, "first-b", 1, pass("first-b"))

	res, err := bus.Dispatch(t.Context(), b, ping{})
	require.ErrorIs(t, err, bus.ErrVetoed)
	var de *dialogOpenError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, "confirm?", de.Message)
	var ve *bus.VetoError
	require.ErrorAs(t, err, &ve)
	assert.Equal(t, "dialog", ve.Guard)
	assert.Equal(t, []string{"first-a", "first-b", "dialog"}, calls)
	assert.False(t, handled.Load())
	assert.Empty(t, res.Handlers)
	assert.Equal(t, bus.OutcomeVetoed, b.History()[0].Outcome)

	calls = nil
	require.True(t, dialog.Unsubscribe())
	_, err = bus.Dispatch(t.Context(), b, ping{})
	require.NoError(t, err)
	assert.Equal(t, []string{"first-a", "first-b", "late"}, calls)
	assert.True(t, handled.Load())
}

func TestClosedBus(t *testing.T) {
	b := newBus(t, bus.Config{})
	var ran atomic.Bool
	handle(t, b, "never", func(ctx context.Context, _ ping) (int, error) {
		ran.Store(true)
		<-ctx.Done()
		return 0, nil
	})
	require.NoError(t, b.Close())
	require.NoError(t, b.Close(), "close is idempotent")
	assert.True(t, b.Closed())

	// context.Background has no deadline: only an immediate return passes.
	within(t, "dispatch on closed bus", func() {
		res, err := bus.Dispatch(context.Background(), b, ping{})
		require.ErrorIs(t, err, bus.ErrBusClosed)
		assert.Nil(t, res)
	})
	assert.False(t, ran.Load())
}

func TestCloseCancelsInFlightDispatch(t *testing.T) {
	b := newBus(t, bus.Config{})
	started := make(chan struct{})
	handle(t, b, "waiter", func(ctx context.Context, _ ping) (int, error) {
		close(started)
		<-ctx.Done()
		return 0, context.Cause(ctx)
	})
	done := make(chan error, 1)
	go func() {
		_, err := bus.Dispatch(context.Background(), b, ping{})
		done <- err
	}()
	<-started
	require.NoError(t, b.Close())
	within(t, "in-flight dispatch after close", func() {
		err := <-done
		require.ErrorIs(t, err, bus.ErrBusClosed)
		require.ErrorIs(t, err, context.Canceled)
	})
	assert.Equal(t, bus.OutcomeCanceled, b.History()[0].Outcome)
}

// TestInFlight: a running dispatch counts while its handler runs, and
// no longer once it answered.
func TestInFlight(t *testing.T) {
	b := newBus(t, bus.Config{})
	started, release := make(chan struct{}), make(chan struct{})
	handle(t, b, "held", func(ctx context.Context, _ ping) (int, error) {
		close(started)
		<-release
		return 1, nil
	})
	assert.Zero(t, b.InFlight())
	done := make(chan error, 1)
	go func() {
		_, err := bus.Dispatch(context.Background(), b, ping{})
		done <- err
	}()
	<-started
	assert.Equal(t, 1, b.InFlight(), "the held dispatch is in flight")
	close(release)
	within(t, "the released dispatch", func() { require.NoError(t, <-done) })
	assert.Zero(t, b.InFlight(), "an answered dispatch is not in flight")
}

func TestHistoryIsBounded(t *testing.T) {
	b := newBus(t, bus.Config{HistorySize: 3})
	handle(t, b, "h", func(context.Context, ping) (int, error) { return 0, nil })
	var ids []uint64
	for i := range 10 {
		res, err := bus.Dispatch(t.Context(), b, ping{N: i})
		require.NoError(t, err)
		ids = append(ids, res.EventID)
	}
	hist := b.History()
	require.Len(t, hist, 3)
	for i, rec := range hist {
		assert.Equal(t, ids[7+i], rec.EventID, "oldest first")
	}
	st := b.Stats()["bus_test.ping"]
	assert.EqualValues(t, 10, st.Count, "stats are not bounded by the ring")
	assert.Zero(t, st.Errors)
	assert.Equal(t, st.TotalLatency/10, st.AvgLatency)
}

func TestMultipleHandlersAllResultsCollected(t *testing.T) {
	b := newBus(t, bus.Config{})
	boom := errors.New("boom")
	contribute(t, b, "one", func(context.Context, part) (string, error) { return "1", nil })
	contribute(t, b, "two", func(context.Context, part) (string, error) { return "", boom })
	contribute(t, b, "three", func(context.Context, part) (string, error) { return "three", nil })

	res, err := bus.Dispatch(t.Context(), b, part{})
	require.ErrorIs(t, err, boom)
	require.ErrorIs(t, res.Err(), boom)
	require.Len(t, res.Handlers, 3)
	names := make([]string, 0, 3)
	for _, h := range res.Handlers {
		names = append(names, h.Handler)
	}
	assert.Equal(t, []string{"one", "two", "three"}, names)
	assert.Equal(t, "1", res.Handlers[0].Value)
	assert.Equal(t, "three", res.Handlers[2].Value)
	assert.Equal(t, bus.OutcomeError, b.History()[0].Outcome)
}

func TestAsk(t *testing.T) {
	b := newBus(t, bus.Config{})
	handle(t, b, "int", func(context.Context, ping) (int, error) { return 7, nil })
	handle(t, b, "nil error", func(context.Context, nilReq) (error, error) { return nil, nil })

	tests := []struct {
		name    string
		run     func() (any, error)
		want    any
		wantErr error
	}{
		{"typed result", func() (any, error) { return bus.Ask(t.Context(), b, ping{}) }, 7, nil},
		{"no owner", func() (any, error) { return bus.Ask(t.Context(), b, other{}) }, "", bus.ErrNoHandler},
		{"nil interface result", func() (any, error) { return bus.Ask(t.Context(), b, nilReq{}) }, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.run()
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestConcurrentDispatch(t *testing.T) {
	b := newBus(t, bus.Config{HistorySize: 50})
	var handled atomic.Int64
	handle(t, b, "child", func(context.Context, child) (int, error) { return 1, nil })
	handle(t, b, "parent", func(ctx context.Context, e ping) (int, error) {
		handled.Add(1)
		return bus.Ask(ctx, b, child{N: e.N})
	})
	bus.Guard(b, "allow", 0, func(context.Context, ping) error { return nil })

	const workers, perWorker = 16, 50
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range perWorker {
				_, err := bus.Dispatch(t.Context(), b, ping{N: w*perWorker + i})
				assert.NoError(t, err)
			}
		})
	}
	// Churn subscriptions and read history and stats meanwhile.
	wg.Go(func() {
		for range perWorker {
			s, err := bus.Handle(b, "churn", func(context.Context, other) (string, error) { return "", nil })
			assert.NoError(t, err)
			_, _ = bus.Dispatch(t.Context(), b, other{})
			s.Unsubscribe()
			_ = b.History()
			_ = b.Stats()
		}
	})
	within(t, "concurrent dispatches", wg.Wait)

	assert.EqualValues(t, workers*perWorker, handled.Load())
	stats := b.Stats()
	assert.EqualValues(t, workers*perWorker, stats["bus_test.ping"].Count)
	assert.EqualValues(t, workers*perWorker, stats["bus_test.child"].Count)
	assert.Len(t, b.History(), 50)
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  bus.Config
		want []string
	}{
		{"zero value", bus.Config{}, nil},
		{"explicit", bus.Config{Name: "s", HistorySize: 10, DefaultTimeout: time.Second}, nil},
		{"negative history", bus.Config{HistorySize: -1}, []string{"history size -1 is negative"}},
		{"both invalid", bus.Config{HistorySize: -1, DefaultTimeout: -time.Second},
			[]string{"history size -1 is negative", "default timeout -1s is negative"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Validate()
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestErrTimeoutMatchesDeadlineExceeded(t *testing.T) {
	assert.ErrorIs(t, bus.ErrTimeout, context.DeadlineExceeded)
	wrapped := fmt.Errorf("dispatching x: %w", bus.ErrTimeout)
	assert.ErrorIs(t, wrapped, bus.ErrTimeout)
	assert.ErrorIs(t, wrapped, context.DeadlineExceeded)
}
