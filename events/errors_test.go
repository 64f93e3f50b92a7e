package events_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestErrorfHasNoTrailingSeparator(t *testing.T) {
	inner := events.Errorf(events.CodeJSException, "boom")
	e := events.Errorf(events.CodeTimeout, "eval timed out: %w", inner)
	require.Equal(t, "eval timed out: boom", e.Error())
	// Nested coded errors made with %w never add a separator either.
	outer := events.Errorf(events.CodeInternal, "running: %w", e)
	require.Equal(t, "running: eval timed out: boom", outer.Error())
	require.False(t, strings.HasSuffix(outer.Error(), ": "))
	require.Equal(t, "plain", events.Errorf(events.CodeInternal, "plain").Error())
}

func TestErrorfKeepsEveryWrappedError(t *testing.T) {
	e := events.Errorf(events.CodeTimeout, "waiting for %s: %w (after %w)", "load", context.DeadlineExceeded, io.EOF)
	require.ErrorIs(t, e, context.DeadlineExceeded)
	require.ErrorIs(t, e, io.EOF)
	require.ErrorIs(t, e, events.ErrTimeout)
	require.Equal(t, "waiting for load: context deadline exceeded (after EOF)", e.Error())

	inner := events.Errorf(events.CodeStaleRef, "ref e1 is gone")
	e2 := events.Errorf(events.CodeInternal, "a: %w; b: %w", inner, io.ErrUnexpectedEOF)
	require.ErrorIs(t, e2, events.ErrStaleRef)
	require.ErrorIs(t, e2, io.ErrUnexpectedEOF)
	var ce *events.Error
	require.True(t, errors.As(e2, &ce))
	require.Equal(t, events.CodeInternal, ce.Code, "As finds the outer error first")
}

func TestNewErrorKeepsItsCauseQuiet(t *testing.T) {
	e := events.NewError(events.CodeCanceled, context.Canceled, "click was cancelled by its caller")
	require.Equal(t, "click was cancelled by its caller", e.Error())
	require.ErrorIs(t, e, context.Canceled)
	require.ErrorIs(t, e, events.ErrCanceled)
	require.Equal(t, "x", events.NewError(events.CodeInternal, nil, "x").Error())
}

func TestErrorWithPlainCauseJoinsWithOneSeparator(t *testing.T) {
	e := &events.Error{Code: events.CodeCDPError, Message: "calling X", Err: io.EOF}
	require.Equal(t, "calling X: EOF", e.Error())
	e = &events.Error{Code: events.CodeCDPError, Message: "calling X", Err: errors.New("")}
	require.Equal(t, "calling X", e.Error())
}
