package bus_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
)

type note struct{ N int }

// An observer that blocks holds up neither Notify's caller nor the other
// observers, and every observer sees the notifications in order.
func TestNotifyBlockingHandlerDelaysOnlyItself(t *testing.T) {
	b := newBus(t, bus.Config{})
	release := make(chan struct{})
	var mu sync.Mutex
	var slow, fast []int
	fastDone := make(chan struct{})
	bus.Observe(b, "slow", func(ctx context.Context, e note) {
		<-release
		mu.Lock()
		slow = append(slow, e.N)
		mu.Unlock()
	})
	bus.Observe(b, "fast", func(ctx context.Context, e note) {
		mu.Lock()
		fast = append(fast, e.N)
		if len(fast) == 100 {
			close(fastDone)
		}
		mu.Unlock()
	})
	within(t, "100 notifications sent while a handler blocks", func() {
		for i := range 100 {
			require.True(t, bus.Notify(b, note{N: i}))
		}
	})
	within(t, "the fast handler saw all notifications", func() { <-fastDone })
	mu.Lock()
	require.Empty(t, slow, "the blocked handler cannot have run yet")
	mu.Unlock()
	close(release)
	require.NoError(t, b.Wait(t.Context()))
	want := make([]int, 100)
	for i := range want {
		want[i] = i
	}
	require.Equal(t, want, fast)
	require.Equal(t, want, slow, "a mailbox keeps its order")
}

func TestNotifyWithoutHandlerOrOnClosedBus(t *testing.T) {
	b := bus.New(bus.Config{})
	require.False(t, bus.Notify(b, note{}), "nobody observes note")
	got := make(chan int, 1)
	bus.Observe(b, "h", func(ctx context.Context, e note) { got <- e.N })
	require.True(t, bus.Notify(b, note{N: 7}))
	select {
	case n := <-got:
		require.Equal(t, 7, n)
	case <-time.After(10 * time.Second):
		t.Fatal("notification not delivered")
	}
	require.NoError(t, b.Close())
	require.False(t, bus.Notify(b, note{N: 8}))
	require.NoError(t, b.Wait(t.Context()))
}

// Close cancels a delivery in progress: an observer that honours its context
// returns, and Wait sees no goroutine left.
func TestNotifyCloseCancelsDelivery(t *testing.T) {
	b := bus.New(bus.Config{})
	started := make(chan struct{})
	bus.Observe(b, "h", func(ctx context.Context, e note) {
		close(started)
		<-ctx.Done()
	})
	bus.Notify(b, note{})
	<-started
	require.NoError(t, b.Close())
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	require.NoError(t, b.Wait(ctx))
}
