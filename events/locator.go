package events

import (
	"fmt"
	"strconv"
	"strings"
)

// Locators name elements by what an agent knows of them, without a
// snapshot. Wherever an event takes a Ref (ClickElementEvent.Ref,
// WaitEvent.Gone, EvaluateEvent.Ref, ...), a locator may stand in its
// place: the owner resolves it to exactly one element, which gets a ref as
// a snapshot would give it. A locator that matches several elements fails
// with ambiguous_locator, listing the first matches (ErrorDetails.Matches);
// one that matches none with element_not_found.
//
//	css=SELECTOR              elements the CSS selector matches, hidden ones included
//	text=TEXT                 the innermost elements whose visible text contains TEXT, ignoring case
//	text="TEXT"               ... whose visible text is TEXT (white space collapsed)
//	role=ROLE[name="NAME"]    elements of that role (as the snapshot shows it) named NAME
//	role=ROLE[name=NAME]      ... whose name contains NAME, ignoring case; [nth=N] picks the Nth of a role and name
//	role=ROLE[checked]        ... in a state: [checked], [checked=false], [checked=mixed], [disabled],
//	                          [expanded], [selected], [pressed] (each also =true or =false), [level=N]
//	label=TEXT, label="TEXT"  controls whose label (label element, aria-label, aria-labelledby) contains or is TEXT
//	placeholder=TEXT          fields whose placeholder contains TEXT; quoted, is TEXT
//	testid=ID                 elements whose data-testid is ID
//	A >> B                    elements B matches inside an element A matches (any number of steps)
//
// Where a target is read (ReadTarget), a bare CSS selector stands for
// css=: '#save' is css=#save, and 'form >> role=button' is css=form >>
// role=button.
//
// Locators look into every frame of the tab (out-of-process iframes
// included) and through open and closed shadow roots, as the snapshot does.
// Only css= and testid= match elements the snapshot does not show (hidden
// ones); such a match says Hidden.

// LocatorKind is what a locator matches on.
type LocatorKind string

// The kinds of locator.
const (
	LocateCSS         LocatorKind = "css"
	LocateText        LocatorKind = "text"
	LocateRole        LocatorKind = "role"
	LocateLabel       LocatorKind = "label"
	LocatePlaceholder LocatorKind = "placeholder"
	LocateTestID      LocatorKind = "testid"
)

var locatorKinds = []LocatorKind{LocateCSS, LocateText, LocateRole, LocateLabel, LocatePlaceholder, LocateTestID}

// Locator is a parsed locator (see ParseLocator).
type Locator struct {
	Kind LocatorKind `json:"kind"`
	// Value is the selector, text, label, placeholder or test id; for
	// role=, the role.
	Value string `json:"value"`
	// Exact asks for the whole text rather than a part of it, matched
	// with case (the value was quoted). Test ids are always exact.
	Exact bool `json:"exact,omitempty"`
	// Name is role='s accessible name, "" for any; NameExact as Exact.
	Name      string `json:"name,omitempty"`
	NameExact bool   `json:"name_exact,omitempty"`
	// Nth, when not nil, keeps the match whose snapshot nth is *Nth.
	Nth *int `json:"nth,omitempty"`
	// The state filters of role=, as the snapshot shows the states:
	// Checked is "true", "false" or "mixed"; Disabled, Expanded, Selected
	// are "true" or "false"; Pressed is "true", "false" or "mixed"; ""
	// means any. Level, when not zero, is a heading's level.
	Checked  string `json:"checked,omitempty"`
	Disabled string `json:"disabled,omitempty"`
	Expanded string `json:"expanded,omitempty"`
	Selected string `json:"selected,omitempty"`
	Pressed  string `json:"pressed,omitempty"`
	Level    int    `json:"level,omitempty"`
	// Scopes are the steps of a chain before this one (A >> B), outermost
	// first: a match must be inside an element each of them matches, the
	// second inside the first, and so on. Empty for a single locator.
	Scopes []Locator `json:"scopes,omitempty"`
}

