// Package rundir knows where a session's daemon keeps its socket, lock and
// log, and whether that place and the other end of a socket can be trusted.
// It links the standard library only (golang.org/x/sys on macOS), so that
// the thin CLI client (cmd/agentbrowser-thin) shares it with the full CLI.
package rundir

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// Path is the runtime directory: $AGENTBROWSER_HOME, else
// $XDG_RUNTIME_DIR/agentbrowser, else agentbrowser-UID under the temp dir.
// It does not create or check it.
func Path() string {
	if dir := os.Getenv("AGENTBROWSER_HOME"); dir != "" {
		return dir
	}
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" {
		return filepath.Join(x, "agentbrowser")
	}
	return filepath.Join(os.TempDir(), "agentbrowser-"+strconv.Itoa(os.Getuid()))
}

// Source names the environment variable that chose Path, and its value:
// AGENTBROWSER_HOME, XDG_RUNTIME_DIR, or TMPDIR (whose value is empty when
// the temp dir is the system's default).
func Source() (variable, value string) {
	for _, v := range []string{"AGENTBROWSER_HOME", "XDG_RUNTIME_DIR"} {
		if x := os.Getenv(v); x != "" {
			return v, x
		}
	}
	return "TMPDIR", os.Getenv("TMPDIR")
}

// Socket is where the daemon of session name listens.
func Socket(dir, name string) string { return filepath.Join(dir, name) + ".sock" }

// Unsafe says why a runtime directory must not be used: another local user
// could receive our requests or forge replies through it.
type Unsafe struct {
	Dir   string
	Why   string
	Owner int
	Mode  fs.FileMode
}

func (u *Unsafe) Error() string {
	mode := strconv.FormatUint(uint64(u.Mode.Perm()), 8)
	for len(mode) < 4 {
		mode = "0" + mode
	}
	return "runtime directory " + u.Dir + " is unsafe: " + u.Why + " (owner uid " + strconv.Itoa(u.Owner) + ", mode " + mode + ")"
}

// checkError is Check's error when dir cannot be read. (No fmt: the thin
// client links this package and should not pay for fmt's start-up.)
type checkError struct{ err error }

func (e *checkError) Error() string { return "checking runtime directory: " + e.err.Error() }
func (e *checkError) Unwrap() error { return e.err }

// Check returns an *Unsafe unless dir is a real directory (not a symbolic
// link) owned by the current user with nothing for group or others, as
// ssh-agent and tmux require. A directory of ours that others may only
// read or enter (0755, 0711) is tightened to 0700 first: nobody else could
// have put anything in it. One that others may write to is refused.
func Check(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return &checkError{err}
	}
	owner := -1
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		owner = int(st.Uid)
	}
	mode := fi.Mode()
	unsafe := func(why string) error { return &Unsafe{Dir: dir, Why: why, Owner: owner, Mode: mode} }
	uid := os.Getuid()
	switch {
	case mode&fs.ModeSymlink != 0:
		return unsafe("it is a symbolic link")
	case !mode.IsDir():
		return unsafe("it is not a directory")
	case owner != uid:
		return unsafe("it belongs to uid " + strconv.Itoa(owner) + ", not to you (uid " + strconv.Itoa(uid) + ")")
	case mode.Perm()&0o022 != 0:
		return unsafe("group or others may write to it")
	case mode.Perm()&0o077 != 0:
		if err := os.Chmod(dir, 0o700); err != nil {
			return unsafe("group or others may read it, and making it 0700 failed: " + err.Error())
		}
	}
	return nil
}

// SamePeer reports whether the process at the other end of the unix
// socket c runs as the current user. c is a *net.UnixConn, or the *os.File
// of a socket Dial connected. known is false where the platform cannot
// tell, or c gives no descriptor to ask.
func SamePeer(c any) (same, known bool, uid int, err error) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false, false, -1, nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false, false, -1, err
	}
	uid, known, err = peerUID(rc)
	if err != nil || !known {
		return false, known, uid, err
	}
	return uid == os.Getuid(), true, uid, nil
}
