package evaluate_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The benchmarks compare an evaluation through the bus and the engine with
// a raw Runtime.evaluate on the tab's main session, in the same browser and
// run, and measure how fast a tab recovers from a script that ran out of
// budget. Run them with
//
//	go test -run '^$' -bench . -benchtime 2000x ./watchdogs/evaluate/
//	go test -run '^$' -bench Recovery -benchtime 20x ./watchdogs/evaluate/

func BenchmarkEvaluateEngine(b *testing.B) {
	benchEvaluate(b, events.EvaluateEvent{Expression: "1+1", AwaitPromise: true, ReturnByValue: true})
}

// BenchmarkEvaluateEngineNotAwaited is BenchmarkEvaluateEngine for an
// expression that is not awaited (the zero value of AwaitPromise), which
// takes the same single call.
func BenchmarkEvaluateEngineNotAwaited(b *testing.B) {
	benchEvaluate(b, events.EvaluateEvent{Expression: "1+1"})
}

// benchEvaluate times e (whose value is 2) through the bus and the engine,
// and reports the goroutines each evaluation starts.
func benchEvaluate(b *testing.B, e events.EvaluateEvent) {
	s := start(b)
	ctx := b.Context()
	created := testutil.GoroutinesCreated()
	for b.Loop() {
		r, err := actions.Do(ctx, s, e)
		if err != nil || r.Value != float64(2) {
			b.Fatalf("evaluate: %v %v", r.Value, err)
		}
	}
	b.ReportMetric(float64(testutil.GoroutinesCreated()-created)/float64(b.N), "goroutines/op")
}

// BenchmarkEvaluateEnginePaced and BenchmarkEvaluateDirectPaced time 1+1
// as an agent's commands come, with a pause before each call in which the
// browser and this process go idle, through the bus and the engine and
// as the fewest raw calls on the same connection (one Runtime.evaluate
// posted directly). A paced call costs both more than a call in a tight
// loop: every thread it wakes has gone to sleep.
func BenchmarkEvaluateEnginePaced(b *testing.B) {
	s := start(b)
	ctx := b.Context()
	e := events.EvaluateEvent{Expression: "1+1", AwaitPromise: true, ReturnByValue: true}
	paced(b, func() error {
		r, err := actions.Do(ctx, s, e)
		if err == nil && r.Value != float64(2) {
			err = fmt.Errorf("1+1 = %v", r.Value)
		}
		return err
	})
}

func BenchmarkEvaluateDirectPaced(b *testing.B) {
	s := start(b)
	tab, err := s.ActiveTab()
	if err != nil {
		b.Fatal(err)
	}
	ctx := b.Context()
	args := runtime.NewEvaluateArgs("1+1").SetReturnByValue(true).SetAwaitPromise(true)
	paced(b, func() error {
		wait, err := cdpmux.Of(s).PostDirect(string(tab.SessionID), "Runtime.evaluate", args)
		if err != nil {
			return err
		}
		_, err = wait(ctx)
		return err
	})
}

// paced runs call b.N times, each after a 3 ms pause outside the timer,
// and reports the median call.
func paced(b *testing.B, call func() error) {
	var ds []time.Duration
	for b.Loop() {
		b.StopTimer()
		time.Sleep(3 * time.Millisecond) // pacing, not synchronisation
		b.StartTimer()
		t := time.Now()
		if err := call(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t))
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), "median-µs")
}

func BenchmarkEvaluateEngineObject(b *testing.B) {
	s := start(b)
	ctx := b.Context()
	e := events.EvaluateEvent{Expression: "({a: [1, 2, NaN], b: 'x'})", AwaitPromise: true}
	for b.Loop() {
		if _, err := actions.Do(ctx, s, e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEvaluateRaw(b *testing.B) {
	s := start(b)
	tab, err := s.ActiveTab()
	if err != nil {
		b.Fatal(err)
	}
	ctx := b.Context()
	args := runtime.NewEvaluateArgs("1").SetReturnByValue(true).SetAwaitPromise(true)
	for b.Loop() {
		r, err := tab.Client.Runtime.Evaluate(ctx, args)
		if err != nil || string(r.Result.Value) != "1" {
			b.Fatalf("evaluate: %s %v", r.Result.Value, err)
		}
	}
}

// BenchmarkTimeoutRecovery runs while(true){} with a 300 ms budget, then
// clicks the page, and reports the median time from the budget's expiry
// (the caller's deadline) to the click's success, and from the work
// deadline (when the engine stops the script) to it.
func BenchmarkTimeoutRecovery(b *testing.B) {
	st := serve(b)
	s := start(b)
	tab := activeTab(b, s)
	open(b, s, tab, st.MainURL("/counter"))
	const total = 300 * time.Millisecond
	var fromDeadline, fromWork []float64
	for b.Loop() {
		ctx, cancel := context.WithTimeout(b.Context(), total)
		deadline, _ := ctx.Deadline()
		_, err := actions.Do(ctx, s, events.EvaluateEvent{TabID: tab, Expression: "while (true) {}"})
		cancel()
		if actions.Code(err) != events.CodeTimeout {
			b.Fatalf("want timeout, got %v", err)
		}
		cctx, ccancel := context.WithTimeout(b.Context(), ceiling)
		_, err = actions.Do(cctx, s, events.ClickCoordinateEvent{TabID: tab, X: 50, Y: 30})
		ccancel()
		if err != nil {
			b.Fatal(err)
		}
		done := time.Now()
		fromDeadline = append(fromDeadline, float64(done.Sub(deadline))/float64(time.Millisecond))
		fromWork = append(fromWork, float64(done.Sub(deadline.Add(-budget.Reserve)))/float64(time.Millisecond))
	}
	b.ReportMetric(median(fromDeadline), "ms-from-deadline")
	b.ReportMetric(median(fromWork), "ms-from-work-deadline")
	b.ReportMetric(0, "ns/op")
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
