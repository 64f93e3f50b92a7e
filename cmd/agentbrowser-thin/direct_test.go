package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestThinClientIsAnsweredByTheDaemon makes sure a warm daemon runs the
// thin client's command lines itself: with the full binary out of reach, a
// command handed over to it would fail, so every line below must have
// been parsed, run and printed by the daemon. (A daemon that refused argv
// requests once sent every command through the full binary, twice the
// cost, and only this test notices.)
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
		{[]string{"eval", "window.n", "--json"}, 0, `"value":1`},
		{[]string{"eval", "1+", "--json"}, 1, `"ok":false`},
		{[]string{"click", "--json"}, 2, `"invalid_argument"`},
	} {
		cmd := exec.Command(thin, append([]string{"--session", "direct"}, tc.args...)...)
		cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home, "AGENTBROWSER_FULL="+filepath.Join(home, "no-full-binary"))
		out, err := cmd.Output()
		exit := 0
		if ee, ok := err.(*exec.ExitError); ok {
			exit = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		require.Equal(t, tc.exit, exit, "%v: %s", tc.args, out)
		require.True(t, strings.Contains(string(out), tc.want), "%v: %s", tc.args, out)
	}
}
