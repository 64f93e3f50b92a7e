package evaluate_test

import (
	"context"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
)

// clickCounter clicks the counter page's button through the
// DefaultActionWatchdog and returns the count it shows afterwards.
func clickCounter(t testing.TB, s *session.BrowserSession, tab events.TargetID) any {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	_, err := actions.Do(ctx, s, events.ClickCoordinateEvent{TabID: tab, X: 50, Y: 30})
	require.NoError(t, err)
	return evalIn(t, s, tab, "document.getElementById('n').textContent")
}

// typeInto focuses the counter page's input with a click and inserts text
// with raw Input.insertText on the tab's main session.
func typeInto(t testing.TB, s *session.BrowserSession, tab events.TargetID, text string) any {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	_, err := actions.Do(ctx, s, events.ClickCoordinateEvent{TabID: tab, X: 50, Y: 75})
	require.NoError(t, err)
	tgt, err := s.Tab(tab)
	require.NoError(t, err)
	require.NoError(t, tgt.Client.Input.InsertText(ctx, input.NewInsertTextArgs(text)))
	return evalIn(t, s, tab, "document.getElementById('in').value")
}

func stats(t testing.TB, s *session.BrowserSession) events.EvaluateStats {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	st, err := actions.EvaluateStats(ctx, s)
	require.NoError(t, err)
	return st
}

func TestHungScriptTimesOutAndTabStaysUsable(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))

	const b = 500 * time.Millisecond
	_, err, took := evalWithin(t.Context(), s, b, events.EvaluateEvent{TabID: tab, Expression: "while (true) {}"})
	e := errorOf(t, err)
	t.Logf("while(true){} with a %v budget returned after %v (reserve %v): %s %v", b, took, budget.Reserve, e.Message, e.Details)
	require.Equal(t, events.CodeTimeout, e.Code, e.Message)
	require.Less(t, took, 5*time.Second)
	requireCleanedUp(t, e, "evaluate_session", b)

	// The tab answers at once: a click, typing, another evaluation.
	assert.Equal(t, "1", clickCounter(t, s, tab))
	assert.Equal(t, "typed", typeInto(t, s, tab, "typed"))
	r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "document.title"})
	assert.Equal(t, "counter", r.Value)
	assert.Equal(t, events.EngineIsolated, r.Engine)

	got := stats(t, s)
	assert.EqualValues(t, 1, got.Timeouts)
	assert.EqualValues(t, 1, got.Terminations, "the next evaluation waited for the cleanup: %+v", got)
	assert.EqualValues(t, 1, got.Detaches)
	assert.EqualValues(t, 1, got.Errors[events.CodeTimeout])
	assert.GreaterOrEqual(t, got.OK, int64(3))
	assert.Equal(t, got.Count, got.Duration.Count)
}

// requireCleanedUp checks what a timeout error says about its cleanup. The
// details are missing only when the machine was so loaded that the bus's
// deadline passed before the engine answered; they say "still running" when
// the cleanup was not over when the answer was due. Either way the code is
// timeout, and the caller then checks that the tab works.
func requireCleanedUp(t testing.TB, e *events.Error, on string, b time.Duration) {
	t.Helper()
	if e.Details.IsZero() {
		t.Logf("the answer lost the race with the caller's deadline: %s", e.Message)
		return
	}
	// The in-page budget is what is left of the caller's when the script
	// starts; on a loaded machine getting there can take some
	// milliseconds, so this is a ceiling, not a timing assertion.
	require.NotNil(t, e.Details.BudgetMS, "details: %v", e.Details)
	assert.InDelta(t, b.Milliseconds(), *e.Details.BudgetMS, 100)
	if e.Details.Cleanup != "" {
		t.Logf("the cleanup was still running when the answer was due: %v", e.Details)
		return
	}
	assert.Equal(t, new(true), e.Details.Terminated, "details: %v", e.Details)
	assert.Equal(t, on, e.Details.TerminatedOn)
	if on == "evaluate_session" {
		assert.Equal(t, new(true), e.Details.Detached)
		assert.Equal(t, events.EngineIsolated, e.Details.Engine)
	}
}

