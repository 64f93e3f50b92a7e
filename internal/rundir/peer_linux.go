package rundir

import (
	"net"
	"syscall"
)

// peerUID reads the uid at the other end of c (SO_PEERCRED).
func peerUID(c *net.UnixConn) (int, bool, error) {
	rc, err := c.SyscallConn()
	if err != nil {
		return -1, false, err
	}
	var cred *syscall.Ucred
	var gerr error
	if err := rc.Control(func(fd uintptr) {
		cred, gerr = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	}); err != nil {
		return -1, false, err
	}
	if gerr != nil {
		return -1, false, gerr
	}
	return int(cred.Uid), true, nil
}
