package session_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/session"
)

// TestDefaultFlagsDoNotDeferTasksAfterInput: the defaults turn off Chrome's
// deferral of page tasks after input, without which every input action
// waits for a frame before the timers its handlers queued run.
func TestDefaultFlagsDoNotDeferTasksAfterInput(t *testing.T) {
	var features string
	for _, f := range session.DefaultFlags() {
		if v, ok := strings.CutPrefix(f, "--disable-features="); ok {
			require.Empty(t, features, "one --disable-features flag: Chrome keeps only the last")
			features = v
		}
	}
	require.Contains(t, strings.Split(features, ","), "DeferRendererTasksAfterInput")
}