func TestNeverResolvingPromiseTimesOut(t *testing.T) {
	s := start(t)
	_, err, took := evalWithin(t.Context(), s, 400*time.Millisecond, events.EvaluateEvent{Expression: "new Promise(() => {})"})
	e := errorOf(t, err)
	t.Logf("a promise that never resolves returned after %v: %v", took, e.Details)
	require.Equal(t, events.CodeTimeout, e.Code)

	// Nothing is left to terminate: the next evaluations, including one
	// that waits on the page's own timers, run normally.
	assert.Equal(t, float64(2), evalIn(t, s, "", "1+1"))
	assert.Equal(t, float64(7), evalIn(t, s, "", "new Promise(r => setTimeout(() => r(7), 10))"))
}

// noLongerCounting reads window.__n twice, with a page round trip between,
// and requires it to have stopped.
func noLongerCounting(t testing.TB, s *session.BrowserSession, tab events.TargetID) {
	t.Helper()
	first := evalIn(t, s, tab, "window.__n")
	require.IsType(t, float64(0), first, "the loop ran: window.__n is a number")
	evalIn(t, s, tab, "new Promise(r => setTimeout(r, 20))")
	assert.Equal(t, first, evalIn(t, s, tab, "window.__n"), "the loop was terminated")
}

func TestCancellingTheCallerTerminatesTheScript(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))

	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() {
		_, err, _ := evalWithin(ctx, s, ceiling, events.EvaluateEvent{TabID: tab, Expression: spin("cancel")})
		errc <- err
	}()
	st.waitStarted(t, "cancel")
	cancel()
	select {
	case err := <-errc:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(ceiling):
		t.Fatal("the cancelled evaluation did not return")
	}

	noLongerCounting(t, s, tab)
	assert.Equal(t, "1", clickCounter(t, s, tab))
	got := stats(t, s)
	assert.EqualValues(t, 1, got.Cancelled)
	assert.EqualValues(t, 1, got.Terminations)
}

func TestStuckTabDoesNotDelayAnotherTab(t *testing.T) {
	st := serve(t)
	s := start(t)
	a := activeTab(t, s)
	open(t, s, a, st.MainURL("/counter"))
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	// Another site, so another renderer process.
	tb, err := s.NewTab(ctx, st.CrossURL("/counter"))
	require.NoError(t, err)
	waitFor(t, s, "tab B to load", func() bool { return evalIn(t, s, tb.ID, "document.readyState") == "complete" })

	actx, stopA := context.WithCancel(t.Context())
	defer stopA()
	errc := make(chan error, 1)
	go func() {
		_, err, _ := evalWithin(actx, s, ceiling, events.EvaluateEvent{TabID: a, Expression: spin("tab-a")})
		errc <- err
	}()
	st.waitStarted(t, "tab-a")

	assert.Equal(t, "1", clickCounter(t, s, tb.ID))
	assert.Equal(t, "b", typeInto(t, s, tb.ID, "b"))
	select {
	case err := <-errc:
		t.Fatalf("tab A's evaluation ended before tab B was done: %v", err)
	default:
	}
	stopA()
	require.ErrorIs(t, <-errc, context.Canceled)
	noLongerCounting(t, s, a)
}

func TestDialogDoesNotHangTheEngine(t *testing.T) {
	s := start(t)
	tab := activeTab(t, s)
	_, err, took := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "alert('hello'); 1"})
	e := errorOf(t, err)
	require.Equal(t, events.CodeDialogBlocking, e.Code, e.Message)
	t.Logf("an alert opened by the script returned dialog_blocking after %v", took)

	// While the dialog is open, evaluate refuses at once.
	_, err, _ = evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "2"})
	require.Equal(t, events.CodeDialogBlocking, errorOf(t, err).Code)

	tgt, err := s.Tab(tab)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	require.NoError(t, tgt.Client.Page.HandleJavaScriptDialog(ctx, pageDismiss()))
	waitFor(t, s, "the dialog to close", func() bool {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "3"})
		return err == nil
	})
}

