package main_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// started runs a CLI command in the background and returns a function that
// waits for its outcome.
func (c *cli) started(args ...string) func() outcome {
	c.t.Helper()
	cmd := c.command(append([]string{"--json"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(c.t, cmd.Start())
	start := time.Now()
	return func() outcome {
		err := cmd.Wait()
		o := outcome{Stdout: out.String(), Stderr: errb.String(), Dur: time.Since(start)}
		if ee, ok := err.(*exec.ExitError); ok {
			o.Exit = ee.ExitCode()
		}
		json.Unmarshal([]byte(o.Stdout), &o.Body)
		return o
	}
}

// daemonInfo is what status says about the daemon and its browser.
func (c *cli) daemonInfo() (daemonPID, browserPID int) {
	c.t.Helper()
	st := c.ok("status")
	d, _ := st["pid"].(float64)
	b, _ := st["browser_pid"].(float64)
	require.NotZero(c.t, d)
	require.NotZero(c.t, b, "status has no browser_pid: %v", st)
	return int(d), int(b)
}

// gone waits, with a generous ceiling, until no process of the process
// group pgid nor the process pid is left.
func gone(t *testing.T, what string, ids ...int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		alive := false
		for _, id := range ids {
			if syscall.Kill(id, 0) == nil || syscall.Kill(-id, 0) == nil {
				alive = true
			}
		}
		if !alive {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still running: %v", what, ids)
		}
		time.Sleep(20 * time.Millisecond) // polling a process table, not synchronising
	}
}

// waitRunning polls until the daemon reports a command in flight.
func (c *cli) waitBusy(wait func() outcome) {
	c.t.Helper()
	// The wait command polls the page; give it a moment to reach the
	// daemon by asking the daemon something else until it answers.
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		if st := c.json("status"); st.Exit == 0 {
			if n, _ := st.Body["commands_in_flight"].(float64); n >= 2 {
				return
			}
		}
		time.Sleep(20 * time.Millisecond) // polling the daemon's status
	}
	c.t.Fatal("the background command never reached the daemon")
}

// TestCLIBrowserKilledDuringWait kills the browser while 'wait --text
// never' runs: the wait returns browser_crashed within 2 s (6 s ceiling on a
// loaded machine), the daemon cleans up and exits, and the next command
// works at once on a fresh browser and says so.
func TestCLIBrowserKilledDuringWait(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("open", srv.MainURL("/first"))
	dpid, bpid := c.daemonInfo()
	wait := c.started("--timeout-ms", "60000", "wait", "--text", "never")
	c.waitBusy(wait)
	killed := time.Now()
	require.NoError(t, syscall.Kill(-bpid, syscall.SIGKILL))
	o := wait()
	require.Equal(t, 1, o.Exit, o.Stdout)
	require.Equal(t, "browser_crashed", o.errCode(), o.Stdout)
	require.Less(t, time.Since(killed), 6*time.Second, "answered within the 2 s promise (3x ceiling)")
	gone(t, "old daemon and browser", dpid, bpid)

	o = c.json("eval", "1+1")
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, float64(2), o.Body["value"])
	require.Contains(t, o.Body["notice"], "died")
	c.ok("open", srv.MainURL("/second"))
	require.Equal(t, "second", c.ok("eval", "document.title")["value"])
	_, bpid2 := c.daemonInfo()
	require.NotEqual(t, bpid, bpid2)
	c.ok("close")
	gone(t, "browser after close", bpid2)
}

// TestCLICloseDuringCommand closes the session while a command runs: the
// command returns session_closed (not browser_crashed), the daemon and its
// browser are gone, and the next command starts afresh.
func TestCLICloseDuringCommand(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("open", srv.MainURL("/first"))
	dpid, bpid := c.daemonInfo()
	wait := c.started("--timeout-ms", "60000", "wait", "--text", "never")
	c.waitBusy(wait)
	closed := time.Now()
	require.Equal(t, true, c.ok("close")["closed"])
	o := wait()
	require.Equal(t, 1, o.Exit, o.Stdout)
	require.Equal(t, "session_closed", o.errCode(), o.Stdout)
	require.Less(t, time.Since(closed), 6*time.Second, "answered within the 2 s promise (3x ceiling)")
	gone(t, "daemon and browser after close", dpid, bpid)

	o = c.json("eval", "1+1")
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Nil(t, o.Body["notice"], "a deliberate close is no surprise")
	c.ok("open", srv.MainURL("/second"))
	require.Equal(t, "second", c.ok("eval", "document.title")["value"])
}

// TestCLIDaemonKilled kills the daemon with SIGKILL: its browser goes with
// it, and the next command starts a fresh one with a notice that says the
// daemon died.
func TestCLIDaemonKilled(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("open", srv.MainURL("/first"))
	dpid, bpid := c.daemonInfo()
	require.NoError(t, syscall.Kill(dpid, syscall.SIGKILL))
	gone(t, "killed daemon and its browser", dpid, bpid)
	_, err := filepath.Glob(filepath.Join(c.home, "*.sock"))
	require.NoError(t, err)

	o := c.json("eval", "1+1")
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, float64(2), o.Body["value"])
	notice, _ := o.Body["notice"].(string)
	require.True(t, strings.Contains(notice, "daemon") && strings.Contains(notice, "died"), "notice: %q", notice)
	// Only once.
	require.Nil(t, c.ok("eval", "1")["notice"])
	c.ok("open", srv.MainURL("/second"))
	require.Equal(t, "second", c.ok("eval", "document.title")["value"])
}
