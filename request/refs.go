package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Element arguments are events.Target values, parsed where they enter
// (events.ParseTarget) and checked here only for what a Go program may
// build by hand (Target.Validate).

// checkTargets checks that each set target is well formed.
func checkTargets(ts ...events.Target) error {
	for _, t := range ts {
		if err := t.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// needTarget checks an element argument a request cannot do without.
func needTarget(what string, t events.Target) error {
	if t.IsZero() {
		return events.Errorf(events.CodeInvalidArgument, "%s needs a ref or a locator", what).WithNext(events.StepSnapshot)
	}
	return t.Validate()
}

func invalid(format string, args ...any) *events.Error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}
