package testutil

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

	"github.com/stretchr/testify/require"
)

// Tests of what another local user can do run a copy of the test binary as
// the user nobody. A test package that uses StartTrap calls ServeTrap first
// thing in its TestMain or init, so that such a copy serves as the trap.

// trapEnv makes the test binary a trap listener instead of running tests:
// it listens on the path, says "ready", and when its stdin closes reports
// how many connections and bytes it received.
const trapEnv = "AGENTBROWSER_TEST_TRAP_LISTEN"

// ServeTrap makes this process the trap listener and never returns, when
// StartTrap started it; otherwise it returns at once.
func ServeTrap() {
	path := os.Getenv(trapEnv)
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

// RequireRoot skips, saying why, when the test cannot act as another user.
func RequireRoot(t *testing.T) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("needs root to create files as the user nobody (setpriv); CI runs as root")
	}
	if _, err := exec.LookPath("setpriv"); err != nil {
		t.Skip("needs setpriv (util-linux) to act as the user nobody")
	}
}

// AsNobody runs the command as the user nobody.
func AsNobody(args ...string) *exec.Cmd {
	return exec.Command("setpriv", append([]string{"--reuid", "nobody", "--regid", "nogroup", "--clear-groups", "--"}, args...)...)
}

// Trap is a listener run by the user nobody.
type Trap struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

// NobodyExe copies the test binary where the user nobody can run it. The
// copy is named like a test binary (".test"), which the thin client's C
// fast path, linked into its package's test binary, leaves alone.
func NobodyExe(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	dir, err := os.MkdirTemp("", "agentbrowser-trap-bin-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	copyExe := filepath.Join(dir, "trap.test")
	b, err := os.ReadFile(exe)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(copyExe, b, 0o755))
	return copyExe
}

// StartTrap runs a copy of the test binary as nobody, listening on path.
func StartTrap(t *testing.T, path string) *Trap {
	t.Helper()
	cmd := AsNobody(NobodyExe(t))
	cmd.Env = append(os.Environ(), trapEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	tr := &Trap{cmd: cmd, stdin: stdin, out: bufio.NewReader(stdout)}
	t.Cleanup(func() { tr.stdin.Close(); tr.cmd.Wait() })
	line, err := tr.out.ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line, "trap listener did not start")
	return tr
}

// Report stops the trap and returns what it received.
func (tr *Trap) Report(t *testing.T) string {
	t.Helper()
	tr.stdin.Close()
	line, err := tr.out.ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line)
}

// NobodyDir makes a directory that nobody can create things in.
func NobodyDir(t *testing.T) string {
	t.Helper()
	parent, err := os.MkdirTemp("", "agentbrowser-shared-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(parent) })
	require.NoError(t, os.Chmod(parent, 0o777))
	return parent
}

// StartTrapAt puts a trap listener of the user nobody at path, in a
// directory of ours: nobody listens in a directory of its own, and the
// socket is then moved to path, so that the directory passes every check
// and only the socket's other end gives the trap away. It skips where the
// test cannot act as nobody (RequireRoot).
func StartTrapAt(t *testing.T, path string) *Trap {
	t.Helper()
	RequireRoot(t)
	theirs := filepath.Join(NobodyDir(t), "theirs")
	out, err := AsNobody("mkdir", "-m", "0700", theirs).CombinedOutput()
	require.NoError(t, err, "mkdir as nobody: %s", out)
	tr := StartTrap(t, filepath.Join(theirs, "trap.sock"))
	require.NoError(t, os.Rename(filepath.Join(theirs, "trap.sock"), path))
	return tr
}
