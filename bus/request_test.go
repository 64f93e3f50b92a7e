package bus_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
)

type (
	// clickReq is a request answered with a clickRes.
	clickReq struct{ X int }
	clickRes struct{ Clicked int }
	// stateReq is gathered from contributors, each a string part.
	stateReq struct{}
	// tabNote is a notification: no owner, only observers.
	tabNote struct{ N int }
)

func (clickReq) Returns(clickRes) {}
func (stateReq) Gathers(string)   {}

// syncLog is a zerolog writer that tests can read while the bus writes.
type syncLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// owner answers clickReq with X+1 and counts its calls.
func owner(t *testing.T, b *bus.Bus, name string, calls *atomic.Int32) bus.Subscription {
	t.Helper()
	sub, err := bus.Handle(b, name, func(ctx context.Context, e clickReq) (clickRes, error) {
		calls.Add(1)
		return clickRes{Clicked: e.X + 1}, nil
	})
	require.NoError(t, err)
	return sub
}

func TestSecondOwnerIsRefusedNamingBoth(t *testing.T) {
	b := newBus(t, bus.Config{})
	var calls atomic.Int32
	first := owner(t, b, "default_action", &calls)

	_, err := bus.Handle(b, "audit", func(ctx context.Context, e clickReq) (clickRes, error) {
		return clickRes{Clicked: -1}, nil
	})
	require.ErrorIs(t, err, bus.ErrOwnerConflict)
	assert.Contains(t, err.Error(), `"audit"`)
	assert.Contains(t, err.Error(), `"default_action"`)
	assert.Contains(t, err.Error(), "bus_test.clickReq")
	_, err = bus.HandleInline(b, "audit", func(ctx context.Context, e clickReq) (clickRes, error) { return clickRes{}, nil })
	require.ErrorIs(t, err, bus.ErrOwnerConflict)

	r, err := bus.Ask(t.Context(), b, clickReq{X: 1})
	require.NoError(t, err)
	assert.Equal(t, clickRes{Clicked: 2}, r, "the refused owner never answers")

	// Once the owner is gone, another may take its place.
	require.True(t, first.Unsubscribe())
	_, err = bus.HandleInline(b, "replacement", func(ctx context.Context, e clickReq) (clickRes, error) {
		return clickRes{Clicked: 100}, nil
	})
	require.NoError(t, err)
	r, err = bus.Ask(t.Context(), b, clickReq{X: 1})
	require.NoError(t, err)
	assert.Equal(t, 100, r.Clicked)
}

// Observers subscribed before and after the owner see every dispatch and
// change nothing of its result, even when they panic.
func TestObserversCannotAnswerOrChangeTheResult(t *testing.T) {
	log := &syncLog{}
	b := newBus(t, bus.Config{Logger: zerolog.New(log)})
	var seen sync.WaitGroup
	seen.Add(2 * 6) // two observers, three Asks and three Dispatches
	observe := func(name string) {
		bus.Observe(b, name, func(ctx context.Context, e clickReq) {
			defer seen.Done()
			panic(errors.New(name + " failed"))
		})
	}
	observe("audit")
	var calls atomic.Int32
	owner(t, b, "default_action", &calls)
	observe("zz_audit")

	for x := range 3 {
		r, err := bus.Ask(t.Context(), b, clickReq{X: x})
		require.NoError(t, err)
		assert.Equal(t, clickRes{Clicked: x + 1}, r)
		res, err := bus.Dispatch(t.Context(), b, clickReq{X: x})
		require.NoError(t, err)
		require.Len(t, res.Handlers, 1, "observers are not handlers")
		assert.Equal(t, "default_action", res.Handlers[0].Handler)
	}
	within(t, "observers saw every dispatch", seen.Wait)
	require.NoError(t, b.Wait(t.Context()))
	assert.Equal(t, int32(6), calls.Load())
	for _, rec := range b.History() {
		assert.Equal(t, bus.OutcomeOK, rec.Outcome)
	}
	logged := log.String()
	assert.True(t, strings.Contains(logged, `"message":"observer panicked"`), "the panic is logged")
	assert.True(t, strings.Contains(logged, `"panic":"zz_audit failed"`), "the log names the panic")
}

// An observer that blocks delays neither the dispatch nor the other
// observers: the dispatch returns while it is still blocked.
func TestBlockedObserverDoesNotDelayTheCaller(t *testing.T) {
	b := newBus(t, bus.Config{})
	release := make(chan struct{})
	var slow atomic.Int32
	bus.Observe(b, "slow", func(ctx context.Context, e clickReq) {
		<-release
		slow.Add(1)
	})
	fast := make(chan int, 10)
	bus.Observe(b, "fast", func(ctx context.Context, e clickReq) { fast <- e.X })
	var calls atomic.Int32
	owner(t, b, "owner", &calls)

	within(t, "dispatches while an observer blocks", func() {
		for x := range 10 {
			r, err := bus.Ask(context.Background(), b, clickReq{X: x})
			require.NoError(t, err)
			assert.Equal(t, x+1, r.Clicked)
		}
	})
	within(t, "the other observer saw all ten, in order", func() {
		for x := range 10 {
			assert.Equal(t, x, <-fast)
		}
	})
	assert.Zero(t, slow.Load(), "the blocked observer cannot have finished one")
	close(release)
	require.NoError(t, b.Wait(t.Context()))
	assert.Equal(t, int32(10), slow.Load())
}

