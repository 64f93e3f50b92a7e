package events

import "strings"

// TargetID identifies a CDP target (a tab, an out-of-process iframe, a
// worker). A tab's id is its page target's id.
type TargetID string

// FrameID identifies a frame inside a page.
type FrameID string

// SessionID identifies a flat CDP session attached to a target.
type SessionID string

// Ref names an element in a snapshot, such as "e12". Refs are stable for
// the life of the document they were taken from.
type Ref string

// ParseRef accepts a ref written as "e5", "@e5" or "ref=e5" and returns it
// in its canonical form. It reports false when s is not a ref.
func ParseRef(s string) (Ref, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "ref=")
	s = strings.TrimPrefix(s, "@")
	if len(s) < 2 || s[0] != 'e' {
		return "", false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	if s[1] == '0' {
		return "", false
	}
	return Ref(s), true
}