// LocatorMatch is one element a locator matched, with the ref it got.
// Role, Name and Nth are as the snapshot shows them (Nth counts earlier
// elements of the same role and name in the frame); an element the
// snapshot leaves out (Hidden) has its role from its markup and no name.
type LocatorMatch struct {
	Ref     Ref     `json:"ref"`
	Role    string  `json:"role"`
	Name    string  `json:"name"`
	Nth     int     `json:"nth"`
	Hidden  bool    `json:"hidden,omitempty"`
	FrameID FrameID `json:"frame_id,omitempty"`
}

// IsLocator reports whether s is written as a locator (starts with one of
// the kinds and "="), well formed or not, as opposed to a ref.
func IsLocator(s string) bool {
	k, _, ok := strings.Cut(strings.TrimSpace(s), "=")
	if !ok {
		return false
	}
	for _, kind := range locatorKinds {
		if k == string(kind) {
			return true
		}
	}
	return false
}

// ParseLocator parses a locator. A malformed one is an invalid_argument
// *Error that names the part that is wrong.
func ParseLocator(s string) (Locator, error) {
	steps := splitChain(s)
	if len(steps) > 1 {
		return parseChain(s, steps)
	}
	return parseStep(s)
}

// parseStep parses one locator, not a chain.
func parseStep(s string) (Locator, error) {
	raw := strings.TrimSpace(s)
	k, v, ok := strings.Cut(raw, "=")
	if !ok || !IsLocator(raw) {
		return Locator{}, Errorf(CodeInvalidArgument,
			"%q is not a locator: write css=, text=, role=, label=, placeholder= or testid= and what to match", s)
	}
	l := Locator{Kind: LocatorKind(k)}
	bad := func(format string, args ...any) (Locator, error) {
		return Locator{}, Errorf(CodeInvalidArgument, "locator %s: %s", raw, fmt.Sprintf(format, args...))
	}
	switch l.Kind {
	case LocateCSS:
		if strings.TrimSpace(v) == "" {
			return bad("css= needs a selector")
		}
		l.Value = strings.TrimSpace(v)
	case LocateText, LocateLabel, LocatePlaceholder, LocateTestID:
		text, exact, rest, err := value(v)
		if err != nil {
			return bad("%s= %s", k, err)
		}
		if rest != "" {
			return bad("%q follows the closing quote", rest)
		}
		if strings.TrimSpace(text) == "" {
			return bad("%s= needs a non-empty value", k)
		}
		if !exact {
			text = strings.TrimSpace(text)
		}
		l.Value, l.Exact = text, exact
		if l.Kind == LocateTestID {
			l.Exact = true
		}
	case LocateRole:
		if err := parseRole(&l, v); err != nil {
			return bad("%s", err)
		}
	}
	return l, nil
}

