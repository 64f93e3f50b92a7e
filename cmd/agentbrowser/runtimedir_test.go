package main_test

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// dialEnv makes the test binary a foreign client: it connects to the path,
// sends a status request and reports how many bytes came back.
const dialEnv = "AGENTBROWSER_TEST_FOREIGN_DIAL"

func init() {
	testutil.ServeTrap()
	if path := os.Getenv(dialEnv); path != "" {
		c, err := net.Dial("unix", path)
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Fprintln(c, `{"command":"status","timeout_ms":2000}`)
		n, _ := io.Copy(io.Discard, c)
		fmt.Printf("reply_bytes=%d\n", n)
		os.Exit(0)
	}
}

// TestRuntimeDirOfAnotherUserRefused: another user made the runtime
// directory first, 0777, and listens in it. The client refuses with
// unsafe_runtime_dir and sends nothing.
func TestRuntimeDirOfAnotherUserRefused(t *testing.T) {
	testutil.RequireRoot(t)
	home := filepath.Join(testutil.NobodyDir(t), "agentbrowser-0")
	out, err := testutil.AsNobody("mkdir", "-m", "0777", home).CombinedOutput()
	require.NoError(t, err, "mkdir as nobody: %s", out)
	tr := testutil.StartTrap(t, filepath.Join(home, "default.sock"))

	c := &cli{t: t, home: home}
	for _, args := range [][]string{{"open", "about:blank"}, {"type", "e1", "hunter2"}, {"close"}, {"sessions"}} {
		o := c.json(args...)
		assert.Equal(t, 1, o.Exit, "%v: %v", args, o.Body)
		assert.Equal(t, "unsafe_runtime_dir", o.errCode(), "%v: %v", args, o.Body)
		e, _ := o.Body["error"].(map[string]any)
		msg, _ := e["message"].(string)
		assert.Contains(t, msg, home, "the message names the path")
		assert.Contains(t, msg, "uid 65534", "the message names the owner")
		assert.Contains(t, msg, "0777", "the message names the mode")
		assert.Contains(t, msg, "Remove it", "the message says what to do")
	}
	entries, err := os.ReadDir(home)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing but the trap's socket in the directory: no daemon started")
	assert.Equal(t, "conns=0 bytes=0", tr.Report(t), "the other user's listener received nothing")
}

// TestSocketOfAnotherUserRefused: the directory is ours and private, but
// the socket in it leads to another user's process. The client checks the
// peer (SO_PEERCRED) and sends nothing.
func TestSocketOfAnotherUserRefused(t *testing.T) {
	home := t.TempDir()
	require.NoError(t, os.Chmod(home, 0o700))
	tr := testutil.StartTrapAt(t, filepath.Join(home, "default.sock"))

	c := &cli{t: t, home: home}
	for _, args := range [][]string{{"tabs"}, {"close"}} {
		o := c.json(args...)
		assert.Equal(t, "unsafe_runtime_dir", o.errCode(), "%v: %v", args, o.Body)
		e, _ := o.Body["error"].(map[string]any)
		msg, _ := e["message"].(string)
		assert.Contains(t, msg, "uid 65534")
	}
	assert.Equal(t, "conns=2 bytes=0", tr.Report(t), "the client connected, checked its peer and sent nothing")
}

// TestRuntimeDirModes: a directory of ours that others may read is made
// 0700 before use; one that others may write to is refused.
func TestRuntimeDirModes(t *testing.T) {
	home := filepath.Join(t.TempDir(), "rt")
	require.NoError(t, os.Mkdir(home, 0o700))
	c := &cli{t: t, home: home}

	require.NoError(t, os.Chmod(home, 0o755))
	c.ok("sessions")
	fi, err := os.Stat(home)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "a readable directory of ours is tightened to 0700")

	for _, mode := range []os.FileMode{0o777, 0o770, 0o702} {
		require.NoError(t, os.Chmod(home, mode))
		o := c.json("sessions")
		assert.Equal(t, "unsafe_runtime_dir", o.errCode(), "mode %04o: %v", mode, o.Body)
	}

	require.NoError(t, os.Chmod(home, 0o700))
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(home, link))
	o := (&cli{t: t, home: link}).json("sessions")
	assert.Equal(t, "unsafe_runtime_dir", o.errCode(), "a symlink is refused: %v", o.Body)

	fresh := filepath.Join(t.TempDir(), "fresh")
	(&cli{t: t, home: fresh}).ok("sessions")
	fi, err = os.Stat(fresh)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "a new runtime directory is created 0700")
}

// TestDaemonRefusesForeignClient: even when another user can reach the
// socket (here the test opens the directory and the socket to everyone),
// the daemon checks its client's uid and answers nothing.
func TestDaemonRefusesForeignClient(t *testing.T) {
	testutil.RequireRoot(t)
	parent, err := os.MkdirTemp("", "agentbrowser-open-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(parent) })
	require.NoError(t, os.Chmod(parent, 0o755))
	home := filepath.Join(parent, "rt")
	c := newCLIHome(t, home)
	c.ok("status")
	sock := filepath.Join(home, "default.sock")
	require.NoError(t, os.Chmod(home, 0o755))
	require.NoError(t, os.Chmod(sock, 0o666))
	cmd := testutil.AsNobody(testutil.NobodyExe(t))
	cmd.Env = append(os.Environ(), dialEnv+"="+sock)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "reply_bytes=0", strings.TrimSpace(string(out)), "the daemon answered another user")
	// The owner is still served (and the directory tightened again).
	c.ok("status")
	fi, err := os.Stat(home)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
}

// newCLIHome is newCLI with a given runtime directory.
func newCLIHome(t *testing.T, home string) *cli {
	t.Helper()
	c := &cli{t: t, home: home}
	t.Cleanup(func() { c.run("close") })
	return c
}
