package evaluate_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
)

// TestSizedInOneCall covers the awaited expression's single call, which
// measures the value in the page before sending it: the cap, the fallback
// for statement lists, exceptions and the names the wrapper must not hide.
func TestSizedInOneCall(t *testing.T) {
	cfg := evaluate.DefaultConfig()
	cfg.MaxResultBytes = 2000
	s := start(t, supply(&cfg))
	tab := activeTab(t, s)

	t.Run("a value above the cap is refused with its size in the page", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "'x'.repeat(5000)", AwaitPromise: true})
		e := errorOf(t, err)
		require.Equal(t, events.CodeResultTooLarge, e.Code, e.Message)
		assert.Contains(t, e.Message, "its size in the page is 5000 bytes")
		assert.EqualValues(t, 5000, e.Details.Size)
		assert.EqualValues(t, 2000, e.Details.Cap)
	})
	t.Run("an object above the cap is measured as JSON", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "Array.from({length: 1000}, (_, i) => i)", AwaitPromise: true})
		e := errorOf(t, err)
		require.Equal(t, events.CodeResultTooLarge, e.Code, e.Message)
	})
	t.Run("a value under the cap comes back whole", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "'y'.repeat(1500)", AwaitPromise: true})
		assert.Len(t, r.Value, 1500)
	})
	t.Run("a page's own rejection with a string is an exception", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "Promise.reject('agentbrowser:result-too-large:0:99999')", AwaitPromise: true})
		e := errorOf(t, err)
		require.Equal(t, events.CodeJSException, e.Code, e.Message)
	})
	t.Run("page globals named like the wrapper's variables stay visible", func(t *testing.T) {
		eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "globalThis.v = 7; globalThis.n = 8; 0", AwaitPromise: true})
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "v + n", AwaitPromise: true})
		assert.Equal(t, float64(15), r.Value)
	})
	t.Run("a statement list runs once, as it is", func(t *testing.T) {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "globalThis.runs = (globalThis.runs || 0) + 1; let a = 2; a * runs", AwaitPromise: true})
		assert.Equal(t, float64(2), r.Value)
	})
	t.Run("a runtime SyntaxError is the page's exception, not a compile failure", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "(globalThis.parsed = (globalThis.parsed || 0) + 1, JSON.parse('x'))", AwaitPromise: true})
		e := errorOf(t, err)
		require.Equal(t, events.CodeJSException, e.Code, e.Message)
		assert.Contains(t, e.Message, "SyntaxError")
		assert.Equal(t, float64(1), evalIn(t, s, tab, "globalThis.parsed"), "the expression ran once")
	})
	t.Run("a rejection's line is the caller's", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{TabID: tab, Expression: "(async () => {\n  await 0;\n  throw new Error('late')\n})()", AwaitPromise: true})
		e := errorOf(t, err)
		require.Equal(t, events.CodeJSException, e.Code, e.Message)
		assert.EqualValues(t, 3, e.Details.Line)
	})
}
