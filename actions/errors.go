package actions

import (
	"context"
	"errors"
	"strings"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/session"
)

// ErrorBody is the JSON shape of an error.
type ErrorBody struct {
	Code    events.Code    `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

// Describe maps any error from this module to its code and message.
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
	var re *rpcc.ResponseError
	code := events.CodeInternal
	switch {
	case errors.Is(err, session.ErrNoBrowser):
		code = events.CodeNoBrowser
	case errors.Is(err, session.ErrClosed):
		// Closed on purpose, not lost: the caller or another one closed
		// the session.
		code = events.CodeSessionClosed
	case errors.Is(err, session.ErrBrowserCrashed), errors.Is(err, cdpmux.ErrDisconnected),
		errors.Is(err, bus.ErrBusClosed), errors.Is(err, cdpmux.ErrClosed):
		code = events.CodeBrowserCrashed
	case errors.Is(err, bus.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		code = events.CodeTimeout
	case errors.Is(err, session.ErrTabNotFound), errors.Is(err, session.ErrNoTab):
		code = events.CodeTabNotFound
	case errors.As(err, &re):
		code = events.CodeCDPError
		if strings.Contains(re.Message, "Cannot find context") || strings.Contains(re.Message, "No node with given id") {
			code = events.CodeStaleRef
		}
	case errors.Is(err, cdpmux.ErrSessionDetached):
		code = events.CodeTabNotFound
	case errors.Is(err, context.Canceled):
		code = events.CodeTimeout
	}
	return ErrorBody{Code: code, Message: err.Error()}
}

// Code returns err's code.
func Code(err error) events.Code { return Describe(err).Code }
