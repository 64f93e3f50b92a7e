package events

import (
	"fmt"
	"strconv"
	"strings"
)

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
