package snapshot

import (
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
)

// FuzzOptions: any snapshot options validate or are refused with a reason,
// and rendering lines under valid options honours MaxChars.
func FuzzOptions(f *testing.F) {
	f.Add(false, 0, "", 0, "button Go\nlink Home\n  text hello")
	f.Add(true, 3, "e5", 100, strings.Repeat("row x\n", 200))
	f.Add(false, -1, "x", 99, "")
	f.Add(false, 1, "@e1", 1<<30, "a\n\tb\n\t\tc")
	f.Fuzz(func(t *testing.T, interactive bool, maxDepth int, scope string, maxChars int, text string) {
		o := Options{Interactive: interactive, MaxDepth: maxDepth, Scope: events.Ref(scope), MaxChars: maxChars}
		err := o.Validate()
		if err != nil {
			if err.Error() == "" {
				t.Fatal("a refusal without a reason")
			}
			return
		}
		if maxDepth < 0 || maxChars < 0 || (maxChars > 0 && maxChars < minMaxChars) {
			t.Fatalf("accepted %+v", o)
		}
		var lines []line
		for _, l := range strings.Split(text, "\n") {
			depth := len(l) - len(strings.TrimLeft(l, "\t "))
			role, name, _ := strings.Cut(strings.TrimSpace(l), " ")
			lines = append(lines, line{depth: depth, role: role, name: name})
			if len(lines) > 5000 {
				break
			}
		}
		r := render(lines, view{maxChars: maxChars})
		if maxChars > 0 && len(r.text) > maxChars {
			t.Fatalf("rendered %d bytes over a cap of %d", len(r.text), maxChars)
		}
	})
}
