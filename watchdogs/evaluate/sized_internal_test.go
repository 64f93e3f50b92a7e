package evaluate

import (
	"fmt"
	"strings"
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
// that hold what a format string would take for its verbs, and for ones
// that await, which take the async wrapper.
func TestSizedTextWrapsTheExpressionAsIs(t *testing.T) {
	for _, expr := range []string{"1+1", "'%d %s %% %[1]q'", "`\x00expression\x00`", "await 1", "(await f('%s'))"} {
		async := strings.Contains(expr, "await")
		for _, await := range []bool{false, true} {
			for _, max := range []int64{1000, 2000} {
				guard := fmt.Sprintf(thenableGuard, thenableTag)
				if await {
					guard = adoptGuard
					if async {
						guard = ""
					}
				}
				measure := fmt.Sprintf(measureFunc, guard, max, tooLargeTag, jsonTag)
				want := fmt.Sprintf(syncWrapper, measure, expr)
				if async {
					aw := ""
					if await {
						aw = "await "
					}
					want = fmt.Sprintf(asyncWrapper, measure, aw, expr)
				}
				sc := &script{expr: expr, await: await, max: max}
				if got := sc.sizedText(); got != want {
					t.Errorf("expr %q, await %t, cap %d: got\n%s\nwant\n%s", expr, await, max, got, want)
				}
				if got := strings.Index(sc.sizedText(), "\n"+expr+"\n"); strings.Count(sc.sizedText()[:got+1], "\n") != wrapperLines {
					t.Errorf("expr %q, await %t: the expression does not start on line %d", expr, await, wrapperLines)
				}
			}
		}
	}
}
