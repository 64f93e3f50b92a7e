package main_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
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

// runEnv runs the binary with the environment of the test process less
// the variables that choose directories, plus env, and decodes its --json
// output.
func runEnv(t *testing.T, env []string, args ...string) outcome {
	t.Helper()
	return runAs(t, exec.Command(bin, append([]string{"--json"}, args...)...), env)
}

func runAs(t *testing.T, cmd *exec.Cmd, env []string) outcome {
	t.Helper()
	for _, e := range os.Environ() {
		switch strings.SplitN(e, "=", 2)[0] {
		case "AGENTBROWSER_HOME", "XDG_RUNTIME_DIR", "TMPDIR":
		default:
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	o := outcome{Stdout: out.String(), Stderr: errb.String(), Dur: time.Since(start)}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		o.Exit = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	require.NoError(t, json.Unmarshal([]byte(o.Stdout), &o.Body), "stdout: %s\nstderr: %s", o.Stdout, o.Stderr)
	return o
}

// requireUnusable checks that o is dir_unusable naming variable and path.
func requireUnusable(t *testing.T, o outcome, variable, path string) {
	t.Helper()
	requireCode(t, o, "dir_unusable", 1, hostileCeiling)
	e := o.Body["error"].(map[string]any)
	require.Contains(t, e["message"], variable)
	require.Contains(t, e["message"], path)
	d := e["details"].(map[string]any)
	require.Equal(t, variable, d["variable"])
	require.Equal(t, path, d["path"])
}

// TestHostileUnusableDirectories: a runtime directory (chosen by TMPDIR,
// XDG_RUNTIME_DIR or AGENTBROWSER_HOME) or a temporary directory for the
// browser's profile that is missing, not a directory or not writable is
// dir_unusable, naming the variable and the path; nothing is created
// outside an existing directory.
func TestHostileUnusableDirectories(t *testing.T) {
	base := t.TempDir()
	missing := filepath.Join(base, "missing")
	file := filepath.Join(base, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o600))

	o := runEnv(t, []string{"TMPDIR=" + filepath.Join(missing, "tmp")}, "eval", "1")
	requireUnusable(t, o, "TMPDIR", filepath.Join(missing, "tmp", fmt.Sprintf("agentbrowser-%d", os.Getuid())))
	o = runEnv(t, []string{"TMPDIR=" + file}, "sessions")
	requireUnusable(t, o, "TMPDIR", filepath.Join(file, fmt.Sprintf("agentbrowser-%d", os.Getuid())))
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "not a directory")
	o = runEnv(t, []string{"XDG_RUNTIME_DIR=" + filepath.Join(missing, "run")}, "eval", "1")
	requireUnusable(t, o, "XDG_RUNTIME_DIR", filepath.Join(missing, "run", "agentbrowser"))
	o = runEnv(t, []string{"AGENTBROWSER_HOME=" + filepath.Join(missing, "home")}, "close")
	requireUnusable(t, o, "AGENTBROWSER_HOME", filepath.Join(missing, "home"))
	_, err := os.Stat(missing)
	require.ErrorIs(t, err, fs.ErrNotExist, "something was created under a missing directory")

	// The runtime directory is fine, the browser's temporary directory is
	// not: the launch says so.
	testutil.RequireChrome(t)
	home := filepath.Join(base, "home")
	require.NoError(t, os.Mkdir(home, 0o700))
	env := []string{"AGENTBROWSER_HOME=" + home, "TMPDIR=" + filepath.Join(missing, "tmp")}
	t.Cleanup(func() { runEnv(t, env, "close") })
	o = runEnv(t, env, "eval", "1")
	requireUnusable(t, o, "TMPDIR", filepath.Join(missing, "tmp"))
	_, err = os.Stat(missing)
	require.ErrorIs(t, err, fs.ErrNotExist, "something was created under a missing directory")
}

// TestHostileReadOnlyTempDir: as a user who may not write to TMPDIR (the
// user nobody, TMPDIR a directory of root's), the runtime directory is
// dir_unusable naming TMPDIR, not internal.
func TestHostileReadOnlyTempDir(t *testing.T) {
	testutil.RequireRoot(t)
	exeDir := t.TempDir()
	require.NoError(t, os.Chmod(exeDir, 0o755))
	exe := filepath.Join(exeDir, "agentbrowser")
	b, err := os.ReadFile(bin)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(exe, b, 0o755))
	ro := t.TempDir()
	require.NoError(t, os.Chmod(ro, 0o755))
	nobody, err := user.Lookup("nobody")
	require.NoError(t, err)
	o := runAs(t, testutil.AsNobody(exe, "--json", "eval", "1"), []string{"TMPDIR=" + ro})
	requireUnusable(t, o, "TMPDIR", filepath.Join(ro, "agentbrowser-"+nobody.Uid))
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "may not create")
}
