package events

import "fmt"

// DialogBlocks is the dialog_blocking error of work that the JS dialog d
// keeps from running (work says what: "the locator cannot run", "it
// cannot be read"; empty for "the page"): one message for every surface
// and command, naming the dialog's type, id and text, with the step to
// answer it (each surface names its own command or tool for that).
func DialogBlocks(d DialogInfo, work string) *Error {
	id := ""
	if d.ID != "" {
		id = " " + d.ID
	}
	msg := fmt.Sprintf("a %s dialog%s (%q) blocks the page", d.Type, id, d.Message)
	if work != "" {
		msg += ", so " + work
	}
	info := d
	return Errorf(CodeDialogBlocking, "%s", msg).WithNext(StepAnswerDialog).
		WithDetails(ErrorDetails{DialogID: d.ID, Type: d.Type, Message: new(d.Message), TabID: d.TabID, Dialog: &info})
}
