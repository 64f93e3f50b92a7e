package main

import (
	"errors"
	"fmt"
	"net"
	"os"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/rundir"
)

// checkRuntimeDir refuses a runtime directory another local user could use
// to receive our requests or forge replies (see rundir.Check), with the
// coded error the CLI prints.
func checkRuntimeDir(dir string) error {
	err := rundir.Check(dir)
	var u *rundir.Unsafe
	if !errors.As(err, &u) {
		return err
	}
	return events.Errorf(events.CodeUnsafeRuntimeDir,
		"%s; nothing was sent. Remove it (or set XDG_RUNTIME_DIR or AGENTBROWSER_HOME to a directory of yours with mode 0700) and run the command again", u).
		WithDetails(events.ErrorDetails{Path: dir, OwnerUID: new(u.Owner), Mode: fmt.Sprintf("%04o", u.Mode.Perm())})
}

// checkPeer refuses a unix socket connection whose other end runs as
// another user: the client checks the daemon before sending a request, the
// daemon checks its client before reading one.
func checkPeer(c net.Conn, path string) error {
	same, known, uid, err := rundir.SamePeer(c)
	if err != nil {
		return events.Errorf(events.CodeUnsafeRuntimeDir, "cannot tell who is at the other end of %s: %v; nothing was sent", path, err)
	}
	if known && !same {
		return events.Errorf(events.CodeUnsafeRuntimeDir,
			"the other end of %s runs as uid %d, not as you (uid %d); nothing was sent. Remove the socket's directory and run the command again", path, uid, os.Getuid()).
			WithDetails(events.ErrorDetails{Path: path, PeerUID: new(uid)})
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
