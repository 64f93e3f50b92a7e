package main_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// sessionProcs splits the live processes started for c (its daemons, and
// everything they started, found by c's AGENTBROWSER_HOME in their
// environment) into daemons and the browsers the daemons launched.
func (c *cli) sessionProcs() (daemons, browsers, all []testutil.Proc) {
	all = testutil.WithEnv("AGENTBROWSER_HOME=" + c.home)
	isDaemon := map[int]bool{}
	for _, p := range all {
		if p.Exe == bin {
			daemons = append(daemons, p)
			isDaemon[p.PID] = true
		}
	}
	for _, p := range all {
		if p.Exe != bin && isDaemon[p.PPID] {
			browsers = append(browsers, p)
		}
	}
	return daemons, browsers, all
}

// noneLeft waits, with a ceiling, until nothing started for c runs.
func (c *cli) noneLeft(t *testing.T, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, _, all := c.sessionProcs()
		if len(all) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still running: %+v", what, all)
		}
		time.Sleep(50 * time.Millisecond) // polling /proc: no event says a process ended
	}
}

// TestHostileRacingStartsMakeOneDaemon: ten commands that start the same
// session at once get one daemon and one browser; close ends them, and no
// daemon that lost the race takes their place. Ten rounds.
func TestHostileRacingStartsMakeOneDaemon(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	for round := range 10 {
		var waits []func() outcome
		for range 10 {
			waits = append(waits, c.started("eval", "1+1"))
		}
		for i, w := range waits {
			o := w()
			require.Equal(t, 0, o.Exit, "round %d, command %d: %s %s", round, i, o.Stdout, o.Stderr)
			require.Equal(t, float64(2), o.Body["value"])
		}
		daemons, browsers, all := c.sessionProcs()
		require.Len(t, daemons, 1, "round %d: daemons %+v", round, all)
		require.Len(t, browsers, 1, "round %d: browsers %+v", round, all)
		require.Equal(t, true, c.ok("close")["closed"])
		c.noneLeft(t, "after close")
		require.Equal(t, false, c.ok("close")["closed"], "round %d: a daemon took the closed one's place", round)
	}
}

// TestHostileFirstCommandKeepsItsBudget: a session's first command spends
// its budget on starting the daemon and launching the browser too. One
// whose budget is far shorter than a launch answers timeout within it
// (ceiling: three times the budget, plus a process start); the browser
// goes on starting, and the next command uses it: one daemon, one browser.
func TestHostileFirstCommandKeepsItsBudget(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	o := c.json("--timeout-ms", "150", "eval", "1")
	requireCode(t, o, "timeout", 1, 3*150*time.Millisecond+5*time.Second)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "run the command again")
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
	daemons, browsers, all := c.sessionProcs()
	require.Len(t, daemons, 1, "%+v", all)
	require.Len(t, browsers, 1, "%+v", all)
}
