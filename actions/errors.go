package actions

import (
	"context"
	"errors"
	"reflect"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/session"
)

// ErrorBody is the JSON shape of an error.
type ErrorBody struct {
	Code    events.Code         `json:"code"`
	Message string              `json:"message"`
	Details events.ErrorDetails `json:"details,omitzero"`
}

// Describe maps any error from this module to its code and message. A
// coded error (*events.Error) anywhere in the chain speaks for itself: the
// layer where the failure happened chose its code. Other errors are
// classified by identity (errors.Is against the sentinels of the layers
// below), never by matching their text.
func Describe(err error) ErrorBody {
	if err == nil {
		return ErrorBody{}
	}
	var ce *events.Error
	if errors.As(err, &ce) {
		// The coded error's own text says what happened; the layers that
		// wrapped it on the way up (bus, dispatch) add only noise.
		return ErrorBody{Code: ce.Code, Message: ce.Error(), Details: ce.Details}
	}
	return ErrorBody{Code: classify(err), Message: errorText(err)}
}

// errorText is err's message, with what the CDP library says of a failed
// call (its "cdp.Page: CaptureScreenshot: rpc error: ... (code = -32000)")
// put in protocol terms: the method as the protocol names it and what
// the browser answered.
func errorText(err error) string {
	method, inner := failedCall(err)
	if method == "" {
		return err.Error()
	}
	var re *rpcc.ResponseError
	if errors.As(inner, &re) {
		why := re.Message
		if re.Data != "" {
			why += " (" + re.Data + ")"
		}
		return "the browser refused " + method + ": " + why
	}
	return method + " failed: " + strings.TrimPrefix(inner.Error(), "rpcc: ")
}

// failedCall finds the CDP library's record of a failed call in err's
// chain (a struct with the protocol's Domain and Op) and returns the
// method ("Page.captureScreenshot") and the error it wraps.
func failedCall(err error) (method string, inner error) {
	for e := err; e != nil; e = errors.Unwrap(e) {
		v := reflect.ValueOf(e)
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			continue
		}
		d, op, in := v.FieldByName("Domain"), v.FieldByName("Op"), v.FieldByName("Err")
		if !d.IsValid() || !op.IsValid() || !in.IsValid() || d.Kind() != reflect.String || op.Kind() != reflect.String {
			continue
		}
		inner, _ := in.Interface().(error)
		name := op.String()
		if name != "" {
			name = strings.ToLower(name[:1]) + name[1:]
		}
		if inner == nil {
			inner = errors.New("no answer")
		}
		return d.String() + "." + name, inner
	}
	return "", nil
}

// classify picks the code of an error that carries none, by the sentinel
// errors of the layers it came through.
func classify(err error) events.Code {
	var re *rpcc.ResponseError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, session.ErrNoBrowser):
		return events.CodeNoBrowser
	case errors.Is(err, session.ErrClosed):
		// Closed on purpose, not lost: the caller or another one closed
		// the session.
		return events.CodeSessionClosed
	case errors.Is(err, session.ErrBrowserCrashed), errors.Is(err, cdpmux.ErrDisconnected),
		errors.Is(err, bus.ErrBusClosed), errors.Is(err, cdpmux.ErrClosed):
		return events.CodeBrowserCrashed
	case errors.Is(err, bus.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return events.CodeTimeout
	case errors.Is(err, context.Canceled):
		return events.CodeCanceled
	case errors.Is(err, session.ErrTabNotFound), errors.Is(err, session.ErrNoTab), errors.Is(err, cdpmux.ErrSessionDetached):
		return events.CodeTabNotFound
	case errors.As(err, &re):
		return events.CodeCDPError
	}
	return events.CodeInternal
}

// Code returns err's code.
func Code(err error) events.Code { return Describe(err).Code }
