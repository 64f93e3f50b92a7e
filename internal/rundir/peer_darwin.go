package rundir

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// peerUID reads the uid of the process at the other end of the socket rc
// (LOCAL_PEERCRED).
func peerUID(rc syscall.RawConn) (int, bool, error) {
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
