package mcpserver

import (
	"fmt"
	"strings"
)

// An action that opens a long list (a country picker, a results list)
// changes one line for each of its items. Its answer shows the first
// items of such a run and counts the rest: a whole snapshot, or one
// scoped to the list, shows them all, and typing into the list's search
// box usually narrows it to the one wanted.
const (
	// runCap is the longest run of like lines an action's answer shows
	// whole.
	runCap = 25
	// runShown is how many lines of a longer run it shows.
	runShown = 10
)

// capLongRuns shortens each run of more than runCap sibling lines of one
// role (same depth, none with lines under it) in an action's changed
// lines to its first runShown lines and one line counting the others:
// "- ... 234 more option lines: browser_snapshot shows them".
func capLongRuns(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); {
		end := runEnd(lines, i)
		if end-i <= runCap {
			out = append(out, lines[i:end]...)
			i = end
			continue
		}
		indent, role := lineRole(lines[i])
		out = append(out, lines[i:i+runShown]...)
		out = append(out, fmt.Sprintf("%s- ... %d more %s lines: browser_snapshot shows them", strings.Repeat(" ", indent), end-i-runShown, role))
		i = end
	}
	return strings.Join(out, "\n")
}

// runEnd is the index after the run of like leaf lines that starts at
// lines[i] (i+1 when lines[i] starts none).
func runEnd(lines []string, i int) int {
	indent, role := lineRole(lines[i])
	if role == "" || !leaf(lines, i) {
		return i + 1
	}
	end := i + 1
	for end < len(lines) {
		in, r := lineRole(lines[end])
		if in != indent || r != role || !leaf(lines, end) {
			break
		}
		end++
	}
	return end
}

// leaf reports whether no line is nested under lines[i].
func leaf(lines []string, i int) bool {
	if i+1 >= len(lines) {
		return true
	}
	in, _ := lineRole(lines[i+1])
	return in <= indentOf(lines[i])
}

// lineRole is a line's indentation and the role it starts with ("" for a
// line that is no element: text, a note).
func lineRole(l string) (int, string) {
	in := indentOf(l)
	rest, ok := strings.CutPrefix(l[in:], "- ")
	if !ok {
		return in, ""
	}
	role, _, _ := strings.Cut(rest, " ")
	role = strings.TrimSuffix(role, ":")
	if role == "" || role == "text" || role == "..." || strings.ContainsAny(role, "\"[") {
		return in, ""
	}
	return in, role
}

// indentOf counts the spaces a line starts with.
func indentOf(l string) int {
	return len(l) - len(strings.TrimLeft(l, " "))
}
