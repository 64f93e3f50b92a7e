package evaluate

import "testing"

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
