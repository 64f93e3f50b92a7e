package snapshot

import "strings"

// echoRoles are the roles of the places a page puts one thing in: a
// table's or a grid's cell, an item of a list or a tree, an option. When
// the one thing is an element made clickable by script that says the same
// as its place, the two are one line (see foldEchoes).
var echoRoles = map[string]bool{
	"cell": true, "gridcell": true, "columnheader": true, "rowheader": true,
	"listitem": true, "treeitem": true, "option": true, "row": true,
}

// controlRoles are the roles of controls an agent acts on by role: a
// clickable wrapper named as the one control it holds is that control.
var controlRoles = map[string]bool{
	"button": true, "link": true, "checkbox": true, "radio": true, "switch": true,
	"slider": true, "spinbutton": true, "textbox": true, "searchbox": true,
	"combobox": true, "tab": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "scrollbar": true,
}

// foldEchoes makes one line of each pair of lines that say the same thing
// twice, a parent and its only child with the same name, which a page
// builds when it wraps one control in an element of its own:
//
//   - a cell, item or option whose only content is an element made
//     clickable by script (role "clickable") named, or reading, as the
//     cell is: the cell's line stands for both. Its ref aims at the cell,
//     which holds the clickable: a pointer there reaches the clickable's
//     handlers through the cell, and the cell is a box to drop on and
//     hover, which the clickable may not be (a page may keep it 1 px
//     wide, a link for screen readers);
//   - an element made clickable by script whose only content is a control
//     of its name (a slider's thumb in the element that drags it): the
//     control's line stands alone, one level up; input on it reaches the
//     wrapper's handlers too;
//   - the same beside unnamed clickables that show nothing (a column
//     header's label beside the resize grip on its edge): the label's
//     line goes, the grips stay;
//   - an element made clickable by script, with no name, whose content
//     is one control and, besides it, at most lines of text that say the
//     control's name (a field's wrapper that focuses the field, with the
//     label it draws; a button's wrapper): the control's lines stand
//     alone, one level up, and the text lines go, as the control's name
//     says them; input on the control reaches the wrapper's handlers too;
//   - a named line whose first child is a line of text saying its name
//     (a tab's label beside the tab's indicator): the text line goes.
//
// The ref a folded line no longer shows stays valid. Lines are only ever
// dropped or moved up, never rewritten into other text, so what the
// snapshot says of an element is what its own line said.
func foldEchoes(lines []line) []line {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		p := lines[i]
		end := subtreeEnd(lines, i)
		if j := i + 1; j < end && lines[j].depth == p.depth+1 && subtreeEnd(lines, j) == end {
			c := lines[j]
			switch {
			case echoRoles[p.role] && c.role == "clickable" && sameEcho(p, lines[j:end]):
				out = append(out, p)
				i = end - 1
				continue
			case p.role == "clickable" && bare(p) && controlRoles[c.role] && c.entry != nil && c.name != "" && c.name == p.name && c.marker == "" && c.repeat == "":
				out = liftUp(out, lines[j:end])
				i = end - 1
				continue
			}
		}
		if k := echoBesideGrips(lines, i, end); k > 0 {
			// A cell's echo beside the grips drawn on its edge: the
			// cell's line and the grips.
			out = append(out, p)
			for j := i + 1; j < end; j = subtreeEnd(lines, j) {
				if j != k {
					out = append(out, lines[j:subtreeEnd(lines, j)]...)
				}
			}
			i = end - 1
			continue
		}
		if k := wrappedControl(lines, i, end); k > 0 {
			// An unnamed wrapper of one control and its label's text:
			// the control's lines stand alone, one level up.
			out = liftUp(out, lines[k:subtreeEnd(lines, k)])
			i = end - 1
			continue
		}
		out = append(out, p)
		// A named line whose first child is a text line of its name
		// (a tab's label drawn beside its indicator): the name says it.
		if j := i + 1; j < end && echoesName(p, lines[j]) {
			i = j
		}
	}
	return out
}

// echoBesideGrips is the index of the one child of lines[i] (a cell,
// item or option whose subtree ends at end) that is an element made
// clickable by script saying what the cell says (see sameEcho), when its
// other children are all unnamed clickables that show nothing; 0 when
// there is no such child or no other child.
func echoBesideGrips(lines []line, i, end int) int {
	if !echoRoles[lines[i].role] {
		return 0
	}
	echo, others := 0, 0
	for k := i + 1; k < end; k = subtreeEnd(lines, k) {
		c, e := lines[k], subtreeEnd(lines, k)
		switch {
		case echo == 0 && c.role == "clickable" && sameEcho(lines[i], lines[k:e]):
			echo = k
		case c.role == "clickable" && c.entry != nil && c.name == "" && c.value == "" && e == k+1 && c.marker == "" && c.repeat == "":
			others++
		default:
			return 0
		}
	}
	if others == 0 {
		return 0
	}
	return echo
}