func TestDisabled(t *testing.T) {
	cfg := evaluate.DefaultConfig()
	cfg.Enabled = false
	s := start(t, supply(&cfg))
	_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{Expression: "1"})
	require.Equal(t, events.CodeEvaluateDisabled, errorOf(t, err).Code)
	require.ErrorIs(t, err, events.ErrEvaluateDisabled)
}

// TestPageAlreadySpinning: the page's own script spins before any
// evaluation. The evaluation times out behind it, the termination stops
// the page's script (on the engine's session, bound as the tab opened, or
// on the tab's main session should that one not answer), and the tab
// recovers.
func TestPageAlreadySpinning(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))
	tgt, err := s.Tab(tab)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	_, err = tgt.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("setTimeout(() => "+spin("page")+", 0)"))
	require.NoError(t, err)
	st.waitStarted(t, "page")

	_, err, took := evalWithin(t.Context(), s, time.Second, events.EvaluateEvent{TabID: tab, Expression: "1"})
	e := errorOf(t, err)
	t.Logf("on a page that already spun, evaluate returned after %v: %v", took, e.Details)
	require.Equal(t, events.CodeTimeout, e.Code, e.Message)
	if e.Details.TerminatedOn != "" {
		assert.Contains(t, []string{"evaluate_session", "main_session"}, e.Details.TerminatedOn)
	}
	noLongerCounting(t, s, tab)
	assert.Equal(t, "1", clickCounter(t, s, tab))
}

// TestSpareTakesOverAfterATimeout checks the engine's fast path after a
// terminated script: the session the script ran on is detached, and the
// spare the engine kept ready for the tab takes over at once, so the next
// evaluation does not attach a session on its own time; the session that
// took over then gets a spare of its own.
func TestSpareTakesOverAfterATimeout(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))

	// The engine's session was attached as the tab opened; after the
	// first evaluation a spare is attached and bound in the background.
	require.Equal(t, float64(1), eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "1"}).Value)
	require.Eventually(t, func() bool { return stats(t, s).Spares == 1 }, ceiling, 10*time.Millisecond,
		"no spare session was made ready after the first evaluation")

	_, err, _ := evalWithin(t.Context(), s, 500*time.Millisecond, events.EvaluateEvent{TabID: tab, Expression: "while (true) {}"})
	require.Equal(t, events.CodeTimeout, errorOf(t, err).Code)
	require.Eventually(t, func() bool { got := stats(t, s); return got.Terminations+got.TerminationFailures == 1 }, ceiling, 10*time.Millisecond)
	got := stats(t, s)
	require.EqualValues(t, 1, got.Terminations, "the hung script was not stopped: %+v", got)
	assert.EqualValues(t, 1, got.SpareTakeovers, "the spare did not take over: %+v", got)

	r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "document.title"})
	assert.Equal(t, "counter", r.Value)
	assert.Equal(t, events.EngineIsolated, r.Engine)
	require.Eventually(t, func() bool { return stats(t, s).Spares == 2 }, ceiling, 10*time.Millisecond,
		"the session that took over got no spare of its own")
}

// An evaluation sent while a hung script runs on the tab waits behind it
// on the engine's session; when the hung one runs out of budget and is
// terminated, the one behind it runs, and the session is let go only once
// it has answered, not under it (it answered "the tab went away" before).
func TestEvaluationQueuedBehindATerminatedScriptAnswers(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))
	require.Equal(t, float64(1), eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "1"}).Value)

	hung := make(chan error, 1)
	go func() {
		_, err, _ := evalWithin(t.Context(), s, time.Second, events.EvaluateEvent{TabID: tab, Expression: spin("ahead")})
		hung <- err
	}()
	st.waitStarted(t, "ahead")
	// Queued behind the spin; once it runs it takes 300 ms, longer than
	// stopping the spin and letting its session go take.
	r, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab,
		Expression: "(() => { const t0 = performance.now(); while (performance.now() - t0 < 300) {} return document.title; })()"})
	require.NoError(t, err)
	assert.Equal(t, "counter", r.Value)
	require.Equal(t, events.CodeTimeout, errorOf(t, <-hung).Code)
}
