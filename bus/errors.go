package bus

import (
	"context"
	"errors"
	"fmt"
)

var (
	// ErrBusClosed is returned by Dispatch once Close has been called, so that
	// a late publisher fails at once instead of waiting on a bus that nobody
	// serves any more. Dispatches in flight when Close is called end with an
	// error wrapping it as well.
	ErrBusClosed = errors.New("the session's event bus is closed")

	// ErrVetoed is matched by the error of a dispatch that a guard refused.
	// The guard's own error is wrapped too, so errors.As still finds it.
	ErrVetoed = errors.New("event vetoed")

	// ErrNoHandler is returned when a request is dispatched without an
	// owner (or a gathered one without contributors), because an event
	// nobody answers is almost always a wiring mistake that should not pass
	// silently.
	ErrNoHandler = errors.New("no handler")

	// ErrOwnerConflict is matched by the error of Handle when the request
	// type already has an owner (the message names both), and of Handle and
	// Contribute when a type would get both an owner and contributors.
	ErrOwnerConflict = errors.New("one owner per request")

	// ErrGuardsSealed is logged when a guard is registered after
	// SealGuards: guards are registered while a session's components
	// attach, never later.
	ErrGuardsSealed = errors.New("guards are registered only while the session's components attach")
)

// ErrTimeout is matched by the error of a dispatch whose deadline passed
// before its guards and handlers finished. It also matches
// context.DeadlineExceeded, so callers that only know the context package
// still recognise it.
var ErrTimeout error = timeoutError{}

// timeoutError is the type of ErrTimeout. It is a distinct type rather than
// errors.New so that it can report itself as context.DeadlineExceeded too.
type timeoutError struct{}

func (timeoutError) Error() string { return "the request did not finish before its deadline" }

// Is reports true for context.DeadlineExceeded, which ErrTimeout refines.
func (timeoutError) Is(target error) bool { return target == context.DeadlineExceeded }

// Timeout reports true, matching the net.Error convention.
func (timeoutError) Timeout() bool { return true }

// PanicError is the error recorded for a guard or handler that panicked.
// The bus recovers the panic so that one faulty handler cannot take the
// whole process, and every other session, down with it.
type PanicError struct {
	// Handler is the name the guard or handler was registered under.
	Handler string
	// Value is the value passed to panic.
	Value any
	// Stack is the panicking goroutine's stack, for the log and trace.
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("an internal error stopped %s (%v); this is a bug, please report it with the session's log", e.Handler, e.Value)
}

// Unwrap returns the panic value when it is an error, so that errors.Is can
// see through a panic(err) to err.
func (e *PanicError) Unwrap() error {
	if err, ok := e.Value.(error); ok {
		return err
	}
	return nil
}

// VetoError is the error of a dispatch that a guard refused. It matches
// ErrVetoed and wraps the guard's error, and it names the guard so that a
// trace can say who stopped the event.
type VetoError struct {
	// Guard is the name the vetoing guard was registered under.
	Guard string
	// Err is the error the guard returned, or a *PanicError if it panicked.
	Err error
}

// Error is the guard's own message, which says why the request was
// refused in the user's terms; Guard names who refused it, for traces.
func (e *VetoError) Error() string { return e.Err.Error() }

// Unwrap exposes both ErrVetoed and the guard's error to errors.Is and
// errors.As.
func (e *VetoError) Unwrap() []error { return []error{ErrVetoed, e.Err} }

// errExited is recorded for a handler that ended its goroutine with
// runtime.Goexit (for example t.FailNow) instead of returning.
var errExited = errors.New("handler exited without returning")

// HandlerError is the error of a guard or handler as a dispatch returns
// it. It names the event and the handler for traces and logs, but its
// message is the handler's own: what a user reads carries no Go type and
// no name of the bus's plumbing.
type HandlerError struct {
	// Event is the event's Go type, such as "events.ClickElementEvent".
	Event string
	// Handler is the name the handler was registered under.
	Handler string
	// Err is the handler's error.
	Err error
}

func (e *HandlerError) Error() string { return e.Err.Error() }

// Unwrap returns the handler's error.
func (e *HandlerError) Unwrap() error { return e.Err }

// DispatchError is the error of a dispatch that failed as a whole (the bus
// was closed, nothing answers the event, its deadline passed, a guard
// vetoed it). Its message names the request in words (see Words), never
// its Go type, which Event holds for traces.
type DispatchError struct {
	// Event is the event's Go type, such as "events.ClickElementEvent".
	Event string
	// Words names the event for the message.
	Words string
	// Err is why the dispatch failed; it matches ErrBusClosed,
	// ErrNoHandler, ErrTimeout, ErrVetoed or a cancellation.
	Err error
}

func (e *DispatchError) Error() string {
	switch {
	case errors.Is(e.Err, ErrVetoed), errors.As(e.Err, new(*HandlerError)):
		return e.Err.Error() // the guard or handler said why
	case errors.Is(e.Err, ErrBusClosed):
		return e.Words + ": the session is closed"
	case errors.Is(e.Err, ErrNoHandler):
		return e.Words + ": nothing in this session answers it (no watchdog handles it)"
	}
	return e.Words + ": " + e.Err.Error()
}

// Unwrap returns why the dispatch failed.
func (e *DispatchError) Unwrap() error { return e.Err }