// wrappedControl is the index of the one control an unnamed clickable
// line lines[i] (whose subtree ends at end) wraps with nothing else but
// lines of text saying the control's name; 0 when it is no such wrapper.
func wrappedControl(lines []line, i, end int) int {
	p := lines[i]
	if p.role != "clickable" || p.name != "" || !bare(p) {
		return 0
	}
	ctl := 0
	var texts []line
	for k := i + 1; k < end; k = subtreeEnd(lines, k) {
		c := lines[k]
		switch {
		case c.marker != "" || c.repeat != "":
			return 0
		case c.entry == nil && c.role == "":
			texts = append(texts, c)
		case ctl == 0 && controlRoles[c.role] && c.entry != nil && c.name != "":
			ctl = k
		default:
			return 0
		}
	}
	if ctl == 0 {
		return 0
	}
	for _, t := range texts {
		if t.text != lines[ctl].name {
			return 0
		}
	}
	return ctl
}

// echoesName reports whether t, the first line under p, is a line of text
// that only repeats p's name.
func echoesName(p, t line) bool {
	return p.entry != nil && p.name != "" && !p.quiet && p.marker == "" && p.repeat == "" &&
		t.depth == p.depth+1 && t.role == "" && t.entry == nil && t.marker == "" && t.repeat == "" &&
		t.text == p.name
}

// subtreeEnd is the index after the last line of the subtree of lines[i].
func subtreeEnd(lines []line, i int) int {
	end := i + 1
	for end < len(lines) && lines[end].depth > lines[i].depth {
		end++
	}
	return end
}

// bare reports whether l is an element line with a ref and nothing of its
// own to say beyond its role and name.
func bare(l line) bool {
	return l.entry != nil && l.attrs == "" && l.value == "" && l.nth == 0 && !l.quiet &&
		l.marker == "" && l.repeat == ""
}

// sameEcho reports whether sub (a clickable line and its subtree, the
// only content of p) says nothing p's line does not: the clickable is
// named as p is and holds nothing, or is unnamed and holds only p's name
// as text.
func sameEcho(p line, sub []line) bool {
	c := sub[0]
	if p.entry == nil || p.name == "" || p.quiet || p.nth != 0 || p.marker != "" || p.repeat != "" || !bare(c) {
		return false
	}
	switch len(sub) {
	case 1:
		return c.name == p.name
	case 2:
		t := sub[1]
		return c.name == "" && t.role == "" && t.marker == "" && t.text == p.name
	}
	return false
}

// emptyRoles are the roles of lines that only group or hold what is in
// them: with nothing in them, no name, no value and no ref, such a line
// says nothing (see dropEmpty).
var emptyRoles = map[string]bool{
	"table": true, "list": true, "row": true, "rowgroup": true, "group": true,
	"paragraph": true, "status": true, "generic": true,
}

// dropEmpty leaves out the lines of emptyRoles that hold no lines, and
// have no ref, name, states or value: an empty table a widget keeps for
// later, an empty status region. A line whose lines all go goes too.
func dropEmpty(lines []line) []line {
	keep := make([]bool, len(lines))
	next := -1 // the depth of the next line kept, -1 at the end
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if emptyRoles[l.role] && l.entry == nil && l.name == "" && l.attrs == "" && l.value == "" &&
			l.marker == "" && l.repeat == "" && next <= l.depth {
			continue
		}
		keep[i] = true
		next = l.depth
	}
	out := lines[:0:0]
	for i, l := range lines {
		if keep[i] {
			out = append(out, l)
		}
	}
	return out
}

// quietRoles are the roles of a table's places whose name, taken from
// what they hold, may only repeat the controls in them.
var quietRoles = map[string]bool{"cell": true, "gridcell": true, "clickable": true}

// liftNamedWrappers leaves out the line of a wrapper with no ref, no
// states and no value, of no role of its own (generic), whose one child
// is an element of its name with a ref (a checkbox's label element named
// as the checkbox): the child's lines stand in its place, one level up.
func liftNamedWrappers(lines []line) []line {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		p := lines[i]
		end := subtreeEnd(lines, i)
		j := i + 1
		if p.role == "generic" && p.entry == nil && p.name != "" && p.attrs == "" && p.value == "" &&
			p.marker == "" && p.repeat == "" && j < end && subtreeEnd(lines, j) == end &&
			lines[j].entry != nil && lines[j].name == p.name {
			out = liftUp(out, lines[j:end])
			i = end - 1
			continue
		}
		out = append(out, p)
	}
	return out
}

