package events_test

import (
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
)

// FuzzParseRef: any string either is a ref, whose canonical form parses to
// itself, or is rejected; nothing panics.
func FuzzParseRef(f *testing.F) {
	for _, s := range []string{"e1", "@e5", "ref=e12", " e3 ", "e0", "e", "x5", "e1a", "ref=@e2", "@@e1", "e99999999999999999999", "é1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := events.ParseRef(s)
		if !ok {
			if r != "" {
				t.Fatalf("rejected %q but returned %q", s, r)
			}
			return
		}
		if !strings.HasPrefix(string(r), "e") || strings.ContainsAny(string(r), "@= \t") {
			t.Fatalf("%q parsed to a non-canonical ref %q", s, r)
		}
		again, ok := events.ParseRef(string(r))
		if !ok || again != r {
			t.Fatalf("canonical ref %q does not parse to itself (%q, %v)", r, again, ok)
		}
	})
}
