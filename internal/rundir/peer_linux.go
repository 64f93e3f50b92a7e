package rundir

import "syscall"

// peerUID reads the uid at the other end of the socket rc (SO_PEERCRED).
func peerUID(rc syscall.RawConn) (int, bool, error) {
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
