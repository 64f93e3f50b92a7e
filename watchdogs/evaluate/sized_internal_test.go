package evaluate

import (
	"fmt"
	"testing"
)

// TestSizedTextIsTheSameOnEveryCall checks that the wrapped expression
// carries nothing of the call (its object group, a key of its own): the
// same expression must be the same script every time, or V8 compiles the
// wrapper anew on every call instead of taking it from its cache.
func TestSizedTextIsTheSameOnEveryCall(t *testing.T) {
	for _, await := range []bool{false, true} {
		a := &script{expr: "1+1", await: await, max: 1000, group: "agentbrowser-evaluate-1"}
		b := &script{expr: "1+1", await: await, max: 1000, group: "agentbrowser-evaluate-2"}
		if a.sizedText() != b.sizedText() {
			t.Errorf("await %t: two calls of the same expression send different scripts", await)
		}
	}
}

// TestSizedTextWrapsTheExpressionAsIs checks the wrapper made once per cap
// and kind against the script written out for each call, for expressions
// that hold what a format string would take for its verbs.
func TestSizedTextWrapsTheExpressionAsIs(t *testing.T) {
	for _, expr := range []string{"1+1", "'%d %s %% %[1]q'", "`\x00expression\x00`"} {
		for _, await := range []bool{false, true} {
			for _, max := range []int64{1000, 2000} {
				guard, aw := fmt.Sprintf(thenableGuard, thenableTag), ""
				if await {
					guard, aw = "", "await "
				}
				want := fmt.Sprintf(sizedScript, guard, max, tooLargeTag, jsonTag, aw, expr)
				sc := &script{expr: expr, await: await, max: max}
				if got := sc.sizedText(); got != want {
					t.Errorf("expr %q, await %t, cap %d: got\n%s\nwant\n%s", expr, await, max, got, want)
				}
			}
		}
	}
}