// quietCells leaves the name out of the line of a cell that holds only
// controls with refs, when its name only says their names in order (a
// cell of a row's checkbox, a cell of its Edit and Delete buttons), and
// out of that of a clickable whose name only says, in order, the names
// and text of the lines it holds: those lines, which follow, say it. The
// name is still what a find matches.
func quietCells(lines []line) []line {
	out := append(lines[:0:0], lines...)
	for i := range out {
		p := out[i]
		if !quietRoles[p.role] || p.entry == nil || p.name == "" || p.quiet || p.marker != "" || p.repeat != "" {
			continue
		}
		end := subtreeEnd(out, i)
		if end == i+1 {
			continue
		}
		if p.role == "clickable" {
			// A clickable named by all it holds, two things or more (a
			// container of items that script listens on), says it again
			// in its lines; one named by its one icon keeps its name.
			if w, n := words(out[i+1 : end]); n > 1 && w == strings.Join(strings.Fields(p.name), " ") {
				out[i].quiet = true
			}
			continue
		}
		var names []string
		for k := i + 1; k < end; k = subtreeEnd(out, k) {
			c := out[k]
			if c.entry == nil || !controlRoles[c.role] || c.name == "" || c.quiet || c.marker != "" || c.repeat != "" {
				names = nil
				break
			}
			names = append(names, c.name)
		}
		if names != nil && strings.Join(names, " ") == p.name {
			out[i].quiet = true
		}
	}
	return out
}

// words is what the lines of sub (a whole subtree's children, in order)
// say, a space between words: a named line's name (its own lines are
// what it names), a text line's text, and the words of what an unnamed
// line holds; and how many lines said them.
func words(sub []line) (string, int) {
	var ws []string
	parts := 0
	for k := 0; k < len(sub); {
		l := sub[k]
		e := k + 1
		for e < len(sub) && sub[e].depth > l.depth {
			e++
		}
		switch {
		case l.marker != "" || l.repeat != "":
			return "", 0
		case l.role == "":
			ws = append(ws, strings.Fields(l.text)...)
			parts++
		case l.name != "":
			ws = append(ws, strings.Fields(l.name)...)
			parts++
		default:
			w, n := words(sub[k+1 : e])
			ws = append(ws, strings.Fields(w)...)
			parts += n
		}
		k = e
	}
	return strings.Join(ws, " "), parts
}

// dropEchoLines leaves out what says again what a line next to it says:
//
//   - an unnamed clickable with nothing of its own to say whose one child
//     is an unnamed clickable (a field's wrapper around the field's
//     wrapper): the child's lines stand in its place, one level up;
//   - a text line that says the name of the line after it, its sibling
//     with a ref (a field's label drawn before the field: "Skills", then
//     group "Skills").
//
// The refs of the lines left out stay valid.
func dropEchoLines(lines []line) []line {
	// up[k] is how many levels line k moves up: one for each wrapper
	// above it that goes.
	up := make([]int, len(lines))
	drop := make([]bool, len(lines))
	for i, p := range lines {
		end := subtreeEnd(lines, i)
		if j := i + 1; p.role == "clickable" && p.name == "" && bare(p) && j < end && subtreeEnd(lines, j) == end &&
			lines[j].role == "clickable" && lines[j].name == "" && lines[j].entry != nil && lines[j].marker == "" && lines[j].repeat == "" {
			drop[i] = true
			for k := j; k < end; k++ {
				up[k]++
			}
		}
	}
	lifted := lines[:0:0]
	for i, l := range lines {
		if !drop[i] {
			l.depth -= up[i]
			lifted = append(lifted, l)
		}
	}
	out := lifted[:0:0]
	for i, p := range lifted {
		if n := i + 1; n < len(lifted) && p.role == "" && p.entry == nil && p.marker == "" && p.repeat == "" &&
			lifted[n].depth == p.depth && lifted[n].entry != nil && lifted[n].name != "" && !lifted[n].quiet &&
			lifted[n].name == p.text {
			continue
		}
		out = append(out, p)
	}
	return out
}

// liftUp appends lines to out one level up: what a line that goes held
// takes its place.
func liftUp(out, lines []line) []line {
	for _, l := range lines {
		l.depth--
		out = append(out, l)
	}
	return out
}
