//go:build linux || darwin

package rundir

import (
	"os"
	"syscall"
	"time"
)

// Dial connects to the unix socket at path with plain system calls and
// returns it as a blocking *os.File, which SamePeer accepts. The thin
// client sends one line and reads one answer: it needs no net package
// (linking it made the client 0.7 MB larger, and its initialisation and
// poller cost a few tenths of a millisecond of CPU per command). timeout
// bounds the connect (a daemon whose backlog is full), each write and each
// read: a safety net against a daemon that never answers, since the daemon
// enforces each command's budget itself.
func Dial(path string, timeout time.Duration) (*os.File, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	// Nothing of this process forks before the descriptor is marked: the
	// thin client has a single goroutine until it execs the full binary.
	syscall.CloseOnExec(fd)
	tv := syscall.NsecToTimeval(timeout.Nanoseconds())
	for _, opt := range []int{syscall.SO_SNDTIMEO, syscall.SO_RCVTIMEO} {
		if err := syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, opt, &tv); err != nil {
			syscall.Close(fd)
			return nil, os.NewSyscallError("setsockopt", err)
		}
	}
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: path}); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "connect", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
