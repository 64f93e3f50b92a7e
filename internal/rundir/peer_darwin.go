package rundir

import (
	"net"

	"golang.org/x/sys/unix"
)

// peerUID reads the uid of the process at the other end of c
// (LOCAL_PEERCRED).
func peerUID(c *net.UnixConn) (int, bool, error) {
	rc, err := c.SyscallConn()
	if err != nil {
		return -1, false, err
	}
	var cred *unix.Xucred
	var gerr error
	if err := rc.Control(func(fd uintptr) {
		cred, gerr = unix.GetsockoptXucred(int(fd), unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
	}); err != nil {
		return -1, false, err
	}
	if gerr != nil {
		return -1, false, gerr
	}
	return int(cred.Uid), true, nil
}
