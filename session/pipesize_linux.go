package session

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipeBytes is the capacity asked for the browser's debugging pipes (the
// default is 64 KiB; 1 MiB is Linux's usual ceiling for an unprivileged
// process). Every tab's commands go through the one pipe to the browser,
// under the connection's write lock: with a small pipe, a write waits
// while the browser's I/O thread, starved of CPU, has not drained earlier
// ones (a snapshot sends its 43 KB script to each new document), and every
// other tab's command waits behind it.
const pipeBytes = 1 << 20

// growPipe raises f's capacity to pipeBytes, best effort: a kernel that
// refuses keeps the default, which works, only with more waiting.
func growPipe(f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) {
		_, _ = unix.FcntlInt(fd, unix.F_SETPIPE_SZ, pipeBytes)
	})
}
