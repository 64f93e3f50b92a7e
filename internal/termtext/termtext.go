// Package termtext makes text that came from a page safe to print on a
// terminal. A page controls its title, its text, its console messages and
// the values its scripts return; printed raw, an ESC or a C1 control in
// them is a terminal command (OSC 52 writes the clipboard, CSI sequences
// move the cursor or hide what follows). Escape is the one function every
// plain-text printer of the CLI passes its output through. It links the
// standard library only, so that the thin client (cmd/agentbrowser-thin)
// shares it.
package termtext

import (
	"io"
	"strings"
	"unicode/utf8"
)

// unsafe reports whether r must not reach a terminal as it is: the C0
// controls other than newline and tab, DEL, and the C1 controls.
func unsafe(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f)
}

// Escape returns s with every C0 control other than newline and tab, DEL
// and every C1 control written visibly as an escape (ESC as \x1b, CSI as
// \u009b), and every byte that is not UTF-8 as \xNN. Everything else,
// emoji and right-to-left text included, is kept as it is. The result
// holds no control a terminal acts on, so escaping it again changes
// nothing.
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.Write(hexEscape(nil, 'x', rune(s[i]), 2))
		case r < 0x80 && unsafe(r):
			b.Write(hexEscape(nil, 'x', r, 2))
		case unsafe(r):
			b.Write(hexEscape(nil, 'u', r, 4))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// hexEscape appends \x or \u (kind) and r in digits lower-case hex
// digits. (fmt would do, but the thin client links termtext and should not
// pay for fmt's start-up.)
func hexEscape(b []byte, kind byte, r rune, digits int) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '\\', kind)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, hex[(r>>shift)&0xf])
	}
	return b
}

// firstUnsafe is the index of the first byte Escape changes, or -1.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if unsafe(rune(c)) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

// EscapeJSON returns the JSON text b with DEL and the C1 controls, which
// encoding/json leaves raw inside strings, written as \u escapes. The
// result decodes to the same value; C0 controls are escaped by
// encoding/json already.
func EscapeJSON(b []byte) []byte {
	if !strings.ContainsFunc(string(b), unsafe) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if unsafe(r) {
			out = hexEscape(out, 'u', r, 4)
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// Writer passes everything written to it through Escape on its way to W,
// for a log whose lines may quote a page. A write of whole lines is
// escaped exactly as Escape escapes them.
type Writer struct{ W io.Writer }

func (w Writer) Write(p []byte) (int, error) {
	if _, err := io.WriteString(w.W, Escape(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
