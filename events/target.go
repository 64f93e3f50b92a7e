package events

import (
	"encoding/json"
	"strings"
)

// Target is what an element argument names: a ref from a snapshot, or a
// locator to resolve to one element. It is parsed once, where it enters
// (the CLI's command line, an MCP tool's input, a request read off the
// wire: ParseTarget), and travels parsed; its JSON form is the text agents
// write, so that a request reads as a command line does:
//
//	"e5"                              Target{Ref: "e5"}
//	"role=button[name=\"Save\"]"      Target{Locator: &Locator{Kind: LocateRole, Value: "button", Name: "Save", NameExact: true}}
//	"css=#save"                       Target{Locator: &Locator{Kind: LocateCSS, Value: "#save"}}
//
// A Go program may build one directly; Validate checks it as ParseTarget
// would. The zero Target names nothing.
type Target struct {
	Ref     Ref
	Locator *Locator
	// text is a parsed locator as it was written, which messages and the
	// owner's results echo; empty for a ref or a Target built in Go.
	text string
}

// ParseTarget reads an element argument as agents write it: a ref (e5,
// @e5 or ref=e5), a locator (css=..., text=..., role=button[name="Save"],
// label=..., placeholder=..., testid=..., A >> B; see ParseLocator), or a
// bare CSS selector, read as css=SELECTOR ('#save' is css=#save, and
// 'form >> role=button' is css=form >> role=button). What is none of them
// (an @ or ref= that is not a ref, a selector that is plainly not CSS, a
// malformed locator) is an invalid_argument *Error: one that lists the
// forms, or for a locator one that names the part that is wrong. It is
// the one parser of element arguments: every surface and every owner
// reads them with it, so that one text says what is wrong.
func ParseTarget(s string) (Target, error) {
	if r, ok := ParseRef(s); ok {
		return Target{Ref: r}, nil
	}
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "@") || strings.HasPrefix(t, "ref=") {
		return Target{}, Errorf(CodeInvalidArgument, "malformed ref %q: a ref is e followed by digits, such as e5, @e5 or ref=e5; %s", s, TargetForms).WithNext(StepSnapshot)
	}
	if IsLocator(t) {
		l, err := ParseLocator(t)
		if err != nil {
			return Target{}, err
		}
		text := s
		if len(l.Scopes) > 0 {
			// A chain is written back whole, its bare CSS steps with css=.
			text = l.String()
		}
		return Target{Locator: &l, text: text}, nil
	}
	var l Locator
	var err error
	if len(splitChain(t)) > 1 {
		l, err = ParseLocator(t)
	} else {
		l, err = bareCSS(t)
	}
	if err != nil {
		return Target{}, err
	}
	return Target{Locator: &l, text: l.String()}, nil
}

// ReadTarget is ParseTarget's result in the form the events carry in
// their Ref fields (Target.AsRef): a ref in its canonical form (e5 for
// e5, @e5 or ref=e5), a locator as written (a chain, and a bare CSS
// selector, written with css=).
func ReadTarget(s string) (Ref, error) {
	t, err := ParseTarget(s)
	if err != nil {
		return "", err
	}
	return t.AsRef(), nil
}

// IsZero reports whether t names nothing.
func (t Target) IsZero() bool { return t.Ref == "" && t.Locator == nil }

// String is t as agents write it: the ref, or the locator (as it was
// written when ParseTarget read it).
func (t Target) String() string {
	switch {
	case t.Ref != "":
		return string(t.Ref)
	case t.Locator == nil:
		return ""
	case t.text != "":
		return t.text
	}
	return t.Locator.String()
}

// AsRef is t in the form an event's Ref field carries an element argument
// (ClickElementEvent.Ref, WaitEvent.Gone, ...): its text.
func (t Target) AsRef() Ref { return Ref(t.String()) }

// Validate checks a Target built in Go as ParseTarget checks text: a ref
// in its canonical form (e5), or a well-formed locator, not both. The
// zero Target passes; whether one is needed is the caller's to say.
func (t Target) Validate() error {
	switch {
	case t.Ref != "" && t.Locator != nil:
		return Errorf(CodeInvalidArgument, "an element is a ref or a locator, not both (ref %s, locator %s)", t.Ref, t.Locator)
	case t.Ref != "":
		p, err := ParseTarget(string(t.Ref))
		if err != nil {
			return err
		}
		if p.Ref != t.Ref {
			// @e5, ref=e5 or a locator: a Target holds a ref as e5.
			return Errorf(CodeInvalidArgument, "malformed ref %q: %s", t.Ref, TargetForms).WithNext(StepSnapshot)
		}
	case t.Locator != nil && t.text == "":
		if _, err := ParseLocator(t.Locator.String()); err != nil {
			return err
		}
	}
	return nil
}

// MarshalJSON writes t as its text (String).
func (t Target) MarshalJSON() ([]byte, error) { return json.Marshal(t.String()) }

// UnmarshalJSON reads t from its text with ParseTarget; "" is the zero
// Target.
func (t *Target) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		// A wrong JSON type: the decoder names the argument.
		return err
	}
	if s == "" {
		*t = Target{}
		return nil
	}
	p, err := ParseTarget(s)
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// MustParseTarget is ParseTarget for a target written in a program's
// source, as regexp.MustCompile is for an expression: it panics when s is
// malformed.
func MustParseTarget(s string) Target {
	t, err := ParseTarget(s)
	if err != nil {
		panic("events.MustParseTarget(" + s + "): " + err.Error())
	}
	return t
}
