package main_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// cleanupCeiling bounds the wait for a daemon to finish exiting; it only
// turns a leak into a failure and is never a timing assertion.
const cleanupCeiling = 20 * time.Second

// privateTemp gives the test (and the daemons it starts, which inherit the
// environment) a temp dir of its own, so that only this session's files
// can be there. Its path is short like /tmp's: Chromium keeps a unix
// socket under it.
func privateTemp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "ab-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	t.Setenv("TMPDIR", dir)
	return dir
}

// kept are the runtime files that outlive a session on purpose: the lock
// (never removed, so two daemons can never hold two different files), the
// daemon's log, and the note that its browser died, which the next command
// reports and removes.
var kept = []string{".lock", ".log", ".crashed"}

// leftovers lists what of the session remains: everything in the temp dir,
// and runtime files other than the kept ones.
func leftovers(t *testing.T, c *cli, tmp string) []string {
	t.Helper()
	var out []string
	ents, _ := os.ReadDir(tmp)
	for _, e := range ents {
		out = append(out, filepath.Join(tmp, e.Name()))
	}
	ents, _ = os.ReadDir(c.home)
	for _, e := range ents {
		keep := false
		for _, k := range kept {
			keep = keep || strings.HasSuffix(e.Name(), k)
		}
		if !keep {
			out = append(out, filepath.Join(c.home, e.Name()))
		}
	}
	return out
}

// requireNothingLeft waits, within the ceiling, for the session's daemon to
// finish exiting, and fails listing what remains.
func requireNothingLeft(t *testing.T, c *cli, tmp string) {
	t.Helper()
	deadline := time.Now().Add(cleanupCeiling)
	for len(leftovers(t, c, tmp)) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	require.Empty(t, leftovers(t, c, tmp))
}

// running starts a session on a page and checks that it has what must be
// cleaned up: a profile in the temp dir, a socket and a browser record.
func running(t *testing.T, c *cli, tmp, url string) (browserPID int, profile string) {
	t.Helper()
	c.ok("open", url)
	browserPID, profile = recordedBrowser(t, c)
	require.Equal(t, tmp, filepath.Dir(profile))
	fi, err := os.Stat(profile)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "the profile is private")
	require.FileExists(t, filepath.Join(c.home, "default.sock"))
	for _, p := range leftovers(t, c, tmp) {
		ok := p == profile || strings.HasSuffix(p, ".sock") || strings.HasSuffix(p, ".browser")
		require.True(t, ok, "unexpected file %s while running", p)
	}
	return browserPID, profile
}

// recordedBrowser reads the pid and profile the default session's daemon
// recorded for its browser.
func recordedBrowser(t *testing.T, c *cli) (pid int, profile string) {
	t.Helper()
	var rec struct {
		Profile string `json:"profile"`
		PID     int    `json:"pid"`
	}
	b, err := os.ReadFile(filepath.Join(c.home, "default.browser"))
	require.NoError(t, err, "the daemon records its browser")
	require.NoError(t, json.Unmarshal(b, &rec))
	require.Positive(t, rec.PID)
	return rec.PID, rec.Profile
}

func TestNothingLeftAfterClose(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	tmp := privateTemp(t)
	running(t, c, tmp, srv.MainURL("/counter"))
	c.ok("close")
	requireNothingLeft(t, c, tmp)
}

func TestNothingLeftAfterTheBrowserIsKilled(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	tmp := privateTemp(t)
	pid, _ := running(t, c, tmp, srv.MainURL("/counter"))
	require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
	requireNothingLeft(t, c, tmp)
}

func TestNothingLeftAfterTheDaemonIsKilled(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	tmp := privateTemp(t)
	_, profile := running(t, c, tmp, srv.MainURL("/counter"))
	daemon := int(c.ok("status")["pid"].(float64))
	require.NoError(t, syscall.Kill(daemon, syscall.SIGKILL))
	// SIGKILL is asynchronous: wait until the dead daemon's socket refuses
	// connections, as it does once the process is gone.
	sock := filepath.Join(c.home, "default.sock")
	deadline := time.Now().Add(cleanupCeiling)
	for {
		conn, err := net.Dial("unix", sock)
		if err != nil {
			break
		}
		conn.Close()
		require.True(t, time.Now().Before(deadline), "the killed daemon still accepts")
		time.Sleep(10 * time.Millisecond)
	}
	// The next daemon of the session reaps what the dead one left.
	c.ok("eval", "1+1")
	require.NoDirExists(t, profile, "the new daemon reaped the old profile")
	c.ok("close")
	requireNothingLeft(t, c, tmp)
}

func TestNothingLeftAfterCloseDuringACommand(t *testing.T) {
	c := newCLI(t)
	tmp := privateTemp(t)
	started := make(chan struct{}, 1)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/started" {
			select {
			case started <- struct{}{}:
			default:
			}
		}
		fmt.Fprint(w, "<title>spin</title>")
	}))
	running(t, c, tmp, srv.MainURL("/spin"))
	hung := c.command("--json", "--timeout-ms", "120000", "eval", `fetch("/started").then(() => { for (;;) {} })`)
	require.NoError(t, hung.Start())
	select {
	case <-started:
	case <-time.After(cleanupCeiling):
		t.Fatal("the script never started")
	}
	c.ok("close")
	// The running command fails promptly instead of holding the daemon.
	done := make(chan error, 1)
	go func() { done <- hung.Wait() }()
	select {
	case <-done:
	case <-time.After(cleanupCeiling):
		hung.Process.Kill()
		t.Fatal("the running command did not end after close")
	}
	requireNothingLeft(t, c, tmp)
}
