package bus

import (
	"reflect"
	"strings"
	"unicode"
)

// Words names an event type in words, for messages a user reads:
// events.NavigateToURLEvent is "navigate to URL", events.TabsEvent "tabs".
// Errors of the bus use it in place of Go type names.
func Words(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "the request"
	}
	n := t.Name()
	if i := strings.IndexByte(n, '['); i >= 0 {
		n = n[:i] // a generic type's arguments are Go, not words
	}
	n = strings.TrimSuffix(n, "Event")
	var b strings.Builder
	rs := []rune(n)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) {
			prevLower := unicode.IsLower(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if prevLower || (nextLower && unicode.IsUpper(rs[i-1])) {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
	}
	words := strings.Fields(b.String())
	for i, w := range words {
		if len(w) > 1 && strings.ToUpper(w) == w {
			continue // an acronym: URL, CDP
		}
		words[i] = strings.ToLower(w)
	}
	if len(words) == 0 {
		return "the request"
	}
	return strings.Join(words, " ")
}
