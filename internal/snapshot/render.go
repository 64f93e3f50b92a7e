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
}

// rendered is the text of a snapshot and what it shows.
type rendered struct {
	text      string
	entries   []*refEntry // the refs shown, in order
	nodes     int
	omitted   int
	truncated bool
}

var quoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// render prints lines in the snapshot format:
//
//   - role "name" [state...] [ref=eN] [nth=N] value="v"
//
// A line ends in ':' when children follow it; a line whose only child is
// a text line shows that text after ': ' instead. maxChars cuts at a line
// boundary and adds a final line saying how many lines were left out.
func render(lines []line, maxChars int) rendered {
	out := make([]string, 0, len(lines))
	lineRef := make([]*refEntry, 0, len(lines))
	var b strings.Builder
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		b.Reset()
		for range l.depth {
			b.WriteString("  ")
		}
		if l.marker != "" {
			b.WriteString("- ... ")
			b.WriteString(l.marker)
			out = append(out, b.String())
			lineRef = append(lineRef, nil)
			continue
		}
		if l.role == "" {
			b.WriteString("- text: ")
			b.WriteString(l.text)
			out = append(out, b.String())
			lineRef = append(lineRef, nil)
			continue
		}
		b.WriteString("- ")
		b.WriteString(l.role)
		if l.name != "" && !l.quiet {
			b.WriteString(` "`)
			quoter.WriteString(&b, shownName(l.name, i+1 < len(lines) && lines[i+1].depth > l.depth))
			b.WriteByte('"')
		}
		b.WriteString(l.attrs)
		if l.entry != nil {
			b.WriteString(" [ref=")
			b.WriteString(string(l.entry.ref))
			b.WriteByte(']')
			if l.nth > 0 {
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
		if i+1 < len(lines) && lines[i+1].depth > l.depth {
			next := lines[i+1]
			onlyText := next.role == "" && next.marker == "" && (i+2 >= len(lines) || lines[i+2].depth <= l.depth)
			if onlyText {
				b.WriteString(": ")
				b.WriteString(next.text)
				i++
			} else {
				b.WriteByte(':')
			}
		}
		out = append(out, b.String())
		lineRef = append(lineRef, l.entry)
	}

	r := rendered{nodes: len(out)}
	keep := len(out)
	if maxChars > 0 {
		// prefix[i] is the size of out[:i], each line with its newline.
		prefix := make([]int, len(out)+1)
		for i, s := range out {
			prefix[i+1] = prefix[i] + len(s) + 1
		}
		if prefix[len(out)]-1 > maxChars {
			keep = 0
			for k := len(out) - 1; k > 0; k-- {
				if prefix[k]+len(cutLine(len(out)-k)) <= maxChars {
					keep = k
					break
				}
			}
		}
	}
	entries := make([]*refEntry, 0, len(lineRef))
	for _, en := range lineRef[:keep] {
		if en != nil {
			entries = append(entries, en)
		}
	}
	text := strings.Join(out[:keep], "\n")
	if keep < len(out) {
		r.truncated = true
		r.omitted = len(out) - keep
		if text != "" {
			text += "\n"
		}
		text += cutLine(r.omitted)
	}
	r.text = text
	r.entries = entries
	return r
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

// cutLine is the last line of a cut snapshot.
func cutLine(omitted int) string {
	return "- ... " + strconv.Itoa(omitted) + " more lines not shown (max_chars reached; use scope, max_depth or interactive to see them)"
}
