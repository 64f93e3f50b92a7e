package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// MCP over HTTP may also be served on a unix socket (--http unix:PATH, or
// unix: for mcp-PID.sock in the runtime directory). The socket is 0600 and
// every connection's other end is checked to run as the server's user, as
// the daemons' sockets are, so no token is needed there (one given is still
// checked).

// listenMCPUnix listens on the unix socket path (empty: the default one in
// dir) and returns the listener and the socket's path, which the caller
// removes when it stops.
func listenMCPUnix(dir, path string) (net.Listener, string, error) {
	if path == "" {
		path = filepath.Join(dir, "mcp-"+strconv.Itoa(os.Getpid())+".sock")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, "", usageErrorf("--http unix:%s: %v", path, err)
	}
	if err := checkSocketDir(filepath.Dir(abs)); err != nil {
		return nil, "", usageErrorf("--http unix:%s: %v; give a path in a directory of yours that only you may write to (the default, unix:, is in the runtime directory)", abs, err)
	}
	if st, err := os.Lstat(abs); err == nil {
		if st.Mode()&os.ModeSocket == 0 {
			return nil, "", usageErrorf("--http unix:%s: a file that is not a socket is there", abs)
		}
		os.Remove(abs) // a stale socket of an earlier run
	}
	old := syscall.Umask(0o177)
	ln, err := net.Listen("unix", abs)
	syscall.Umask(old)
	if err == nil {
		err = os.Chmod(abs, 0o600)
	}
	if err != nil {
		if ln != nil {
			ln.Close()
		}
		return nil, "", fmt.Errorf("listening on unix:%s: %w", abs, err)
	}
	return peerListener{Listener: ln, path: abs}, abs, nil
}

// peerListener drops every connection whose other end runs as another
// user before a byte of it is read.
type peerListener struct {
	net.Listener
	path string
}

// Accept implements net.Listener.
func (l peerListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if err := checkPeer(c, l.path); err != nil {
			c.Close()
			continue
		}
		return c, nil
	}
}

// checkSocketDir checks that no other user can put a socket of theirs in
// place of the server's in dir: the server checks its peers, but its
// clients would talk to whoever listens at the path. dir, reached through
// links of this user or root only, must belong to one of them and not be
// writable by group or others without the sticky bit.
func checkSocketDir(dir string) error {
	real, err := safefile.Resolve(dir)
	if err != nil {
		return err
	}
	st, err := os.Stat(real)
	if err != nil {
		return err
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Getuid() && sys.Uid != 0 {
		return fmt.Errorf("its directory %s belongs to another user (uid %d)", real, sys.Uid)
	}
	if m := st.Mode(); m.Perm()&0o022 != 0 && m&os.ModeSticky == 0 {
		return fmt.Errorf("group or other users may write to its directory %s (mode %04o) and put a socket of theirs in its place", real, m.Perm())
	}
	return nil
}