// An observer's context is its own: it outlives the caller's, carries the
// observed dispatch's ID, and ends when the bus closes.
func TestObserverContext(t *testing.T) {
	b := bus.New(bus.Config{})
	var calls atomic.Int32
	owner(t, b, "owner", &calls)
	type seen struct {
		id      uint64
		hasID   bool
		liveErr error
	}
	got := make(chan seen, 1)
	ended := make(chan error, 1)
	callerDone := make(chan struct{})
	bus.Observe(b, "audit", func(ctx context.Context, e clickReq) {
		<-callerDone
		id, ok := bus.EventIDFrom(ctx)
		got <- seen{id: id, hasID: ok, liveErr: ctx.Err()}
		<-ctx.Done()
		ended <- context.Cause(ctx)
	})
	ctx, cancel := context.WithCancel(t.Context())
	res, err := bus.Dispatch(ctx, b, clickReq{})
	require.NoError(t, err)
	cancel()
	close(callerDone)
	var s seen
	within(t, "the observer ran", func() { s = <-got })
	assert.True(t, s.hasID)
	assert.Equal(t, res.EventID, s.id)
	assert.NoError(t, s.liveErr, "the caller's cancellation does not reach the observer")

	require.NoError(t, b.Close())
	within(t, "the observer's context ended with the bus", func() {
		assert.ErrorIs(t, <-ended, bus.ErrBusClosed)
	})
	require.NoError(t, b.Wait(t.Context()))
}

// A vetoed request is not shown to observers of the request, but its
// Outcome is, with the veto; an answered one's Outcome carries the value.
func TestOutcomeObserversSeeResultsAndVetoes(t *testing.T) {
	b := newBus(t, bus.Config{})
	var calls atomic.Int32
	owner(t, b, "owner", &calls)
	bus.Guard(b, "no-negative", 0, func(ctx context.Context, e clickReq) error {
		if e.X < 0 {
			return errors.New("negative x")
		}
		return nil
	})
	events := make(chan int, 4)
	bus.Observe(b, "audit", func(ctx context.Context, e clickReq) { events <- e.X })
	outcomes := make(chan bus.Outcome[clickReq, clickRes], 4)
	bus.Observe(b, "audit", func(ctx context.Context, o bus.Outcome[clickReq, clickRes]) { outcomes <- o })

	_, err := bus.Ask(t.Context(), b, clickReq{X: -1})
	require.ErrorIs(t, err, bus.ErrVetoed)
	r, err := bus.Ask(t.Context(), b, clickReq{X: 5})
	require.NoError(t, err)
	require.NoError(t, b.Wait(t.Context()))

	require.Len(t, events, 1)
	assert.Equal(t, 5, <-events, "the vetoed click did not happen")
	require.Len(t, outcomes, 2)
	vetoed, answered := <-outcomes, <-outcomes
	assert.Equal(t, -1, vetoed.Event.X)
	assert.ErrorIs(t, vetoed.Err, bus.ErrVetoed)
	assert.Equal(t, bus.OutcomeVetoed, vetoed.Record.Outcome)
	assert.Zero(t, vetoed.Value)
	assert.Equal(t, 5, answered.Event.X)
	assert.NoError(t, answered.Err)
	assert.Equal(t, r, answered.Value)
	assert.Equal(t, bus.OutcomeOK, answered.Record.Outcome)
	assert.NotEqual(t, vetoed.Record.EventID, answered.Record.EventID)
}

func TestOwnerErrorAndNoOwner(t *testing.T) {
	b := newBus(t, bus.Config{})
	_, err := bus.Ask(t.Context(), b, clickReq{})
	require.ErrorIs(t, err, bus.ErrNoHandler)

	// Observers alone do not answer a request.
	bus.Observe(b, "audit", func(context.Context, clickReq) {})
	_, err = bus.Ask(t.Context(), b, clickReq{})
	require.ErrorIs(t, err, bus.ErrNoHandler)

	boom := errors.New("boom")
	_, err = bus.Handle(b, "owner", func(ctx context.Context, e clickReq) (clickRes, error) {
		return clickRes{Clicked: 1}, boom
	})
	require.NoError(t, err)
	r, err := bus.Ask(t.Context(), b, clickReq{})
	require.ErrorIs(t, err, boom)
	assert.Equal(t, `boom`, err.Error(), "the message is the owner's, with no Go type or handler name")
	assert.Equal(t, boom, errors.Unwrap(err), "the owner's error is one unwrap away")
	var he *bus.HandlerError
	require.ErrorAs(t, err, &he)
	assert.Equal(t, "owner", he.Handler, "the handler is named for traces")
	assert.Equal(t, "bus_test.clickReq", he.Event)
	assert.Zero(t, r)
}

