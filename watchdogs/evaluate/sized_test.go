package evaluate_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
)

// TestSizedInOneCall covers the single call that measures a value in the
// page before sending it, for an expression awaited or not: the cap, the
// fallback for statement lists, exceptions, the names the wrapper must not
// hide, and a value that is not awaited and is a thenable.
func TestSizedInOneCall(t *testing.T) {
	cfg := evaluate.DefaultConfig()
	cfg.MaxResultBytes = 2000
	s := start(t, supply(&cfg))
	tab := activeTab(t, s)
	for _, await := range []bool{true, false} {
		t.Run(map[bool]string{true: "awaited", false: "not awaited"}[await], func(t *testing.T) {
			sizedInOneCall(t, s, tab, await)
		})
	}
}

func sizedInOneCall(t *testing.T, s *session.BrowserSession, tab events.TargetID, await bool) {
	// eval and evalWithin await; these keep the event's AwaitPromise.
	eval, evalWithin := evalAsIs, evalWithinAsIs
	t.Run("a value above the cap is refused with its size in the page", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "'x'.repeat(5000)", AwaitPromise: await})
		e := errorOf(t, err)
		require.Equal(t, events.CodeResultTooLarge, e.Code, e.Message)
		assert.Contains(t, e.Message, "its size in the page is 5000 bytes")
		assert.EqualValues(t, 5000, e.Details.Size)
		assert.EqualValues(t, 2000, e.Details.Cap)
	})
	t.Run("an object above the cap is measured as JSON", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "Array.from({length: 1000}, (_, i) => i)", AwaitPromise: await})
		e := errorOf(t, err)
		require.Equal(t, events.CodeResultTooLarge, e.Code, e.Message)
	})
	t.Run("a value under the cap comes back whole", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "'y'.repeat(1500)", AwaitPromise: await})
		assert.Len(t, r.Value, 1500)
	})
	if await {
		t.Run("a page's own rejection with a string is an exception", func(t *testing.T) {
			_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "Promise.reject('agentbrowser:result-too-large:0:99999')", AwaitPromise: await})
			e := errorOf(t, err)
			require.Equal(t, events.CodeJSException, e.Code, e.Message)
		})
	}
	t.Run("page globals named like the wrapper's variables stay visible", func(t *testing.T) {
		eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "globalThis.v = 7; globalThis.n = 8; globalThis.measure = 16; globalThis.x = 32; globalThis.kept = 64; 0", AwaitPromise: await})
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "v + n + measure + x + kept", AwaitPromise: await})
		assert.Equal(t, float64(127), r.Value)
		r = eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "[v, n, measure, x, kept]", AwaitPromise: await})
		assert.Equal(t, []any{float64(7), float64(8), float64(16), float64(32), float64(64)}, r.Value)
	})
	t.Run("an expression that awaits runs whole", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "(await new Promise(r => setTimeout(() => r(7), 0))) + 1", AwaitPromise: await})
		assert.Equal(t, float64(8), r.Value)
		r = eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "({awaited: await Promise.resolve('yes')})", AwaitPromise: await})
		assert.Equal(t, map[string]any{"awaited": "yes"}, r.Value)
	})
	t.Run("an object and a Map come back as before", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "({a: [1, 'b'], c: null})", AwaitPromise: await})
		assert.Equal(t, map[string]any{"a": []any{float64(1), "b"}, "c": nil}, r.Value)
		r = eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "new Map([[1, 2]])", AwaitPromise: await})
		assert.Equal(t, "map", r.Type)
	})
	t.Run("a statement list runs once, as it is", func(t *testing.T) {
		// A let at the top of a script stays declared: a name of its own
		// for each run of the test.
		expr := fmt.Sprintf("globalThis.runs%[1]t = (globalThis.runs%[1]t || 0) + 1; let a%[1]t = 2; a%[1]t * runs%[1]t", await)
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: expr, AwaitPromise: await})
		assert.Equal(t, float64(2), r.Value)
	})
	t.Run("a runtime SyntaxError is the page's exception, not a compile failure", func(t *testing.T) {
		eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "globalThis.parsed = 0", AwaitPromise: await})
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "(globalThis.parsed = (globalThis.parsed || 0) + 1, JSON.parse('x'))", AwaitPromise: await})
		e := errorOf(t, err)
		require.Equal(t, events.CodeJSException, e.Code, e.Message)
		assert.Contains(t, e.Message, "SyntaxError")
		assert.Equal(t, float64(1), evalIn(t, s, tab, "globalThis.parsed"), "the expression ran once")
	})
	t.Run("an exception's line is the caller's", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "0,\n\n(() => { throw new Error('early') })()", AwaitPromise: await})
		e := errorOf(t, err)
		require.Equal(t, events.CodeJSException, e.Code, e.Message)
		assert.EqualValues(t, 3, e.Details.Line)
	})
	t.Run("a thenable not awaited comes back as it is, and nothing is left in the page", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "({then(resolve) { resolve(42) }, a: 1})", AwaitPromise: await})
		if await {
			assert.Equal(t, float64(42), r.Value)
		} else {
			require.IsType(t, map[string]any{}, r.Value)
			assert.Equal(t, float64(1), r.Value.(map[string]any)["a"])
			// A promise that never settles is a value too, when not
			// awaited.
			eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "new Promise(() => {})", AwaitPromise: await})
		}
		left := evalIn(t, s, tab, "Object.getOwnPropertySymbols(globalThis).filter(k => String(k).includes('agentbrowser.result')).length")
		assert.Equal(t, float64(0), left)
	})
	if await {
		t.Run("a rejection's line is the caller's", func(t *testing.T) {
			_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "(async () => {\n  await 0;\n  throw new Error('late')\n})()", AwaitPromise: await})
			e := errorOf(t, err)
			require.Equal(t, events.CodeJSException, e.Code, e.Message)
			assert.EqualValues(t, 3, e.Details.Line)
		})
	}
}
