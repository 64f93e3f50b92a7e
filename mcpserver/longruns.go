package mcpserver

import (
	"fmt"
	"regexp"
	"strings"
)

// A long list of like items (a country picker's 244 options, the results
// an action loads) is most of a text that shows it whole, and an agent
// reads few of its items: it types into the list's search field to narrow
// it, or picks one it knows. Such a run shows its first items and counts
// the rest; a snapshot with the list's ref as target shows them all.
const (
	// runCap is the longest run of like lines shown whole.
	runCap = 25
	// runShown is how many lines of a longer run are shown.
	runShown = 10
)

// changedItemRoles are the roles whose long runs an action's changed
// lines shorten: the items of lists, menus, trees and tables. A calendar's
// days or a toolbar's buttons are not cut.
var changedItemRoles = map[string]bool{
	"option": true, "listitem": true, "treeitem": true, "row": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true,
}

// wholeItemRoles are the roles whose long runs a whole tree in an action's
// answer shortens: the options of a list to pick from. A page's content
// (rows of a table, items of a list of results) is shown whole, and so is
// every line of a snapshot the agent asked for (browser_snapshot).
var wholeItemRoles = map[string]bool{"option": true}

// capLongRuns shortens each run of more than runCap sibling lines of one
// of roles (same depth, none with lines under it) in text, one snapshot
// line a line, to its first runShown lines and one line counting the
// others: "- ... 234 more option lines: browser_snapshot with target e893
// shows them all" (the run's parent's ref; without one, a whole snapshot
// shows them).
func capLongRuns(text string, roles map[string]bool) string {
	lines := strings.Split(text, "\n")
	var out []string
	cut := false
	for i := 0; i < len(lines); {
		end := runEnd(lines, i, roles)
		if end-i <= runCap {
			out = append(out, lines[i:end]...)
			i = end
			continue
		}
		cut = true
		indent, role := lineRole(lines[i])
		how := "browser_snapshot shows them"
		if ref := parentRef(lines, i); ref != "" {
			how = "browser_snapshot with target " + ref + " shows them all"
		}
		out = append(out, lines[i:i+runShown]...)
		out = append(out, fmt.Sprintf("%s- ... %d more %s lines: %s", strings.Repeat(" ", indent), end-i-runShown, role, how))
		i = end
	}
	if !cut {
		return text
	}
	return strings.Join(out, "\n")
}

// runEnd is the index after the run of like leaf lines of one of roles
// that starts at lines[i] (i+1 when lines[i] starts none).
func runEnd(lines []string, i int, roles map[string]bool) int {
	indent, role := lineRole(lines[i])
	if !roles[role] || !leaf(lines, i) {
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

// refOnLine finds a line's own ref.
var refOnLine = regexp.MustCompile(`\[ref=(e\d+)\]`)

// parentRef is the ref of the line lines[i] is nested under, "" when it
// has none.
func parentRef(lines []string, i int) string {
	in := indentOf(lines[i])
	for j := i - 1; j >= 0; j-- {
		if indentOf(lines[j]) < in {
			return ownRef(lines[j])
		}
	}
	return ""
}

// ownRef is the ref a line gives its element: the first after the quoted
// name (a name or the text after it may hold "[ref=" too).
func ownRef(l string) string {
	_, rest, _ := strings.Cut(l, "- ")
	if _, after, ok := strings.Cut(rest, " \""); ok {
		rest = skipQuoted(after)
	}
	if m := refOnLine.FindStringSubmatch(rest); m != nil && !strings.Contains(rest[:strings.Index(rest, m[0])], ": ") {
		return m[1]
	}
	return ""
}

// skipQuoted is what follows the closing quote of a quoted string whose
// opening quote s follows (\" and \\ escaped).
func skipQuoted(s string) string {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return s[i+1:]
		}
	}
	return ""
}

// leaf reports whether no line is nested under lines[i].
func leaf(lines []string, i int) bool {
	if i+1 >= len(lines) {
		return true
	}
	return indentOf(lines[i+1]) <= indentOf(lines[i])
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
	return in, strings.TrimSuffix(role, ":")
}

// indentOf counts the spaces a line starts with.
func indentOf(l string) int {
	return len(l) - len(strings.TrimLeft(l, " "))
}
