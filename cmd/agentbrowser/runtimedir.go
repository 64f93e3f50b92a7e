package main

import (
	"fmt"
	"io/fs"
	"net"
	"os"
	"syscall"

	"github.com/agentbrowser/agentbrowser/events"
)

// checkRuntimeDir refuses a runtime directory another local user could use
// to receive our requests or forge replies, as ssh-agent and tmux do: it
// must be a real directory (not a symlink), owned by us, with nothing for
// group or others. A directory of ours that others may only read or enter
// (0755, 0711, ...) is tightened to 0700: nobody else could have put
// anything in it. One that others may write to (0777, 0775, ...) is
// refused, since a socket planted there would be trusted.
func checkRuntimeDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("checking runtime directory: %w", err)
	}
	uid := os.Getuid()
	owner := -1
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		owner = int(st.Uid)
	}
	mode := fi.Mode()
	unsafe := func(why string) error {
		return events.Errorf(events.CodeUnsafeRuntimeDir,
			"runtime directory %s is unsafe: %s (owner uid %d, mode %04o); nothing was sent. Remove it (or set XDG_RUNTIME_DIR or AGENTBROWSER_HOME to a directory of yours with mode 0700) and run the command again",
			dir, why, owner, mode.Perm()).
			WithDetail("path", dir).WithDetail("owner_uid", owner).WithDetail("mode", fmt.Sprintf("%04o", mode.Perm()))
	}
	switch {
	case mode&fs.ModeSymlink != 0:
		return unsafe("it is a symbolic link")
	case !mode.IsDir():
		return unsafe("it is not a directory")
	case owner != uid:
		return unsafe(fmt.Sprintf("it belongs to uid %d, not to you (uid %d)", owner, uid))
	case mode.Perm()&0o022 != 0:
		return unsafe("group or others may write to it")
	case mode.Perm()&0o077 != 0:
		if err := os.Chmod(dir, 0o700); err != nil {
			return unsafe(fmt.Sprintf("group or others may read it, and making it 0700 failed: %v", err))
		}
	}
	return nil
}

// checkPeer refuses a unix socket connection whose other end runs as
// another user: the client checks the daemon before sending a request, the
// daemon checks its client before reading one.
func checkPeer(c net.Conn, path string) error {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return nil
	}
	uid, err := peerUID(uc)
	if err != nil {
		return events.Errorf(events.CodeUnsafeRuntimeDir, "cannot tell who is at the other end of %s: %v; nothing was sent", path, err)
	}
	if uid >= 0 && uid != os.Getuid() {
		return events.Errorf(events.CodeUnsafeRuntimeDir,
			"the other end of %s runs as uid %d, not as you (uid %d); nothing was sent. Remove the socket's directory and run the command again", path, uid, os.Getuid()).
			WithDetail("path", path).WithDetail("peer_uid", uid)
	}
	return nil
}

// dialDaemon connects to a daemon's socket and checks its peer.
func dialDaemon(path string) (net.Conn, error) {
	c, err := net.Dial("unix", path)
	if err != nil {
		return nil, err
	}
	if err := checkPeer(c, path); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
