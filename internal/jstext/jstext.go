// Package jstext makes the JavaScript that agentbrowser sends to pages
// shorter without changing what it does. Every script travels whole on
// each Runtime.evaluate or Runtime.callFunctionOn, through the browser to
// the renderer, and costs by its length even when V8 has it compiled; the
// sources keep their comments and indentation for their readers.
package jstext

import "strings"

// Compact returns src with the indentation and trailing blanks of every
// line, the blank lines and the lines that hold only a // comment taken
// out. Line breaks stay where they were, so that automatic semicolon
// insertion reads the code as before; comments after code stay too.
//
// It is meant for sources with no string or template literal that spans
// lines, whose insides it would change: a source with a line continuation
// (a backslash ending a line) or a template literal (a backtick outside a
// quoted string or a comment on its line) is returned as it is. A comment
// line that closes a block comment is kept.
func Compact(src string) string {
	if !plain(src) {
		return src
	}
	var b strings.Builder
	b.Grow(len(src))
	for line := range strings.SplitSeq(src, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || (strings.HasPrefix(t, "//") && !strings.Contains(t, "*/")) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(t)
	}
	return b.String()
}

// plain reports whether src has no line continuation and no backtick
// outside the quoted strings and // comments of its lines.
func plain(src string) bool {
	for line := range strings.SplitSeq(src, "\n") {
		if strings.HasSuffix(strings.TrimRight(line, " \t\r"), `\`) {
			return false
		}
		var quote byte
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case quote != 0 && c == '\\':
				i++
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '\'' || c == '"':
				quote = c
			case c == '/' && i+1 < len(line) && line[i+1] == '/':
				i = len(line)
			case c == '`':
				return false
			}
		}
	}
	return true
}