// parseRole reads ROLE, then [name=...] and [nth=N] in any order.
func parseRole(l *Locator, v string) error {
	i := strings.IndexByte(v, '[')
	role := v
	if i >= 0 {
		role = v[:i]
	}
	role = strings.TrimSpace(role)
	if role == "" {
		return fmt.Errorf("role= needs a role, such as role=button")
	}
	if !knownRole(role) {
		return fmt.Errorf("%q is not a role the snapshot shows (button, link, textbox, checkbox, heading, ...)", role)
	}
	l.Value = role
	if i < 0 {
		return nil
	}
	rest := v[i:]
	seen := map[string]bool{}
	for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
		if rest[0] != '[' {
			return fmt.Errorf("%q after the role is not an [attribute]", rest)
		}
		attr, after, ok := strings.Cut(rest[1:], "=")
		if end := strings.IndexByte(rest, ']'); end >= 0 && (!ok || end < strings.IndexByte(rest, '=')) {
			// [checked]: a state filter with no value means true.
			attr, after, ok = strings.TrimSpace(rest[1:end]), "", false
			if seen[attr] {
				return fmt.Errorf("[%s] is given twice", attr)
			}
			seen[attr] = true
			if err := l.setState(attr, "true"); err != nil {
				return err
			}
			rest = rest[end+1:]
			continue
		}
		attr = strings.TrimSpace(attr)
		if !ok {
			return fmt.Errorf("[%s needs =value]", strings.TrimSuffix(attr, "]"))
		}
		if seen[attr] {
			return fmt.Errorf("[%s=...] is given twice", attr)
		}
		seen[attr] = true
		text, exact, tail, err := value(after)
		if err != nil {
			return fmt.Errorf("[%s=...]: %s", attr, err)
		}
		if !exact {
			// Unquoted, the value ends at the first ].
			j := strings.IndexByte(after, ']')
			if j < 0 {
				return fmt.Errorf("[%s=... has no closing ]", attr)
			}
			text, tail = strings.TrimSpace(after[:j]), after[j:]
		}
		tail = strings.TrimLeft(tail, " ")
		if !strings.HasPrefix(tail, "]") {
			return fmt.Errorf("[%s=...] has no closing ]", attr)
		}
		rest = tail[1:]
		switch attr {
		case "name":
			l.Name, l.NameExact = text, exact
		case "nth":
			n, err := strconv.Atoi(text)
			if err != nil || n < 0 {
				return fmt.Errorf("[nth=%s] is not a number of 0 or more", text)
			}
			l.Nth = &n
		default:
			if err := l.setState(attr, text); err != nil {
				return err
			}
		}
	}
	return nil
}

// setState sets the state filter attr of a role= locator to v.
func (l *Locator) setState(attr, v string) error {
	v = strings.ToLower(strings.TrimSpace(v))
	bool3 := func(dst *string, mixed bool) error {
		switch {
		case v == "true" || v == "false" || (mixed && v == "mixed"):
			*dst = v
			return nil
		case mixed:
			return fmt.Errorf("[%s=%s]: want true, false or mixed", attr, v)
		}
		return fmt.Errorf("[%s=%s]: want true or false", attr, v)
	}
	switch attr {
	case "checked":
		return bool3(&l.Checked, true)
	case "pressed":
		return bool3(&l.Pressed, true)
	case "disabled":
		return bool3(&l.Disabled, false)
	case "expanded":
		return bool3(&l.Expanded, false)
	case "selected":
		return bool3(&l.Selected, false)
	case "level":
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 9 {
			return fmt.Errorf("[level=%s] is not a level from 1 to 9", v)
		}
		l.Level = n
		return nil
	case "name", "nth":
		return fmt.Errorf("[%s] needs =value", attr)
	}
	return fmt.Errorf("[%s] is not an attribute of role= (name, nth, checked, disabled, expanded, selected, pressed, level)", attr)
}

