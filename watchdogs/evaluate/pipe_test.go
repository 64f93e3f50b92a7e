package evaluate_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// overPipe makes start launch a session's own browser over
// --remote-debugging-pipe instead of connecting to the shared browser's
// websocket. Only TestOverPipe sets it; the tests run one at a time.
var overPipe bool

// TestOverPipe runs the engine's tests on a launched browser's pipe, where
// the engine has no second connection and keeps its isolation with its
// own browser session and target sessions on the one transport.
func TestOverPipe(t *testing.T) {
	tests := []struct {
		name string
		f    func(*testing.T)
	}{
		{"EngineIsIsolated", testEngineIsIsolatedOnPipe},
		{"HungScriptTimesOutAndTabStaysUsable", TestHungScriptTimesOutAndTabStaysUsable},
		{"NeverResolvingPromiseTimesOut", TestNeverResolvingPromiseTimesOut},
		{"CancellingTheCallerTerminatesTheScript", TestCancellingTheCallerTerminatesTheScript},
		{"StuckTabDoesNotDelayAnotherTab", TestStuckTabDoesNotDelayAnotherTab},
		{"DialogDoesNotHangTheEngine", TestDialogDoesNotHangTheEngine},
		{"PageAlreadySpinning", TestPageAlreadySpinning},
		{"FrameEvaluate", TestFrameEvaluate},
		{"ValueRoundTrips", TestValueRoundTrips},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			overPipe = true
			defer func() { overPipe = false }()
			tc.f(t)
		})
	}
}

// testEngineIsIsolatedOnPipe checks that the session is piped, that the
// engine ran on its own sessions (not the fallback), and that the engine's
// sessions never became tabs or targets of the session.
func testEngineIsIsolatedOnPipe(t *testing.T) {
	s := start(t)
	require.True(t, s.Piped())
	require.Empty(t, s.Endpoint(), "a piped browser has no websocket endpoint")
	tab := activeTab(t, s)
	before := s.Tabs()
	for range 3 {
		r := eval(t, s, events.EvaluateEvent{TabID: tab, Expression: "1+1"})
		require.EqualValues(t, 2, r.Value)
		require.Equal(t, events.EngineIsolated, r.Engine)
	}
	require.Equal(t, before, s.Tabs(), "the engine's attachments are not the agent's tabs")
	st := stats(t, s)
	require.Zero(t, st.Fallbacks, "no fallback on a pipe: %+v", st)
}
