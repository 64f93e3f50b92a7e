package evaluate

import (
	"errors"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

var (
	// errEngineClosed is returned once the session's engine was detached.
	errEngineClosed = errors.New("evaluate engine closed")
	// errDialogOpened is the cause that ends an evaluation's context when a
	// dialog opens in its tab.
	errDialogOpened = errors.New("a dialog opened")
)

// responseMessage returns the message of a CDP error reply, or "".
func responseMessage(err error) string {
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		return re.Message
	}
	return ""
}

// classify gives a failed CDP call its code. Element evaluations (node) and
// frame evaluations (frame) lose their context when the page moves on,
// which is a stale ref or a missing frame rather than a protocol error. A
// lost connection is the engine's own when it ran isolated.
func classify(err error, node bool, frame events.FrameID, isolated bool) error {
	msg := responseMessage(err)
	if sz, ok := cdpmux.TooLarge(err); ok {
		// The connection's cap is twice the result cap (a string comes
		// back twice, as value and as deep value); the cap named is the
		// result's.
		return resultTooLarge(sz.Size, (sz.Cap-replySlack)/2, "the browser's reply was")
	}
	switch {
	case errors.Is(err, cdpmux.ErrSessionDetached), errors.Is(err, cdpmux.ErrUnknownSession):
		// Chrome detached the engine's session: its target went away.
		switch {
		case node:
			return events.Errorf(events.CodeStaleRef, "the element's frame went away during the evaluation: %w", err).WithNext(events.StepSnapshot)
		case frame != "":
			return events.Errorf(events.CodeFrameNotFound, "frame %s went away during the evaluation: %w", frame, err)
		}
		return events.Errorf(events.CodeTabNotFound, "the tab went away during the evaluation: %w", err)
	case isolated && (errors.Is(err, cdpmux.ErrDisconnected) || errors.Is(err, cdpmux.ErrClosed)):
		// The engine's own connection, not necessarily the browser's:
		// the next evaluation dials again.
		return events.Errorf(events.CodeCDPError, "the evaluate connection was lost: %w", err)
	case msg == "":
		return err
	case strings.Contains(msg, "exception during deep serialization"):
		// The value ran script of its own as it was read (a getter, a
		// Proxy trap) and that threw.
		return events.Errorf(events.CodeJSException, "the script ran, but its value could not be read: reading it ran the page's own code (a getter or a Proxy), which threw; return plain data (a copy of the fields you need): %w", err)
	case strings.Contains(msg, "Execution was terminated"):
		return events.Errorf(events.CodeTimeout, "the script was terminated (another evaluation on this tab ran out of budget): %w", err)
	case strings.Contains(msg, "No node with given id"), strings.Contains(msg, "Could not find node"),
		strings.Contains(msg, "No node found"):
		return events.Errorf(events.CodeStaleRef, "the element is gone: %w", err).WithNext(events.StepSnapshot)
	case strings.Contains(msg, "Cannot find context with specified id"), strings.Contains(msg, "Execution context was destroyed"),
		strings.Contains(msg, "Inspected target navigated or closed"):
		switch {
		case node:
			return events.Errorf(events.CodeStaleRef, "the element's document went away during the evaluation: %w", err).WithNext(events.StepSnapshot)
		case frame != "":
			return events.Errorf(events.CodeFrameNotFound, "frame %s navigated or went away during the evaluation: %w", frame, err)
		}
		return events.Errorf(events.CodeCDPError, "the page navigated during the evaluation: %w", err)
	}
	return events.Errorf(events.CodeCDPError, "evaluating: %w", err)
}

// resultTooLarge is the error of a result above the cap: what happened,
// the sizes, and what to do instead.
func resultTooLarge(size, cap int64, what string) error {
	return events.Errorf(events.CodeResultTooLarge,
		"the result is larger than the cap of %d bytes (%s %d bytes); the script ran, and what it changed in the page stays changed, only its value is not returned: return less (a slice, a length, a summary) or raise --max-result-bytes",
		cap, what, size).WithDetails(events.ErrorDetails{Size: size, Cap: cap})
}
