package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// ParseRef reads an element argument as agents write it: a ref (e5, @e5
// or ref=e5), returned in its canonical form, a locator (css=...,
// text=..., role=button[name="Save"], label=..., placeholder=...,
// testid=..., A >> B; see events.ParseLocator), returned as written once
// its form is checked, or a bare CSS selector, returned as css=SELECTOR.
// Anything else is invalid_argument, listing the forms; a malformed
// locator's error names the part that is wrong.
func ParseRef(s string) (events.Ref, error) {
	return events.ReadTarget(s)
}

// checkRefs checks that each set ref is in its canonical form (e5), as
// ParseRef leaves it, or a well-formed locator.
func checkRefs(refs ...events.Ref) error {
	for _, r := range refs {
		if r == "" {
			continue
		}
		if events.IsLocator(string(r)) {
			if _, err := events.ParseLocator(string(r)); err != nil {
				return err
			}
			continue
		}
		if p, ok := events.ParseRef(string(r)); !ok || p != r {
			return events.Errorf(events.CodeInvalidArgument, "malformed ref %q: %s", r, events.TargetForms).WithNext(events.StepSnapshot)
		}
	}
	return nil
}

// needRef checks a ref a request cannot do without.
func needRef(what string, r events.Ref) error {
	if r == "" {
		return events.Errorf(events.CodeInvalidArgument, "%s needs a ref or a locator", what).WithNext(events.StepSnapshot)
	}
	return checkRefs(r)
}

func invalid(format string, args ...any) *events.Error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}
