package evaluate

import "github.com/agentbrowser/agentbrowser/events"

// blocking is the error of an evaluation a dialog stands in front of.
func blocking(info *events.DialogInfo) error {
	return events.Errorf(events.CodeDialogBlocking,
		"a JavaScript %s dialog (%q) blocks the page", info.Type, info.Message).WithNext(events.StepAnswerDialog).
		WithDetails(events.ErrorDetails{Dialog: info})
}
