package session_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/session"
)

// Headed drops --headless, and only that, from the flags a launch uses.
func TestHeadedDropsHeadless(t *testing.T) {
	headless := session.LaunchConfig{}.ChromeFlags()
	require.Contains(t, headless, "--headless")
	headed := session.LaunchConfig{Headed: true}.ChromeFlags()
	require.NotContains(t, headed, "--headless")
	require.Equal(t, slices.DeleteFunc(slices.Clone(headless), func(f string) bool { return f == "--headless" }), headed)
}
