package request

import (
	"context"
	"errors"

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

// FaultOf describes err: a coded error (*events.Error) anywhere in its
// chain by its code, message without the next step, the step and the
// details; a context's end as timeout or canceled; anything else as
// internal. Errors from a session arrive coded: runner.Browser codes them
// (actions.Coded) before they leave it.
func FaultOf(err error) Fault {
	if err == nil {
		return Fault{}
	}
	var ce *events.Error
	if errors.As(err, &ce) {
		return Fault{Code: ce.Code, Message: ce.Fact(), Next: ce.Next, Details: ce.Details}
	}
	code := events.CodeInternal
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		code = events.CodeTimeout
	case errors.Is(err, context.Canceled):
		code = events.CodeCanceled
	}
	return Fault{Code: code, Message: err.Error()}
}

// Err turns f back into a coded error, for a client that received it.
func (f Fault) Err() error {
	return &events.Error{Code: f.Code, Message: f.Message, Details: f.Details, Next: f.Next}
}

// Say is f as a surface shows it: the message and then the next step in
// the surface's words (steps it has no words for are said as they are).
func (f Fault) Say(words map[events.Step]string) events.ErrorBody {
	msg := f.Message
	if f.Next != "" {
		next, ok := words[f.Next]
		if !ok {
			next = string(f.Next)
		}
		msg += "; " + next
	}
	return events.ErrorBody{Code: f.Code, Message: msg, Details: f.Details}
}
