package bus

import (
	"errors"
	"time"
)

// HandlerResult is the outcome of one guard or handler in a dispatch.
type HandlerResult struct {
	// Handler is the name given to Handle, Contribute or Guard.
	Handler string
	// Value is what the handler returned, boxed; nil for guards.
	Value any
	// Err is the handler's error, a *PanicError, or an error matching
	// ErrTimeout or context.Canceled if the dispatch ended first.
	Err error
	// Duration is how long the dispatch waited for the handler.
	Duration time.Duration

	// owner marks the result of the event's owner (see Handle).
	owner bool
}

// Result describes one dispatch: every guard and handler that ran, in order.
// Handlers that were not started because the deadline passed or a guard
// vetoed are absent.
type Result struct {
	EventID  uint64
	ParentID uint64 // zero for a top-level event
	Type     string // the event's Go type, e.g. "events.ClickEvent"
	// words names the event for messages (see Words).
	words    string
	Guards   []HandlerResult
	Handlers []HandlerResult
	Started  time.Time
	Duration time.Duration
}

// Err joins the errors of all handlers, each a *HandlerError naming its
// handler, or returns nil if every handler succeeded. Guard errors are not
// included: a veto is reported by Dispatch's own error.
func (r *Result) Err() error {
	if r == nil {
		return nil
	}
	var errs []error
	for _, h := range r.Handlers {
		if h.Err != nil {
			errs = append(errs, &HandlerError{Event: r.Type, Handler: h.Handler, Err: h.Err})
		}
	}
	return errors.Join(errs...)
}
