package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestThinClientIsAnsweredByTheDaemon makes sure the thin client runs its
// command lines on a warm daemon itself: with the full binary out of
// reach, a command handed over to it would fail, so every line below must
// have been parsed and printed by the thin client and run by the daemon.
// (A daemon that refused the thin client's requests would send every
// command through the full binary, twice the cost, and only this test
// notices.)
func TestThinClientIsAnsweredByTheDaemon(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(func() { run(t, home, full, "--session", "direct", "close") })
	page := `data:text/html,<title>direct</title><button onclick="window.n=(window.n||0)+1">Go</button>`
	o := run(t, home, full, "--session", "direct", "--allow-scheme", "data", "open", page)
	require.Zero(t, o.exit, o.stderr)

	for _, tc := range []struct {
		args []string
		exit int
		want string
	}{
		{[]string{"eval", "1+1", "--json"}, 0, `"value":2`},
		{[]string{"snapshot", "--json"}, 0, `"ok":true`},
		{[]string{"click", "e1", "--json"}, 0, `"ok":true`},
		{[]string{"eval", "window.n", "--json"}, 0, `"value":2`}, // a click per client
		{[]string{"eval", "1+", "--json"}, 1, `"ok":false`},
		{[]string{"click", "--json"}, 2, `"invalid_argument"`},
	} {
		for _, c := range clients() {
			o := runEnv(t, home, []string{"AGENTBROWSER_FULL=" + filepath.Join(home, "no-full-binary")}, c, append([]string{"--session", "direct"}, tc.args...)...)
			require.Equal(t, tc.exit, o.exit, "%s: %v: %s", filepath.Base(c), tc.args, o.stdout)
			require.True(t, strings.Contains(o.stdout, tc.want), "%s: %v: %s", filepath.Base(c), tc.args, o.stdout)
		}
	}
}

// TestOldDaemonHandsBackARebuiltClientsLine: after a rebuild puts a new
// full binary next to the thin client, a daemon started from the old file
// must not run the thin client's requests with its old code; it runs
// nothing and exits, and the new full binary runs the line (here a
// stand-in that says it ran).
func TestOldDaemonHandsBackARebuiltClientsLine(t *testing.T) {
	for _, c := range clients() {
		t.Run(filepath.Base(c), func(t *testing.T) {
			home, bin := t.TempDir(), t.TempDir()
			myThin, myFull := filepath.Join(bin, "agentbrowser"), filepath.Join(bin, "agentbrowser-full")
			copyFile(t, c, myThin)
			copyFile(t, full, myFull)
			t.Cleanup(func() { run(t, home, full, "--session", "rebuilt", "close") })
			o := run(t, home, myFull, "--session", "rebuilt", "--allow-scheme", "data", "open", "data:text/html,<title>old</title>")
			require.Zero(t, o.exit, o.stderr)

			o = run(t, home, myThin, "--session", "rebuilt", "eval", "1+1", "--json")
			require.Zero(t, o.exit, o.stderr)
			require.Contains(t, o.stdout, `"value":2`)

			// The rebuild: a new file in place of the old one, as go build
			// and make build write it.
			next := myFull + ".new"
			require.NoError(t, os.WriteFile(next, []byte("#!/bin/sh\necho '{\"ran_by\":\"rebuilt binary\"}'\n"), 0o700))
			require.NoError(t, os.Rename(next, myFull))

			o = run(t, home, myThin, "--session", "rebuilt", "eval", "1+1", "--json")
			require.Zero(t, o.exit, o.stderr)
			require.Contains(t, o.stdout, `"ran_by":"rebuilt binary"`, "the old daemon answered a line meant for the new build")
		})
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, b, 0o700))
}