// splitChain splits a chain "A >> B >> C" into its steps; ">>" inside
// quotes or brackets is part of a step. One step when there is no chain.
func splitChain(s string) []string {
	var out []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			if depth > 0 {
				depth--
			}
		case c == '>' && depth == 0 && i+1 < len(s) && s[i+1] == '>':
			out = append(out, s[start:i])
			i++
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// parseChain parses the steps of a chain: each a locator, or a bare CSS
// selector standing for css=.
func parseChain(raw string, steps []string) (Locator, error) {
	var chain []Locator
	for _, st := range steps {
		st = strings.TrimSpace(st)
		if st == "" {
			return Locator{}, Errorf(CodeInvalidArgument, "locator %s: a step of the chain (A >> B) is empty", strings.TrimSpace(raw))
		}
		var l Locator
		var err error
		if IsLocator(st) {
			l, err = parseStep(st)
		} else {
			l, err = bareCSS(st)
		}
		if err != nil {
			return Locator{}, err
		}
		chain = append(chain, l)
	}
	last := chain[len(chain)-1]
	last.Scopes = chain[:len(chain)-1]
	return last, nil
}

// bareCSS reads s, which is neither a ref nor a locator, as a CSS
// selector.
func bareCSS(s string) (Locator, error) {
	s = strings.TrimSpace(s)
	if reason := cssProblem(s); reason != "" {
		return Locator{}, Errorf(CodeInvalidArgument, "%q is not an element argument: %s; %s", s, reason, TargetForms)
	}
	return Locator{Kind: LocateCSS, Value: s}, nil
}

// TargetForms lists the forms an element argument takes, for messages.
const TargetForms = "give a ref from a snapshot (e5, @e5 or ref=e5), a locator (role=button[name=\"Save\"], text=Save, label=Email, placeholder=Search, testid=save, css=#save, A >> B for B inside A) or a CSS selector (#save, form button)"

// cssProblem says why s cannot be a CSS selector, or "" when its shape
// is one a browser may accept (the browser has the last word: a selector
// it rejects is invalid_argument when the locator runs). It catches what
// is plainly not CSS: an @ or = outside brackets, unbalanced brackets,
// parentheses or quotes, and characters no selector uses.
func cssProblem(s string) string {
	if s == "" {
		return "it is empty"
	}
	var stack []byte
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '\\':
			i++
		case '"', '\'':
			quote = c
		case '[', '(':
			stack = append(stack, c)
		case ']', ')':
			open := byte('[')
			if c == ')' {
				open = '('
			}
			if len(stack) == 0 || stack[len(stack)-1] != open {
				return fmt.Sprintf("its %q has no opening match", string(c))
			}
			stack = stack[:len(stack)-1]
		case '=', '^', '$', '|', '!':
			if len(stack) == 0 && c != '|' {
				return fmt.Sprintf("%q is used outside [attribute] brackets", string(c))
			}
		case '@', ';', '{', '}', '`':
			return fmt.Sprintf("a CSS selector has no %q", string(c))
		}
	}
	switch {
	case quote != 0:
		return "a quote is not closed"
	case len(stack) > 0:
		return fmt.Sprintf("its %q is not closed", string(stack[len(stack)-1]))
	}
	return ""
}

// ReadTarget reads an element argument as agents write it and returns it
// in the form the events carry: a ref in its canonical form (e5 for e5,
// @e5 or ref=e5), a locator as written (a chain with a bare CSS step
// written back with css=), or a bare CSS selector as css=SELECTOR. What
// is none of them (an @ or ref= that is not a ref, a selector that is
// plainly not CSS) is an invalid_argument *Error that lists the forms.
func ReadTarget(s string) (Ref, error) {
	if r, ok := ParseRef(s); ok {
		return r, nil
	}
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "@") || strings.HasPrefix(t, "ref=") {
		return "", Errorf(CodeInvalidArgument, "malformed ref %q: a ref is e followed by digits, such as e5, @e5 or ref=e5; %s", s, TargetForms).WithNext(StepSnapshot)
	}
	if IsLocator(t) {
		l, err := ParseLocator(t)
		if err != nil {
			return "", err
		}
		if len(l.Scopes) > 0 {
			return Ref(l.String()), nil
		}
		return Ref(s), nil
	}
	if len(splitChain(t)) > 1 {
		l, err := ParseLocator(t)
		if err != nil {
			return "", err
		}
		return Ref(l.String()), nil
	}
	l, err := bareCSS(t)
	if err != nil {
		return "", err
	}
	return Ref(l.String()), nil
}

// value reads a locator's value: a "quoted string" (exact, with \" and \\
// escapes) followed by rest, or the whole of v, unquoted.
func value(v string) (text string, exact bool, rest string, err error) {
	t := strings.TrimLeft(v, " ")
	if !strings.HasPrefix(t, `"`) {
		return v, false, "", nil
	}
	var b strings.Builder
	for i := 1; i < len(t); i++ {
		switch c := t[i]; c {
		case '\\':
			if i+1 == len(t) {
				return "", false, "", fmt.Errorf("ends in a lone backslash")
			}
			i++
			b.WriteByte(t[i])
		case '"':
			return b.String(), true, strings.TrimSpace(t[i+1:]), nil
		default:
			b.WriteByte(c)
		}
	}
	return "", false, "", fmt.Errorf("has no closing quote")
}

