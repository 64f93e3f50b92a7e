//go:build !linux && !darwin

package rundir

import "syscall"

// peerUID cannot tell the peer's uid here: only the runtime directory's
// check protects the socket.
func peerUID(rc syscall.RawConn) (int, bool, error) { return -1, false, nil }
