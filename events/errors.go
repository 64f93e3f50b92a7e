package events

import (
	"fmt"
	"strings"
)

// Code is a stable, machine-readable error code. Codes are part of the CLI's
// public contract: add freely, never rename.
type Code string

// The codes in use.
const (
	CodeTimeout          Code = "timeout"
	CodeNavigationFailed Code = "navigation_failed"
	CodeNoBrowser        Code = "no_browser"
	CodeBrowserCrashed   Code = "browser_crashed"
	// CodeSessionClosed: the session was closed on purpose (the close
	// command, Close) while the request ran or before it started.
	CodeSessionClosed Code = "session_closed"
	// CodeTargetCrashed: the tab's renderer crashed; a navigation or a
	// reload recovers it.
	CodeTargetCrashed    Code = "target_crashed"
	CodeInvalidArgument  Code = "invalid_argument"
	CodeCDPError         Code = "cdp_error"
	CodeStaleRef         Code = "stale_ref"
	CodeUnknownRef       Code = "unknown_ref"
	CodeElementCovered   Code = "element_covered"
	CodeNotFound         Code = "not_found"
	CodeTabNotFound      Code = "tab_not_found"
	CodeDialogBlocking   Code = "dialog_blocking"
	CodeNoDialog         Code = "no_dialog"
	CodeFrameNotFound    Code = "frame_not_found"
	CodeSameOriginFrame  Code = "same_origin_frame"
	CodeJSException      Code = "js_exception"
	CodeEvaluateDisabled Code = "evaluate_disabled"
	CodeInternal         Code = "internal"
	// CodeVersionMismatch: the session's daemon runs another build of
	// agentbrowser than the CLI that called it, and is busy.
	CodeVersionMismatch Code = "version_mismatch"
	// CodeCanceled: the caller gave up (its context was cancelled) before
	// the command finished.
	CodeCanceled Code = "canceled"
	// CodeConnectFailed means a remote endpoint (--cdp, --grid) could not
	// be reached or gave no browser; the message names the URL and what to
	// try.
	CodeConnectFailed Code = "connect_failed"
	// CodeResultTooLarge: a result is larger than the session's cap.
	CodeResultTooLarge Code = "result_too_large"
	// CodePageUnstable: the page kept replacing its document, so no
	// snapshot could be taken within the budget.
	CodePageUnstable Code = "page_unstable"
	// CodeDirUnusable: a directory agentbrowser needs (the runtime
	// directory, the temporary directory a browser's profile goes in)
	// does not exist, or cannot be created or written; the message and
	// ErrorDetails name the environment variable that chose it and the
	// path. Nothing was started.
	CodeDirUnusable Code = "dir_unusable"
	// CodeOutputFailed: the CLI could not write a command's output (a full
	// disk, a closed pipe); the command itself may have run. Printed on
	// standard error, with exit code 1.
	CodeOutputFailed Code = "output_failed"
	// CodeAmbiguousLocator: a locator given where one element is needed
	// matched several; ErrorDetails.Matches lists the first, with refs.
	CodeAmbiguousLocator Code = "ambiguous_locator"
	// CodeElementNotFound: a locator matched no element.
	CodeElementNotFound Code = "element_not_found"
	// CodeNotApplied: an action that sets something (type, fill, select,
	// check, upload) was carried out, but what the page shows afterwards
	// is not what was asked: a handler rejected or rewrote the value, or
	// the element ignored the input. The message and ErrorDetails.Shown
	// say what the page shows instead.
	CodeNotApplied Code = "not_applied"
)

// Every code a command can fail with is a constant of type Code declared
// in this package; a test in cmd/agentbrowser reads them with go/ast and
// checks each one is documented in docs/cli.md.

// Error is an error with a code, a message for people and models, and
// optional details. Two Errors match under errors.Is when their codes are
// equal, so the sentinels below work with any instance.
type Error struct {
	Code    Code
	Message string
	Details ErrorDetails
	Err     error
	// Next is the step the error advises, said once, after the message
	// (see Step); empty when the message needs none.
	Next Step
}