// String writes l back as a locator (a chain as A >> B).
func (l Locator) String() string {
	if len(l.Scopes) > 0 {
		parts := make([]string, 0, len(l.Scopes)+1)
		for _, sc := range l.Scopes {
			parts = append(parts, sc.String())
		}
		last := l
		last.Scopes = nil
		return strings.Join(append(parts, last.String()), " >> ")
	}
	return l.step()
}

// step writes one step of a locator.
func (l Locator) step() string {
	q := func(s string, exact bool) string {
		if !exact {
			return s
		}
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
	}
	switch l.Kind {
	case LocateCSS:
		return "css=" + l.Value
	case LocateTestID:
		return "testid=" + l.Value
	case LocateRole:
		s := "role=" + l.Value
		if l.Name != "" {
			s += "[name=" + q(l.Name, l.NameExact) + "]"
		}
		if l.Nth != nil {
			s += "[nth=" + strconv.Itoa(*l.Nth) + "]"
		}
		for _, st := range [][2]string{{"checked", l.Checked}, {"disabled", l.Disabled}, {"expanded", l.Expanded}, {"selected", l.Selected}, {"pressed", l.Pressed}} {
			switch st[1] {
			case "":
			case "true":
				s += "[" + st[0] + "]"
			default:
				s += "[" + st[0] + "=" + st[1] + "]"
			}
		}
		if l.Level > 0 {
			s += "[level=" + strconv.Itoa(l.Level) + "]"
		}
		return s
	}
	return string(l.Kind) + "=" + q(l.Value, l.Exact)
}

// Target is what an element argument names: a ref, or a locator to
// resolve.
type Target struct {
	Ref     Ref
	Locator *Locator
}

// ParseTarget reads an element argument: a ref (e5, @e5, ref=e5), a
// locator, or a bare CSS selector (see ReadTarget). Anything else is an
// invalid_argument *Error that lists the forms.
func ParseTarget(s string) (Target, error) {
	r, err := ReadTarget(s)
	if err != nil {
		return Target{}, err
	}
	if p, ok := ParseRef(string(r)); ok {
		return Target{Ref: p}, nil
	}
	l, err := ParseLocator(string(r))
	if err != nil {
		return Target{}, err
	}
	return Target{Locator: &l}, nil
}

// knownRole reports whether the snapshot can show role: an ARIA role, or
// one of the snapshot's own (clickable, iframe).
func knownRole(r string) bool {
	switch r {
	case "clickable", "iframe", "alert", "alertdialog", "application", "article", "banner",
		"blockquote", "button", "caption", "cell", "checkbox", "code", "columnheader", "combobox",
		"complementary", "contentinfo", "definition", "deletion", "dialog", "directory",
		"document", "emphasis", "feed", "figure", "form", "generic", "grid", "gridcell", "group",
		"heading", "img", "insertion", "link", "list", "listbox", "listitem", "log", "main",
		"mark", "marquee", "math", "menu", "menubar", "menuitem", "menuitemcheckbox",
		"menuitemradio", "meter", "navigation", "note", "option", "paragraph",
		"progressbar", "radio", "radiogroup", "region", "row", "rowgroup",
		"rowheader", "scrollbar", "search", "searchbox", "separator", "slider", "spinbutton",
		"status", "strong", "subscript", "superscript", "switch", "tab", "table", "tablist",
		"tabpanel", "term", "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid",
		"treeitem":
		return true
	}
	return false
}

// LocateEvent lists the elements a locator matches in a tab (TabID, or the
// active tab), in document order, each with the ref it gets; at most Limit
// of them (zero: 50), with Total counting all. No snapshot is taken.
// Owned by DefaultActionWatchdog; result LocateResult. A malformed locator
// is invalid_argument.
type LocateEvent struct {
	TabID   TargetID
	Locator string
	Limit   int
}

// LocateResult is what LocateEvent found. No match is not an error here.
type LocateResult struct {
	Matches []LocatorMatch `json:"matches"`
	Total   int            `json:"total"`
}
