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
	// CodeConnectFailed means a remote endpoint (--cdp, --grid) could not
	// be reached or gave no browser; the message names the URL and what to
	// try.
	CodeConnectFailed Code = "connect_failed"
)

// Error is an error with a code, a message for people and models, and
// optional details. Two Errors match under errors.Is when their codes are
// equal, so the sentinels below work with any instance.
type Error struct {
	Code    Code
	Message string
	Details map[string]any
	Err     error
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = strings.ReplaceAll(string(e.Code), "_", " ")
	}
	if e.Err != nil {
		// A quiet cause (see Errorf) adds nothing, not even ": ".
		if cause := e.Err.Error(); cause != "" {
			return msg + ": " + cause
		}
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches any *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// Errorf returns an *Error with code and a formatted message. A %w verb in
// format wraps its operand as Err.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	e := &Error{Code: code, Message: err.Error()}
	if u, ok := err.(interface{ Unwrap() error }); ok {
		e.Err = u.Unwrap()
		e.Message = err.Error()
		// Keep the message whole; Error() would repeat the wrapped text.
		e.Err = &quiet{e.Err}
	}
	return e
}

// WithDetail returns e with key set in its details.
func (e *Error) WithDetail(key string, v any) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details[key] = v
	return e
}

// quiet wraps an error for errors.Is/As without adding its text again.
type quiet struct{ err error }

func (q *quiet) Error() string { return "" }
func (q *quiet) Unwrap() error { return q.err }

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
)
