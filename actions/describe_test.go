package actions_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mafredri/cdp/rpcc"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/errcodes"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestMain runs the package's tests; those that need a browser share
// testkit's, which Main stops, and Main fails the run when a goroutine
// outlived the tests.
func TestMain(m *testing.M) { testkit.Main(m) }

// dispatched wraps err the way the bus does on the way up.
func dispatched(err error) error {
	return &bus.DispatchError{Event: "events.ClickEvent", Words: "click", Err: &bus.HandlerError{Event: "events.ClickEvent", Handler: "default_action", Err: err}}
}

// TestDescribeCoversEveryCode feeds Describe, for every code the module
// declares, a coded error as a handler returns it and wrapped as the bus
// returns it, and for the errors without a code, each sentinel of the
// layers below. A code added to events is covered without editing this
// test; one Describe loses fails it.
func TestDescribeCoversEveryCode(t *testing.T) {
	codes, err := errcodes.FromDir("../events")
	require.NoError(t, err)
	require.NotEmpty(t, codes)
	for _, c := range codes {
		t.Run(c.Value, func(t *testing.T) {
			code := events.Code(c.Value)
			for _, e := range []error{
				events.Errorf(code, "what failed; the next step"),
				dispatched(events.Errorf(code, "what failed: %w", context.DeadlineExceeded)),
				dispatched(events.NewError(code, errors.New("cause"), "what failed")),
			} {
				got := actions.Describe(e)
				require.Equal(t, code, got.Code, "%v", e)
				require.NotEmpty(t, got.Message)
				require.NotContains(t, got.Message, "events.", "a message must not name a Go type")
				require.False(t, strings.HasSuffix(got.Message, ": "), "trailing separator in %q", got.Message)
			}
		})
	}

	// Errors without a code are classified by identity, never by text.
	table := []struct {
		err  error
		want events.Code
	}{
		{nil, ""},
		{session.ErrNoBrowser, events.CodeNoBrowser},
		{fmt.Errorf("launching: %w", session.ErrNoBrowser), events.CodeNoBrowser},
		{session.ErrBrowserCrashed, events.CodeBrowserCrashed},
		{session.ErrClosed, events.CodeSessionClosed},
		{dispatched(cdpmux.ErrDisconnected), events.CodeBrowserCrashed},
		{cdpmux.ErrClosed, events.CodeBrowserCrashed},
		{bus.ErrBusClosed, events.CodeBrowserCrashed},
		{dispatched(bus.ErrTimeout), events.CodeTimeout},
		{context.DeadlineExceeded, events.CodeTimeout},
		{dispatched(context.Canceled), events.CodeCanceled},
		{fmt.Errorf("x: %w", session.ErrTabNotFound), events.CodeTabNotFound},
		{session.ErrNoTab, events.CodeTabNotFound},
		{dispatched(cdpmux.ErrSessionDetached), events.CodeTabNotFound},
		{dispatched(&rpcc.ResponseError{Code: -32000, Message: "No node with given id found"}), events.CodeCDPError},
		{errors.New("something else"), events.CodeInternal},
		// A coded error wins over the sentinels it wraps.
		{events.Errorf(events.CodeStaleRef, "ref e1 is stale: %w", &rpcc.ResponseError{Message: "No node with given id found"}), events.CodeStaleRef},
		{events.Errorf(events.CodeCanceled, "stopped: %w", context.DeadlineExceeded), events.CodeCanceled},
	}
	for _, tc := range table {
		require.Equal(t, tc.want, actions.Describe(tc.err).Code, "%v", tc.err)
	}
	for _, c := range []events.Code{events.CodeNoBrowser, events.CodeBrowserCrashed, events.CodeTimeout,
		events.CodeCanceled, events.CodeTabNotFound, events.CodeCDPError, events.CodeInternal} {
		found := false
		for _, tc := range table {
			found = found || tc.want == c
		}
		require.True(t, found, "no uncoded error maps to %s", c)
	}
}

// opError has the shape of the CDP library's record of a failed call.
type opError struct {
	Domain, Op string
	Err        error
}

func (e *opError) Error() string { return "cdp." + e.Domain + ": " + e.Op + ": " + e.Err.Error() }
func (e *opError) Unwrap() error { return e.Err }

// A failed CDP call is told in protocol terms, never as the CDP library's
// Go names.
func TestDescribeWordsAFailedCall(t *testing.T) {
	err := fmt.Errorf("capturing screenshot: %w", &opError{Domain: "Page", Op: "CaptureScreenshot",
		Err: &rpcc.ResponseError{Code: -32000, Message: "Unable to capture screenshot"}})
	got := actions.Describe(err)
	require.Equal(t, events.CodeCDPError, got.Code)
	require.Equal(t, "the browser refused Page.captureScreenshot: Unable to capture screenshot", got.Message)
	require.NotContains(t, got.Message, "cdp.Page")

	err = &opError{Domain: "DOM", Op: "Focus", Err: errors.New("rpcc: the connection is closing")}
	require.Equal(t, "DOM.focus failed: the connection is closing", actions.Describe(err).Message)
}
