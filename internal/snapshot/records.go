package snapshot

import (
	"fmt"
	"strconv"
	"strings"
)

// record is one line of the in-page walk's output (see js/snapshot.js).
type record struct {
	text  bool
	depth int
	// Element lines.
	role, name, attrs, value string
	id                       int64
	nth                      int
	frame                    int
	oop                      bool
	// quiet: the line leaves the name out (it repeats the content).
	quiet bool
	// anchor: id is set on a landmark only so that it can be given a
	// ref should it stand for its subtree (see landmarks.go); it has no
	// ref otherwise.
	anchor bool
	// Text lines.
	t string
}

// records is a parsed walk.
type records struct {
	url, title string
	scopeFound bool
	// elements is how many elements the walk visited.
	elements int
	recs     []record
	// frames maps a same-origin frame's index to its iframe element's id.
	frames map[int]int64
	// hostCands is how many custom elements the walk met that may hold a
	// closed shadow root not yet looked for.
	hostCands int
	// paths maps element ids to their paths in the document (see
	// world.ahead), when the walk was asked for them.
	paths map[int64]string
}

const goneMark = "\x00gone"

// fieldSep separates the fields of the walk's output. JSON carries it
// unescaped, and the script keeps it out of every field.
const fieldSep = '\x7f'

// tokens reads the walk's fields one by one. The last field is what
// follows the last separator, so it may be empty.
type tokens struct {
	s    string
	done bool
	err  error
}

func (t *tokens) more() bool { return t.err == nil && !t.done }

func (t *tokens) next() string {
	if t.err != nil {
		return ""
	}
	if t.done {
		t.err = fmt.Errorf("parsing snapshot records: unexpected end")
		return ""
	}
	i := strings.IndexByte(t.s, fieldSep)
	if i < 0 {
		f := t.s
		t.s, t.done = "", true
		return f
	}
	f := t.s[:i]
	t.s = t.s[i+1:]
	return f
}

func (t *tokens) int() int {
	f := t.next()
	if t.err != nil {
		return 0
	}
	n, err := strconv.Atoi(f)
	if err != nil {
		t.err = fmt.Errorf("parsing snapshot records: %w", err)
	}
	return n
}

func (t *tokens) id() int64 {
	f := t.next()
	if t.err != nil || f == "" {
		return 0
	}
	n, err := strconv.ParseInt(f, 10, 64)
	if err != nil {
		t.err = fmt.Errorf("parsing snapshot records: %w", err)
	}
	return n
}

func parseRecords(s string) (*records, error) {
	out := &records{frames: map[int]int64{}}
	t := &tokens{s: s}
	if t.next() != "H" {
		return nil, fmt.Errorf("parsing snapshot records: no header")
	}
	out.url, out.title, out.scopeFound = t.next(), t.next(), t.next() == "1"
	out.elements = t.int()
	out.recs = make([]record, 0, strings.Count(s, "\x7fE\x7f")+strings.Count(s, "\x7fT\x7f")+strings.Count(s, "\x7fX\x7f"))
	for t.more() {
		switch kind := t.next(); kind {
		case "E", "X":
			r := record{depth: t.int(), role: t.next(), name: t.next(), id: t.id()}
			if kind == "X" {
				r.nth = t.int()
				r.attrs, r.value = t.next(), t.next()
				r.frame = t.int()
				flags := t.int()
				r.oop, r.quiet, r.anchor = flags&1 != 0, flags&2 != 0, flags&4 != 0
			}
			out.recs = append(out.recs, r)
		case "T":
			out.recs = append(out.recs, record{text: true, depth: t.int(), t: t.next()})
		case "F":
			idx := t.int()
			out.frames[idx] = t.id()
		case "C":
			out.hostCands = t.int()
		case "P":
			if out.paths == nil {
				out.paths = map[int64]string{}
			}
			id := t.id()
			out.paths[id] = t.next()
		default:
			if t.err == nil {
				return nil, fmt.Errorf("parsing snapshot records: unknown record %q", kind)
			}
		}
	}
	if t.err != nil {
		return nil, t.err
	}
	return out, nil
}
