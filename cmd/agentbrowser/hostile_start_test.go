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
	"syscall"
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

// TestHostileOddArguments: odd command lines (unicode, empty or
// path-like session names, bytes that are not UTF-8, NaN coordinates,
// unknown flags, a runtime directory whose socket path would be too long
// for a unix socket) each get a clear code, none starts a daemon it
// should not, and none is internal.
func TestHostileOddArguments(t *testing.T) {
	c := newCLI(t)
	for _, tc := range []struct {
		args []string
		code string
		exit int
	}{
		{[]string{"--session", "café", "eval", "1"}, "invalid_argument", 2},
		{[]string{"--session", "", "eval", "1"}, "invalid_argument", 2},
		{[]string{"--session", "../x", "eval", "1"}, "invalid_argument", 2},
		{[]string{"--session", strings.Repeat("s", 65), "eval", "1"}, "invalid_argument", 2},
		{[]string{"--session", "a\x1b[2Jb", "eval", "1"}, "invalid_argument", 2},
		{[]string{""}, "invalid_argument", 2},
		{[]string{"eval", "1", "--frobnicate"}, "invalid_argument", 2},
		{[]string{"--timeout-ms=", "eval", "1"}, "invalid_argument", 2},
		{[]string{"click", "--xy", "NaN,NaN"}, "invalid_argument", 1},
		{[]string{"click", "--xy", "Inf,1"}, "invalid_argument", 1},
		{[]string{"resize", "99999999999999999999", "1"}, "invalid_argument", 2},
		{[]string{"--idle-timeout", "1ms", "eval", "1"}, "invalid_argument", 2},
	} {
		o := c.json(tc.args...)
		requireCode(t, o, tc.code, tc.exit, hostileCeiling)
		if r, bad := rawControl(o.Stdout); bad {
			t.Errorf("%q: a raw U+%04X in the output", tc.args, r)
		}
	}
	_, err := os.Stat(filepath.Join(c.home, "default.sock"))
	require.True(t, os.IsNotExist(err), "an odd command line started a daemon")

	long := filepath.Join(t.TempDir(), strings.Repeat("d", 100))
	require.NoError(t, os.Mkdir(long, 0o700))
	o := runEnv(t, []string{"AGENTBROWSER_HOME=" + long}, "eval", "1")
	requireUnusable(t, o, "AGENTBROWSER_HOME", long)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "unix socket")

	// Bytes that are not UTF-8 reach the page as U+FFFD: a script error
	// with a code, never a crash.
	testutil.RequireChrome(t)
	// serve for a session that has a daemon exits at once, saying so.
	c.ok("eval", "1")
	requireCode(t, c.json("serve"), "invalid_argument", 1, hostileCeiling)
	o = c.json("eval", "'\xff\xfe'")
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, "\ufffd\ufffd", o.Body["value"])
}

// TestHostileSignalsToTheDaemon: SIGHUP, SIGTERM and SIGINT sent to a
// daemon each stop it as close does (its browser and profile gone, no
// notice of a death on the next command); the next command starts afresh.
func TestHostileSignalsToTheDaemon(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		c.ok("eval", "1")
		daemon, browser := c.daemonInfo()
		_, profile := recordedBrowser(t, c)
		require.NoError(t, syscall.Kill(daemon, sig))
		gone(t, sig.String()+": the daemon and its browser", daemon, browser)
		_, err := os.Stat(profile)
		require.True(t, os.IsNotExist(err), "%v: the profile %s is left", sig, profile)
		r := c.ok("eval", "1+1")
		require.NotContains(t, r, "notice", "%v: a stop on a signal is no death", sig)
	}
}

// TestHostileBrowserThatWillNotStart: a CHROME_BIN that exits at once, is
// not executable, is a directory or does not exist is no_browser; one that
// never answers is timeout within the budget, and close ends it.
func TestHostileBrowserThatWillNotStart(t *testing.T) {
	dir := t.TempDir()
	hang := filepath.Join(dir, "hang.sh")
	require.NoError(t, os.WriteFile(hang, []byte("#!/bin/sh\nexec sleep 600\n"), 0o700))
	for _, bin := range []string{"/bin/false", "/etc/passwd", dir, filepath.Join(dir, "missing")} {
		home := t.TempDir()
		env := []string{"AGENTBROWSER_HOME=" + home, "CHROME_BIN=" + bin}
		o := runEnv(t, env, "--timeout-ms", "20000", "eval", "1")
		requireCode(t, o, "no_browser", 1, 3*20*time.Second)
		runEnv(t, env, "close")
	}
	home := t.TempDir()
	env := []string{"AGENTBROWSER_HOME=" + home, "CHROME_BIN=" + hang}
	o := runEnv(t, env, "--timeout-ms", "2000", "eval", "1")
	requireCode(t, o, "timeout", 1, 3*2*time.Second+5*time.Second)
	require.Equal(t, true, runEnv(t, env, "close").Body["closed"])
	c := &cli{t: t, home: home}
	c.noneLeft(t, "after close of a browser that never answered")
}

// TestHostileRuntimeFilesRemoved: when someone removes a running daemon's
// socket (or its lock file), the daemon notices and exits, so the next
// command gets a fresh daemon instead of waiting on one nobody can reach;
// either way one daemon and one browser are left.
func TestHostileRuntimeFilesRemoved(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	for _, f := range []string{"default.sock", "default.lock"} {
		c.ok("eval", "1")
		daemon, _ := c.daemonInfo()
		require.NoError(t, os.Remove(filepath.Join(c.home, f)))
		o := c.json("eval", "1+1")
		require.Less(t, o.Dur, hostileCeiling)
		if o.Exit != 0 {
			// With the lock removed, the old daemon may take the command
			// and notice the removal while it runs: it says so, and the
			// next command gets a fresh daemon.
			require.Equal(t, "default.lock", f, o.Stdout)
			requireCode(t, o, "session_closed", 1, hostileCeiling)
			require.Contains(t, o.Body["error"].(map[string]any)["message"], "lock file was removed")
			o = c.json("eval", "1+1")
		}
		require.Equal(t, 0, o.Exit, "after removing %s: %s", f, o.Stdout)
		gone(t, "the daemon whose "+f+" was removed", daemon)
		c.ok("eval", "1") // (with the lock removed, the old daemon answered the first)
		daemons, browsers, all := c.sessionProcs()
		require.Len(t, daemons, 1, "%+v", all)
		require.Len(t, browsers, 1, "%+v", all)
	}
}