// Error is the message, the wrapped error's text where the message does
// not hold it already, and the next step.
func (e *Error) Error() string {
	if e.Next == "" {
		return e.Fact()
	}
	return e.Fact() + "; " + string(e.Next)
}

// Fact is what failed: Error without the next step, for a surface that
// words the step in its own terms.
func (e *Error) Fact() string {
	msg := e.Message
	if msg == "" {
		msg = strings.ReplaceAll(string(e.Code), "_", " ")
	}
	if e.Err == nil {
		return msg
	}
	if _, q := e.Err.(*quiet); q {
		// Errorf already wrote the wrapped text into Message.
		return msg
	}
	if inner := e.Err.Error(); inner != "" {
		return msg + ": " + inner
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches any *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Errorf returns an *Error with code and a message formatted as
// fmt.Errorf formats it. Every %w operand stays reachable through
// errors.Is and errors.As (one or several), and the message is the
// formatted text as it is, with nothing appended.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	e := &Error{Code: code, Message: err.Error()}
	switch err.(type) {
	case interface{ Unwrap() error }, interface{ Unwrap() []error }:
		// Keep the message whole; the wrapped errors are reached through
		// the formatted error's own Unwrap.
		e.Err = &quiet{err}
	}
	return e
}

// NewError returns an *Error with code, a formatted message and cause as
// its wrapped error: cause stays reachable through errors.Is and errors.As
// but its text is not added to the message, which says what failed in the
// caller's words.
func NewError(code Code, cause error, format string, args ...any) *Error {
	e := &Error{Code: code, Message: fmt.Sprintf(format, args...)}
	if cause != nil {
		e.Err = &quiet{fmt.Errorf("%w", cause)}
	}
	return e
}

// WithDetails returns e with its details set to d.
func (e *Error) WithDetails(d ErrorDetails) *Error {
	e.Details = d
	return e
}

// WithExtra returns e with key set to v's JSON form in its details' Extra,
// for a plugin's own keys. A value JSON cannot encode is left out.
func (e *Error) WithExtra(key string, v any) *Error {
	_ = e.Details.SetExtra(key, v)
	return e
}

// quiet holds the error fmt.Errorf made, for errors.Is/As, without adding
// its text to the Error's message again.
type quiet struct{ err error }

func (q *quiet) Error() string { return q.err.Error() }

// Unwrap returns the errors the format's %w verbs wrapped.
func (q *quiet) Unwrap() []error {
	switch u := q.err.(type) {
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	}
	return nil
}

// Sentinels for errors.Is.
var (
	ErrTimeout          = &Error{Code: CodeTimeout}
	ErrNavigationFailed = &Error{Code: CodeNavigationFailed}
	ErrInvalidArgument  = &Error{Code: CodeInvalidArgument}
	ErrStaleRef         = &Error{Code: CodeStaleRef}
	ErrUnknownRef       = &Error{Code: CodeUnknownRef}
	ErrElementCovered   = &Error{Code: CodeElementCovered}
	ErrDialogBlocking   = &Error{Code: CodeDialogBlocking}
	ErrNoDialog         = &Error{Code: CodeNoDialog}
	ErrFrameNotFound    = &Error{Code: CodeFrameNotFound}
	ErrJSException      = &Error{Code: CodeJSException}
	ErrEvaluateDisabled = &Error{Code: CodeEvaluateDisabled}
	ErrCDP              = &Error{Code: CodeCDPError}
	ErrNotFound         = &Error{Code: CodeNotFound}
	ErrCanceled         = &Error{Code: CodeCanceled}
	ErrConnectFailed    = &Error{Code: CodeConnectFailed}
	ErrResultTooLarge   = &Error{Code: CodeResultTooLarge}
	ErrPageUnstable     = &Error{Code: CodePageUnstable}
	ErrAmbiguousLocator = &Error{Code: CodeAmbiguousLocator}
	ErrElementNotFound  = &Error{Code: CodeElementNotFound}
	ErrNotApplied       = &Error{Code: CodeNotApplied}
)