func TestGatherCollectsEveryPart(t *testing.T) {
	b := newBus(t, bus.Config{})
	var subs bus.Subscriptions
	subs.Add(bus.Contribute(b, "tab", func(ctx context.Context, _ stateReq) (string, error) { return "url", nil }))
	subs.Add(bus.Contribute(b, "console", func(ctx context.Context, _ stateReq) (string, error) {
		return "", errors.New("console gone")
	}))
	subs.Add(bus.Contribute(b, "dialogs", func(ctx context.Context, _ stateReq) (string, error) { return "none", nil }))
	seen := make(chan struct{}, 1)
	subs.Keep(bus.Observe(b, "audit", func(context.Context, stateReq) { seen <- struct{}{} }))
	require.NoError(t, subs.Err())

	parts, err := bus.Gather(t.Context(), b, stateReq{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "console gone")
	require.Len(t, parts, 3)
	assert.Equal(t, bus.Part[string]{Contributor: "tab", Value: "url"}, parts[0])
	assert.Equal(t, "console", parts[1].Contributor)
	assert.EqualError(t, parts[1].Err, "console gone")
	assert.Equal(t, "none", parts[2].Value)
	within(t, "the observer saw the gathering", func() { <-seen })

	subs.Unsubscribe()
	subs.Unsubscribe()
	_, err = bus.Gather(t.Context(), b, stateReq{})
	require.ErrorIs(t, err, bus.ErrNoHandler)
}

// A type has an owner or contributors, never both.
func TestOwnerAndContributorsExcludeEachOther(t *testing.T) {
	b := newBus(t, bus.Config{})
	_, err := bus.Contribute(b, "part", func(ctx context.Context, _ stateReqOwned) (string, error) { return "", nil })
	require.NoError(t, err)
	_, err = bus.Handle(b, "owner", func(ctx context.Context, _ stateReqOwned) (int, error) { return 0, nil })
	require.ErrorIs(t, err, bus.ErrOwnerConflict)
	assert.Contains(t, err.Error(), `"part"`)

	_, err = bus.Handle(b, "owner", func(ctx context.Context, _ ownedReqGathered) (int, error) { return 0, nil })
	require.NoError(t, err)
	_, err = bus.Contribute(b, "part", func(ctx context.Context, _ ownedReqGathered) (string, error) { return "", nil })
	require.ErrorIs(t, err, bus.ErrOwnerConflict)
	assert.Contains(t, err.Error(), `"owner"`)

	var subs bus.Subscriptions
	subs.Add(bus.Handle(b, "second", func(ctx context.Context, _ ownedReqGathered) (int, error) { return 0, nil }))
	require.ErrorIs(t, subs.Err(), bus.ErrOwnerConflict)
}

// Types that are (wrongly) both kinds of request, to check that the bus
// refuses to mix an owner with contributors.
type (
	stateReqOwned    struct{}
	ownedReqGathered struct{}
)

func (stateReqOwned) Gathers(string)    {}
func (stateReqOwned) Returns(int)       {}
func (ownedReqGathered) Gathers(string) {}
func (ownedReqGathered) Returns(int)    {}

// Notify hands a notification to its observers, in order, without
// waiting.
func TestNotifyReachesObservers(t *testing.T) {
	b := newBus(t, bus.Config{})
	require.False(t, bus.Notify(b, tabNote{}), "nobody observes it yet")
	got := make(chan int, 5)
	bus.Observe(b, "tabs", func(ctx context.Context, e tabNote) { got <- e.N })
	for i := range 5 {
		require.True(t, bus.Notify(b, tabNote{N: i}))
	}
	within(t, "five notifications", func() {
		for i := range 5 {
			assert.Equal(t, i, <-got)
		}
	})
}

// An observer that falls too far behind loses events instead of growing
// the process, and says so in the log.
func TestFullObserverMailboxDropsAndWarns(t *testing.T) {
	log := &syncLog{}
	b := newBus(t, bus.Config{Logger: zerolog.New(log)})
	release := make(chan struct{})
	var n atomic.Int32
	bus.Observe(b, "stuck", func(ctx context.Context, e tabNote) {
		<-release
		n.Add(1)
	})
	const sent = 5000
	for i := range sent {
		bus.Notify(b, tabNote{N: i})
	}
	close(release)
	require.NoError(t, b.Wait(t.Context()))
	got := int(n.Load())
	assert.Less(t, got, sent)
	assert.GreaterOrEqual(t, got, 4096)
	assert.Equal(t, 1, strings.Count(log.String(), "observer fell behind"))
}
