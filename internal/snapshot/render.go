package snapshot

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentbrowser/agentbrowser/events"
)

// line is one node of the snapshot text. A line with an empty role is a
// text line.
type line struct {
	depth int
	text  string
	role  string
	name  string
	attrs string
	value string
	entry *refEntry // nil for a line without a ref
	nth   int
	// quiet leaves the name out of the line: it only repeats the
	// content that follows (a row named by its cells).
	quiet bool
	// marker, when set, makes the line a note about what the snapshot
	// left out there ("- ... " then the marker).
	marker string
	// repeat, when set, says that the line stands for a landmark subtree
	// the engine showed whole on an earlier page (see landmarks.go); its
	// children are not among the lines.
	repeat string
	// hidden lines are in a subtree a repeat line stands for.
	hidden bool
}

// rendered is the text of a snapshot and what it shows.
type rendered struct {
	text      string
	entries   []*refEntry // the refs shown, in order
	nodes     int
	omitted   int
	truncated bool
	// next is the cursor of the next part when the text was cut.
	next string
	// matches counts the lines a find matched.
	matches int
}

// view says which part of a snapshot's lines a Result shows: every line,
// or those a find matches; from a cursor on; cut to a size.
type view struct {
	maxChars int
	find     *matcher
	// cursor is the index of the first line shown among those the view
	// selects.
	cursor int
}

var quoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// shown is a line as printed, with what find and the cut need.
type shown struct {
	s     string // without its indentation
	depth int
	entry *refEntry
	role  string
	// search is what find matches: role, name, value and text.
	search string
}

// format prints lines in the snapshot format, without indentation:
//
//   - role "name" [state...] [ref=eN] [nth=N] value="v"
//
// A line ends in ':' when children follow it; a line whose only child is
// a text line shows that text after ': ' instead.
func format(lines []line) []shown {
	out := make([]shown, 0, len(lines))
	var b strings.Builder
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		b.Reset()
		if l.marker != "" {
			out = append(out, shown{s: "- ... " + l.marker, depth: l.depth})
			continue
		}
		if l.role == "" {
			out = append(out, shown{s: "- text: " + l.text, depth: l.depth, search: l.text})
			continue
		}
		b.WriteString("- ")
		b.WriteString(l.role)
		kids := i+1 < len(lines) && lines[i+1].depth > l.depth
		if l.name != "" && !l.quiet {
			b.WriteString(` "`)
			quoter.WriteString(&b, shownName(l.name, kids))
			b.WriteByte('"')
		}
		b.WriteString(l.attrs)
		if l.entry != nil {
			b.WriteString(" [ref=")
			b.WriteString(string(l.entry.ref))
			b.WriteByte(']')
			// A quiet line shows no name for its nth to tell apart.
			if l.nth > 0 && !l.quiet {
				b.WriteString(" [nth=")
				b.WriteString(strconv.Itoa(l.nth))
				b.WriteByte(']')
			}
		}
		if l.value != "" {
			b.WriteString(` value="`)
			quoter.WriteString(&b, l.value)
			b.WriteByte('"')
		}
		if l.repeat != "" {
			b.WriteString(" [")
			b.WriteString(l.repeat)
			b.WriteByte(']')
		}
		search := l.role + " " + l.name + " " + l.value
		if kids {
			next := lines[i+1]
			onlyText := next.role == "" && next.marker == "" && (i+2 >= len(lines) || lines[i+2].depth <= l.depth)
			if onlyText {
				b.WriteString(": ")
				b.WriteString(next.text)
				search += " " + next.text
				i++
			} else {
				b.WriteByte(':')
			}
		}
		out = append(out, shown{s: b.String(), depth: l.depth, entry: l.entry, role: l.role, search: search})
	}
	return out
}

