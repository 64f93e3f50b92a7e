// Package safefile reads and writes the files agentbrowser is given or
// creates for its user. It writes (storage states, PDFs, screenshots) with
// mode 0600, whole or not at all, and never through a symbolic link, so
// that a file of credentials is never left half written, readable by
// others, or written where a link points. It reads (state files, route
// bodies, batch steps, standard input) without ever blocking in open(2),
// regular files only, and through a cap checked while reading, so that a
// FIFO or /dev/zero is answered at once with what is wrong.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// PathError is a path that cannot be read or written as asked (a symbolic
// link, a FIFO, a directory, a missing directory, no permission, too
// large): the user's to fix. Err, when set, is its kind (ErrNotRegular,
// ErrTooLarge, ErrLink) or the system's error, for errors.Is; Kind names
// what a path that is not a regular file is.
type PathError struct {
	Msg string
	Err error
	// Mode is the type of what was found, with ErrNotRegular.
	Mode fs.FileMode
}

func (e *PathError) Error() string { return e.Msg }

func (e *PathError) Unwrap() error { return e.Err }

func pathErr(format string, args ...any) error {
	return &PathError{Msg: fmt.Sprintf(format, args...)}
}

// Write writes data to path; see WriteFrom.
func Write(path string, data []byte) (string, error) {
	return WriteFrom(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFrom writes what fill writes to path, mode 0600: into a new file
// beside it that then replaces path at once. It returns the path written:
// absolute, its directory's links followed. path's directory must exist,
// and every symbolic link on the way to it must belong to this process's
// user or to root (a link another user planted is refused, so that it
// cannot send the file into a directory of their choosing); path itself
// must be missing or a regular file, never a symbolic link or a
// directory. A path that cannot
// be written is a *PathError naming the path and what is wrong, for the
// user who gave it; fill's error is returned wrapped.
func WriteFrom(path string, fill func(io.Writer) error) (string, error) {
	if path == "" {
		return "", pathErr("no path given")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", pathErr("path %q: %v", path, err)
	}
	dir := filepath.Dir(abs)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", pathErr("%s: its directory %s does not exist", abs, dir)
	}
	// Write into the directory the path names after following its links,
	// once each link is known to be the user's (or the system's).
	real, err := realDir(dir)
	if err != nil {
		return "", err
	}
	abs = filepath.Join(real, filepath.Base(abs))
	dir = real
	if st, err := os.Lstat(abs); err == nil {
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			return "", pathErr("%s is a symbolic link; nothing is written through one: give the path of the file itself", abs)
		case st.IsDir():
			return "", pathErr("%s is a directory; give a file path", abs)
		case !st.Mode().IsRegular():
			return "", pathErr("%s is not a regular file", abs)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", pathErr("%s: %v", abs, unwrap(err))
	}
	// CreateTemp makes the file 0600 with O_EXCL: nothing else is opened.
	f, err := os.CreateTemp(dir, "."+filepath.Base(abs)+".tmp-*")
	if err != nil {
		return "", pathErr("writing %s: %v", abs, unwrap(err))
	}
	tmp := f.Name()
	if err := fill(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return "", fmt.Errorf("writing %s: %w", abs, err)
	}
	werr := f.Sync()
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		// rename replaces a link at abs, never its target; the check
		// above only makes the refusal clear.
		werr = os.Rename(tmp, abs)
	}
	if werr != nil {
		os.Remove(tmp)
		return "", pathErr("writing %s: %v", abs, unwrap(werr))
	}
	return abs, nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// Kind names what the path of a ErrNotRegular error is ("a named pipe
// (FIFO)", "a directory"); "" for other errors.
func (e *PathError) Kind() string {
	if !errors.Is(e.Err, ErrNotRegular) {
		return ""
	}
	return kindOf(e.Mode)
}
