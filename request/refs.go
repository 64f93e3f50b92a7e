package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// ParseRef reads a ref as agents write it (e5, @e5 or ref=e5). A malformed
// one is invalid_argument, with the step that gives good ones.
func ParseRef(s string) (events.Ref, error) {
	r, ok := events.ParseRef(s)
	if !ok {
		return "", events.Errorf(events.CodeInvalidArgument, "malformed ref %q: want e5, @e5 or ref=e5", s).WithNext(events.StepSnapshot)
	}
	return r, nil
}

// checkRefs checks that each set ref is in its canonical form (e5), as
// ParseRef leaves it.
func checkRefs(refs ...events.Ref) error {
	for _, r := range refs {
		if r == "" {
			continue
		}
		if p, ok := events.ParseRef(string(r)); !ok || p != r {
			return events.Errorf(events.CodeInvalidArgument, "malformed ref %q: want e5", r).WithNext(events.StepSnapshot)
		}
	}
	return nil
}

// needRef checks a ref a request cannot do without.
func needRef(what string, r events.Ref) error {
	if r == "" {
		return events.Errorf(events.CodeInvalidArgument, "%s needs a ref", what).WithNext(events.StepSnapshot)
	}
	return checkRefs(r)
}

func invalid(format string, args ...any) *events.Error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}
