//go:build unix

package rundir

import "syscall"

// readHead reads the start of the file at path into b, as much as b
// holds or the file has; ok is false when it cannot be read. (With the
// system calls alone: the thin client reads the full binary's head on
// every command, and an *os.File and a buffer on the heap are a cost a
// fresh process pays in full.)
func readHead(path string, b []byte) (n int, ok bool) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, false
	}
	defer syscall.Close(fd)
	for n < len(b) {
		m, err := syscall.Read(fd, b[n:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, false
		case m == 0:
			return n, true
		}
		n += m
	}
	return n, true
}
