package standard_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The example plugin, unit-tested against the scripted fake browser.
func TestTitleWatchdogWithoutChrome(t *testing.T) {
	p := watchdogtest.NewPeer(t)
	p.Handle("Runtime.evaluate", func(c watchdogtest.Call) (any, error) {
		return map[string]any{"result": map[string]any{"type": "string", "value": "Scripted title"}}, nil
	})
	a := watchdogtest.Start(t, p, NewTitleWatchdog())

	title, err := bus.Ask(t.Context(), a.Session.Bus(), TitleEvent{})
	require.NoError(t, err)
	require.Equal(t, "Scripted title", title)
	require.Len(t, p.Calls("Runtime.evaluate"), 1)
}
