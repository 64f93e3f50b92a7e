package main_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listenEnv makes the test binary a trap listener instead of running tests:
// it listens on the path, says "ready", and when its stdin closes reports
// how many connections and bytes it received.
const listenEnv = "AGENTBROWSER_TEST_TRAP_LISTEN"

// dialEnv makes the test binary a foreign client: it connects to the path,
// sends a status request and reports how many bytes came back.
const dialEnv = "AGENTBROWSER_TEST_FOREIGN_DIAL"

func init() {
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
	path := os.Getenv(listenEnv)
	if path == "" {
		return
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	os.Chmod(path, 0o777)
	var mu sync.Mutex
	var conns, total int64
	var wg sync.WaitGroup
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, _ := io.Copy(io.Discard, c)
				c.Close()
				mu.Lock()
				conns, total = conns+1, total+n
				mu.Unlock()
			}()
		}
	}()
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	// A client that connected and has exited may still wait in the listen
	// backlog, not yet accepted: count those too, without blocking, so that
	// the report does not depend on how soon the accept loop ran.
	drainBacklog(ln, func(n int64) {
		mu.Lock()
		conns, total = conns+1, total+n
		mu.Unlock()
	})
	ln.Close()
	// Every client has exited by now, so every connection ends.
	wg.Wait()
	fmt.Printf("conns=%d bytes=%d\n", conns, total)
	os.Exit(0)
}

// drainBacklog accepts, without blocking, the connections waiting in ln's
// backlog and reports the bytes each sent until it closed.
func drainBacklog(ln net.Listener, count func(int64)) {
	f, err := ln.(*net.UnixListener).File()
	if err != nil {
		return
	}
	defer f.Close()
	fd := int(f.Fd())
	if syscall.SetNonblock(fd, true) != nil {
		return
	}
	for {
		nfd, _, err := syscall.Accept(fd)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return // EAGAIN: the backlog is empty
		}
		c := os.NewFile(uintptr(nfd), "conn")
		n, _ := io.Copy(io.Discard, c)
		c.Close()
		count(n)
	}
}

// requireRoot skips, saying why, when the test cannot act as another user.
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("needs root to create files as the user nobody (setpriv); CI runs as root")
	}
	if _, err := exec.LookPath("setpriv"); err != nil {
		t.Skip("needs setpriv (util-linux) to act as the user nobody")
	}
}

// asNobody runs the command as the user nobody.
func asNobody(args ...string) *exec.Cmd {
	return exec.Command("setpriv", append([]string{"--reuid", "nobody", "--regid", "nogroup", "--clear-groups", "--"}, args...)...)
}

// trap is a listener run by the user nobody.
type trap struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

// nobodyExe copies the test binary where the user nobody can run it.
func nobodyExe(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	dir, err := os.MkdirTemp("", "agentbrowser-trap-bin-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	copyExe := filepath.Join(dir, "trap")
	b, err := os.ReadFile(exe)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(copyExe, b, 0o755))
	return copyExe
}

// startTrap runs a copy of the test binary as nobody, listening on path.
func startTrap(t *testing.T, path string) *trap {
	t.Helper()
	cmd := asNobody(nobodyExe(t))
	cmd.Env = append(os.Environ(), listenEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	tr := &trap{cmd: cmd, stdin: stdin, out: bufio.NewReader(stdout)}
	t.Cleanup(func() { tr.stdin.Close(); tr.cmd.Wait() })
	line, err := tr.out.ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line, "trap listener did not start")
	return tr
}

// report stops the trap and returns what it received.
func (tr *trap) report(t *testing.T) string {
	t.Helper()
	tr.stdin.Close()
	line, err := tr.out.ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line)
}

// nobodyDir makes a directory that nobody can create things in.
func nobodyDir(t *testing.T) string {
	t.Helper()
	parent, err := os.MkdirTemp("", "agentbrowser-shared-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(parent) })
	require.NoError(t, os.Chmod(parent, 0o777))
	return parent
}

// TestRuntimeDirOfAnotherUserRefused: another user made the runtime
// directory first, 0777, and listens in it. The client refuses with
// unsafe_runtime_dir and sends nothing.
func TestRuntimeDirOfAnotherUserRefused(t *testing.T) {
	requireRoot(t)
	home := filepath.Join(nobodyDir(t), "agentbrowser-0")
	out, err := asNobody("mkdir", "-m", "0777", home).CombinedOutput()
	require.NoError(t, err, "mkdir as nobody: %s", out)
	tr := startTrap(t, filepath.Join(home, "default.sock"))

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
	assert.Equal(t, "conns=0 bytes=0", tr.report(t), "the other user's listener received nothing")
}

// TestSocketOfAnotherUserRefused: the directory is ours and private, but
// the socket in it leads to another user's process. The client checks the
// peer (SO_PEERCRED) and sends nothing.
func TestSocketOfAnotherUserRefused(t *testing.T) {
	requireRoot(t)
	theirs := filepath.Join(nobodyDir(t), "theirs")
	out, err := asNobody("mkdir", "-m", "0700", theirs).CombinedOutput()
	require.NoError(t, err, "mkdir as nobody: %s", out)
	tr := startTrap(t, filepath.Join(theirs, "trap.sock"))
	home := t.TempDir()
	require.NoError(t, os.Chmod(home, 0o700))
	require.NoError(t, os.Rename(filepath.Join(theirs, "trap.sock"), filepath.Join(home, "default.sock")))

	c := &cli{t: t, home: home}
	for _, args := range [][]string{{"tabs"}, {"close"}} {
		o := c.json(args...)
		assert.Equal(t, "unsafe_runtime_dir", o.errCode(), "%v: %v", args, o.Body)
		e, _ := o.Body["error"].(map[string]any)
		msg, _ := e["message"].(string)
		assert.Contains(t, msg, "uid 65534")
	}
	assert.Equal(t, "conns=2 bytes=0", tr.report(t), "the client connected, checked its peer and sent nothing")
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
	requireRoot(t)
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
	cmd := asNobody(nobodyExe(t))
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
