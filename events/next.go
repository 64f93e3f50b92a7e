package events

// Step is the next step an error advises, in words that name no surface.
// An error carries at most one (Error.Next) and its message never repeats
// it, so each surface can say it once in its own terms: the CLI names its
// commands, the MCP server its tools, and a Go caller reads the words
// below. Steps outside this list are printed as they are.
type Step string

// The steps the surfaces word in their own terms.
const (
	// StepSnapshot: the ref is stale or unknown; take a new snapshot and
	// use its refs.
	StepSnapshot Step = "take a new snapshot"
	// StepListTabs: the tab named is not there or not unique.
	StepListTabs Step = "list the tabs"
	// StepListFrames: the frame named is not there or not unique.
	StepListFrames Step = "list the frames"
	// StepAnswerDialog: a JS dialog blocks the page; answer it first.
	StepAnswerDialog Step = "answer or dismiss the dialog first"
	// StepListDialogs: the dialog named is not pending.
	StepListDialogs Step = "list the dialogs"
)

// WithNext returns e with its next step set to s.
func (e *Error) WithNext(s Step) *Error {
	e.Next = s
	return e
}
