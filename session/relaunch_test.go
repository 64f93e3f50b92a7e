package session_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// fakeStarts writes a browser for Launch.Path that counts its starts in a
// file and dies at once on each of the first dies starts; later starts run
// chrome. It returns the script's path and a function that reads the count.
func fakeStarts(t *testing.T, chrome string, dies int) (string, func() int) {
	t.Helper()
	dir := t.TempDir()
	count := filepath.Join(dir, "starts")
	script := filepath.Join(dir, "chrome.sh")
	text := "#!/bin/sh\necho start >> '" + count + "'\n" +
		"if [ \"$(wc -l < '" + count + "')\" -gt " + string(rune('0'+dies)) + " ]; then exec '" + chrome + "' \"$@\"; fi\n" +
		"echo 'the browser crashed while it started' >&2\nexit 3\n"
	require.NoError(t, os.WriteFile(script, []byte(text), 0o700))
	return script, func() int {
		b, err := os.ReadFile(count)
		require.NoError(t, err)
		return strings.Count(string(b), "start")
	}
}

// TestStartRelaunchesABrowserThatDiedStarting: a launched browser that dies
// before it answers its first call is launched once more and the session
// works; one that dies every time is no browser after two launches, with
// what it printed.
func TestStartRelaunchesABrowserThatDiedStarting(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()

	path, starts := fakeStarts(t, chrome, 1)
	s, err := standard.Start(ctx, session.Config{Launch: session.LaunchConfig{Path: path}})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.Equal(t, 2, starts(), "the browser is launched again once")
	require.Equal(t, "2", evalString(t, s, "String(1+1)"))

	path, starts = fakeStarts(t, chrome, 9)
	_, err = standard.Start(ctx, session.Config{Launch: session.LaunchConfig{Path: path}})
	require.ErrorIs(t, err, session.ErrNoBrowser)
	require.Contains(t, err.Error(), "the browser crashed while it started")
	require.Equal(t, 2, starts(), "a browser that dies every time is launched twice, no more")
}
