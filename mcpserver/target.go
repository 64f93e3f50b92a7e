package mcpserver

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// Tools name the element they act on as Playwright MCP's do, by target,
// and as ours did before, by ref; both are accepted, and the schemas say
// so. Every element argument goes through parseTarget, so what a target may
// be (a ref or a locator, as request.ParseRef reads them) is
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
func (a elementArgs) element(required bool) (events.Ref, error) {
	return parseTarget("target", a.Target, "ref", a.Ref, required)
}

// parseTarget reads an element argument given as target (named tname) or
// ref (named rname): the two must agree when both are given, and one is
// needed when required.
func parseTarget(tname, target, rname, ref string, required bool) (events.Ref, error) {
	switch {
	case target == "" && ref == "":
		if !required {
			return "", nil
		}
		return "", events.Errorf(events.CodeInvalidArgument, "%s is missing: give the element's ref from the page snapshot, such as e5, or a locator (or %s)", tname, rname).WithNext(events.StepSnapshot)
	case target == "":
		return request.ParseRef(ref)
	case ref == "":
		return request.ParseRef(target)
	}
	t, err := request.ParseRef(target)
	if err != nil {
		return "", err
	}
	r, err := request.ParseRef(ref)
	if err != nil {
		return "", err
	}
	if t != r {
		return "", events.Errorf(events.CodeInvalidArgument, "%s %q and %s %q name two elements: give one", tname, target, rname, ref)
	}
	return t, nil
}
