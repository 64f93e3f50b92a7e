package defaultaction

import (
	"errors"
	"io/fs"
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
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
	// Open it as the daemon's user, as the browser will, without blocking
	// (a FIFO with no writer answers at once), and check what was opened
	// (fstat on the descriptor).
	file, _, err := safefile.Open(abs, safefile.Options{})
	var pe *safefile.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", uploadErr(abs, "it does not exist")
	case errors.Is(err, fs.ErrPermission):
		return "", uploadErr(abs, "the daemon's user cannot read it (permission denied)")
	case errors.As(err, &pe) && pe.Kind() != "":
		kind := pe.Kind()
		if pe.Mode&fs.ModeDevice != 0 {
			kind = "a device"
		}
		return "", uploadErr(abs, "it is %s", kind)
	case err != nil:
		return "", uploadErr(abs, "%v", err)
	}
	file.Close()
	if fsName, ok := pseudoFS(abs); ok {
		return "", uploadErr(abs, "it is a file of %s, which describes the system rather than holding data", fsName)
	}
	return abs, nil
}

func uploadErr(file, why string, args ...any) error {
	return events.Errorf(events.CodeInvalidArgument, "cannot upload %s: "+why+"; only a regular file the daemon's user can read is uploaded", append([]any{file}, args...)...).
		WithDetails(events.ErrorDetails{File: file})
}
