package main

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The daemon's workers need no browser: these run in milliseconds.

// waitFor polls cond until it holds or a generous deadline passes. It
// polls on the test's goroutine: require.Eventually runs each check on a
// goroutine of its own, which the goroutine counts below would see.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		runtime.Gosched()
	}
}

// A worker that finished waits for the next function instead of ending:
// calls one after another run on the goroutines already there.
func TestWorkersReuseAWaitingWorker(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	stop := make(chan struct{})
	defer close(stop)
	w := newWorkers(stop)
	const calls = 200
	ran := 0
	created := testutil.GoroutinesCreated()
	for range calls {
		done := make(chan struct{})
		w.Go(func() { ran++; close(done) })
		<-done
		waitFor(t, "the worker to wait again", func() bool { return w.idle.Load() >= 1 })
	}
	require.Equal(t, calls, ran)
	// A call can come in the moment between a worker counting itself
	// idle and waiting, and start one more; most must not.
	require.Less(t, testutil.GoroutinesCreated()-created, uint64(calls/2), "workers were not reused")
}

// Concurrent calls each get a goroutine at once (none waits for another to
// finish); once they end, at most maxIdleWorkers stay, and every one ends
// with stop.
func TestWorkersRunConcurrentCallsAndEndWithStop(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	base := runtime.NumGoroutine()
	stop := make(chan struct{})
	w := newWorkers(stop)
	const calls = 3 * maxIdleWorkers
	release := make(chan struct{})
	var started, finished sync.WaitGroup
	started.Add(calls)
	finished.Add(calls)
	for range calls {
		w.Go(func() {
			started.Done()
			<-release
			finished.Done()
		})
	}
	started.Wait() // every call runs while all the others are blocked
	close(release)
	finished.Wait()
	waitFor(t, "the extra workers to end", func() bool { return runtime.NumGoroutine()-base <= maxIdleWorkers })
	require.LessOrEqual(t, int(w.idle.Load()), maxIdleWorkers)
	close(stop)
	waitFor(t, "every worker to end", func() bool { return runtime.NumGoroutine() <= base })
}
