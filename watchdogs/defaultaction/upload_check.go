package defaultaction

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/agentbrowser/agentbrowser/events"
)

// CheckUploadFile returns the absolute path of f, a file to upload, or an
// invalid_argument error that says why it cannot be one: only a regular
// file that this process's user can read is uploaded. Anything else would
// reach the page as something it is not: a FIFO or a device (/dev/null,
// /dev/zero) that blocks or never ends, a directory, a file of /proc or
// /sys (/proc/self/environ, this process's environment), or a file the
// page could not read (NotReadableError). The upload handler calls it for
// each file before anything is sent to the page.
func CheckUploadFile(f string) (string, error) {
	abs, err := filepath.Abs(f)
	if err != nil {
		return "", uploadErr(f, "its path cannot be made absolute (%v)", err)
	}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", uploadErr(abs, "it does not exist")
	case errors.Is(err, fs.ErrPermission):
		return "", uploadErr(abs, "the daemon's user may not reach it (%v)", errors.Unwrap(err))
	case err != nil:
		return "", uploadErr(abs, "%v", errors.Unwrap(err))
	}
	switch m := st.Mode(); {
	case m.IsDir():
		return "", uploadErr(abs, "it is a directory")
	case m&fs.ModeNamedPipe != 0:
		return "", uploadErr(abs, "it is a named pipe (FIFO)")
	case m&fs.ModeSocket != 0:
		return "", uploadErr(abs, "it is a socket")
	case m&fs.ModeDevice != 0:
		return "", uploadErr(abs, "it is a device")
	case !m.IsRegular():
		return "", uploadErr(abs, "it is not a regular file")
	}
	if fsName, ok := pseudoFS(abs); ok {
		return "", uploadErr(abs, "it is a file of %s, which describes the system rather than holding data", fsName)
	}
	// Open it as the daemon's user, as the browser will: without blocking,
	// though a regular file never blocks.
	fd, err := syscall.Open(abs, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return "", uploadErr(abs, "the daemon's user cannot read it (%v)", err)
	}
	syscall.Close(fd)
	return abs, nil
}

func uploadErr(file, why string, args ...any) error {
	return events.Errorf(events.CodeInvalidArgument, "cannot upload %s: "+why+"; only a regular file the daemon's user can read is uploaded", append([]any{file}, args...)...).
		WithDetails(events.ErrorDetails{File: file})
}
