package request

import (
	"errors"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Fault is a failed request as it travels between a daemon and its
// clients: the code, what failed, the next step apart from it, and the
// details. Each surface words the step in its own terms (Say), so that
// advice is said once and in the surface's words.
type Fault struct {
	Code    events.Code         `json:"code"`
	Message string              `json:"message"`
	Next    events.Step         `json:"next,omitempty"`
	Details events.ErrorDetails `json:"details,omitzero"`
}

// FaultOf describes err: its code and details as actions.Describe finds
// them, its message without the next step, and the step.
func FaultOf(err error) Fault {
	b := actions.Describe(err)
	f := Fault{Code: b.Code, Message: b.Message, Details: b.Details}
	var ce *events.Error
	if errors.As(err, &ce) {
		f.Message, f.Next = ce.Fact(), ce.Next
	}
	return f
}

// Err turns f back into a coded error, for a client that received it.
func (f Fault) Err() error {
	return &events.Error{Code: f.Code, Message: f.Message, Details: f.Details, Next: f.Next}
}

// Say is f as a surface shows it: the message and then the next step in
// the surface's words (steps it has no words for are said as they are).
func (f Fault) Say(words map[events.Step]string) actions.ErrorBody {
	msg := f.Message
	if f.Next != "" {
		next, ok := words[f.Next]
		if !ok {
			next = string(f.Next)
		}
		msg += "; " + next
	}
	return actions.ErrorBody{Code: f.Code, Message: msg, Details: f.Details}
}
