package mcpserver

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Tools name the element they act on as Playwright MCP's do, by target,
// and as ours did before, by ref; both are accepted, and the schemas say
// so. Every element argument goes through parseTarget, so what a target may
// be (a ref or a locator, as events.ParseTarget reads them) is
// decided in one place.

// elementArgs name one element: target or ref, and a human description
// for messages.
type elementArgs struct {
	Target  string `json:"target,omitempty" jsonschema:"the element: its ref from the page snapshot, such as e5, or a locator: role=button[name=\"Save\"], text=Save, label=Email, placeholder=Search, testid=save, css=#save (ref is the same argument under its older name)"`
	Ref     string `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
	Element string `json:"element,omitempty" jsonschema:"a short human description of the element, used in messages"`
}

func (a elementArgs) elementName() string { return a.Element }

// element reads the element the arguments name; required says whether
// the tool needs one.
func (a elementArgs) element(required bool) (events.Target, error) {
	return parseTarget("target", a.Target, "ref", a.Ref, required)
}

// parseTarget reads an element argument given as target (named tname) or
// ref (named rname): the two must agree when both are given, and one is
// needed when required.
func parseTarget(tname, target, rname, ref string, required bool) (events.Target, error) {
	switch {
	case target == "" && ref == "":
		if !required {
			return events.Target{}, nil
		}
		return events.Target{}, events.Errorf(events.CodeInvalidArgument, "%s is missing: give the element's ref from the page snapshot, such as e5, or a locator (or %s)", tname, rname).WithNext(events.StepSnapshot)
	case target == "":
		return events.ParseTarget(ref)
	case ref == "":
		return events.ParseTarget(target)
	}
	t, err := events.ParseTarget(target)
	if err != nil {
		return events.Target{}, err
	}
	r, err := events.ParseTarget(ref)
	if err != nil {
		return events.Target{}, err
	}
	if t.String() != r.String() {
		return events.Target{}, events.Errorf(events.CodeInvalidArgument, "%s %q and %s %q name two elements: give one", tname, target, rname, ref)
	}
	return t, nil
}