// render prints lines as v says. A cut happens at a line boundary, with a
// final line saying how many lines were left out and the cursor of the
// next part; that part starts under its ancestors' lines, for context.
func render(lines []line, v view) rendered {
	all := format(lines)
	context := true
	if v.find != nil {
		all = v.find.selectLines(all)
		context = false
	}
	r := rendered{nodes: len(all)}
	if v.find != nil {
		r.matches = v.find.matched
	}
	start := min(max(v.cursor, 0), len(all))
	var head []shown
	if context && start > 0 && start < len(all) {
		head = ancestors(all, start)
	}
	body := all[start:]
	keep := len(body)
	lineCut := false
	if v.maxChars > 0 && size(head)+size(body)-1 > v.maxChars {
		keep = -1
		// prefix[k] is the size of body[:k]; a candidate k pays for its
		// own cut line too.
		prefix := make([]int, len(body)+1)
		for i, l := range body {
			prefix[i+1] = prefix[i] + 2*l.depth + len(l.s) + 1
		}
		hs := size(head)
		for k := len(body) - 1; k > 0; k-- {
			if hs+prefix[k]+len(cutLine(len(body)-k, start+k)) <= v.maxChars {
				keep = k
				break
			}
		}
		if keep < 0 {
			// Not one line fits after its context: show the line alone,
			// cut to the cap, so that the next part moves on.
			head = nil
			keep = 1
			one := body[0]
			room := v.maxChars - 1
			if keep < len(body) {
				room -= len(cutLine(len(body)-1, start+1)) + 1
			}
			if room-2*one.depth < minLineBytes {
				one.depth = 0
			}
			one.s = cutBytes(one.s, max(room-2*one.depth, 0))
			lineCut = one.s != body[0].s
			body = append([]shown{one}, body[1:]...)
		}
	}
	var b strings.Builder
	entries := make([]*refEntry, 0, keep)
	for _, s := range append(head[:len(head):len(head)], body[:keep]...) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		for range s.depth {
			b.WriteString("  ")
		}
		b.WriteString(s.s)
		if s.entry != nil {
			entries = append(entries, s.entry)
		}
	}
	if keep < len(body) {
		r.truncated = true
		r.omitted = len(body) - keep
		r.next = strconv.Itoa(start + keep)
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(cutLine(r.omitted, start+keep))
	}
	r.truncated = r.truncated || lineCut
	r.text = b.String()
	r.entries = entries
	return r
}

// size is the bytes ls take printed, each with its newline.
func size(ls []shown) int {
	n := 0
	for _, l := range ls {
		n += 2*l.depth + len(l.s) + 1
	}
	return n
}

// ancestors are the lines above all[i] that hold it, outermost first.
func ancestors(all []shown, i int) []shown {
	var out []shown
	d := all[i].depth
	for j := i - 1; j >= 0 && d > 0; j-- {
		if all[j].depth < d {
			out = append(out, all[j])
			d = all[j].depth
		}
	}
	for a, z := 0, len(out)-1; a < z; a, z = a+1, z-1 {
		out[a], out[z] = out[z], out[a]
	}
	return out
}

// cutBytes cuts s to at most n bytes at a character boundary, marking the
// cut with "…" when there is room for it.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const ell = "\u2026"
	if n < len(ell) {
		return ""
	}
	n -= len(ell)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + ell
}

// shownNameMax is the longest name a line shows in full when the
// element's content follows it: that content says the rest. The ref's
// name (RefInfo.Name) stays whole.
const shownNameMax = 100

// shownName is name as a line shows it.
func shownName(name string, contentFollows bool) string {
	if !contentFollows || len(name) <= shownNameMax || utf8.RuneCountInString(name) <= shownNameMax {
		return name
	}
	n := 0
	for i := range name {
		if n == shownNameMax-1 {
			return name[:i] + "\u2026"
		}
		n++
	}
	return name
}

// deepFrameMarker is the line under an iframe whose frame is nested too
// deep to inline.
func deepFrameMarker(ref events.Ref) string {
	return "frame content not shown: frames nest more than " + strconv.Itoa(MaxFrameNesting) +
		" deep here; see it with snapshot --scope " + string(ref)
}

// cutLine is the last line of a cut snapshot: how many lines it left out
// and the cursor (next) of the part that shows them.
func cutLine(omitted, next int) string {
	return "- ... " + strconv.Itoa(omitted) + " more lines: cursor=" + strconv.Itoa(next) + " shows them"
}

// minLineBytes is the room below which a line that must be shown alone
// loses its indentation.
const minLineBytes = 16
