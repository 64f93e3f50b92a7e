package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// Kinds of a read that failed, for errors.Is on a *PathError.
var (
	// ErrNotRegular: the path is a FIFO, a device, a socket or a
	// directory. Reading one could block (a FIFO with no writer) or never
	// end (/dev/zero); nothing is read from it.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the file or stream holds more than the cap.
	ErrTooLarge = errors.New("larger than the cap")
	// ErrLink: the path is a symbolic link, opened with NoFollow.
	ErrLink = errors.New("a symbolic link")
	// ErrWouldWait: a regular file whose reads wait for data (/proc/kmsg);
	// nothing more is read from it.
	ErrWouldWait = errors.New("a file whose reads wait for data")
)

// Options say how Open and ReadFile open a path.
type Options struct {
	// NoFollow refuses a path whose last element is a symbolic link
	// (ErrLink), for files of our own that nobody else should point
	// elsewhere.
	NoFollow bool
}

// Open opens path for reading without ever blocking in open(2): with
// O_NONBLOCK, so that a FIFO nobody writes to answers at once instead of
// waiting for a writer. The open descriptor is then checked with fstat:
// only a regular file is returned, anything else closed again and refused
// (ErrNotRegular), before a byte is read. Errors are *PathError naming
// the path and what is wrong.
func Open(path string, o Options) (*os.File, fs.FileInfo, error) {
	if path == "" {
		return nil, nil, pathErr("no path given")
	}
	flags := os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	if o.NoFollow {
		flags |= syscall.O_NOFOLLOW
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		if o.NoFollow && errors.Is(err, syscall.ELOOP) {
			return nil, nil, &PathError{Msg: fmt.Sprintf("%s is a symbolic link; it is not followed", path), Err: ErrLink}
		}
		return nil, nil, &PathError{Msg: fmt.Sprintf("%s: %v", path, readProblem(err)), Err: err}
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, &PathError{Msg: fmt.Sprintf("%s: %v", path, unwrap(err)), Err: err}
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &PathError{Msg: fmt.Sprintf("%s is %s, not a regular file; nothing was read from it", path, kindOf(st.Mode())), Err: ErrNotRegular, Mode: st.Mode().Type()}
	}
	return f, st, nil
}

// ReadFile reads the regular file at path (see Open), at most limit
// bytes: a file larger than that is refused (ErrTooLarge) before it is
// read when its size says so, and while reading when it grows.
func ReadFile(path string, limit int64, o Options) ([]byte, error) {
	f, st, err := Open(path, o)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	b, err := ReadAll(noWait{f}, limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, tooLarge(path, limit)
	}
	if errors.Is(err, ErrWouldWait) {
		return nil, &PathError{Msg: fmt.Sprintf("%s is a file that waits for data to read instead of holding it (as /proc/kmsg does); nothing was read from it", path), Err: ErrWouldWait}
	}
	if err != nil {
		return nil, &PathError{Msg: fmt.Sprintf("reading %s: %v", path, unwrap(err)), Err: err}
	}
	return b, nil
}

// noWait reads a file opened with O_NONBLOCK straight from its descriptor,
// so that a read with no data yet is ErrWouldWait. Through os.File, Go's
// runtime turns that EAGAIN into a wait when the kernel lets the file be
// polled (/proc/kmsg), and the read would block for as long as no data
// comes.
type noWait struct{ f *os.File }

func (r noWait) Read(p []byte) (int, error) {
	rc, err := r.f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	var rerr error
	if err := rc.Read(func(fd uintptr) bool {
		for {
			n, rerr = syscall.Read(int(fd), p)
			if rerr != syscall.EINTR {
				return true // never wait for readiness
			}
		}
	}); err != nil {
		return 0, err
	}
	switch {
	case rerr == syscall.EAGAIN:
		return 0, ErrWouldWait
	case rerr != nil:
		return 0, rerr
	case n == 0 && len(p) > 0:
		return 0, io.EOF
	}
	return n, nil
}

// ReadAll reads r to its end through a cap checked while reading: at most
// limit bytes are kept, and one more byte makes it stop at once with
// ErrTooLarge. For streams (standard input, a pipe, /dev/zero), whose
// size nobody knows beforehand.
func ReadAll(r io.Reader, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &PathError{Msg: "more than " + Size(limit), Err: ErrTooLarge}
	}
	return b, nil
}

// Size says n bytes for a message: in MiB or KiB when it is a whole
// number of them.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func tooLarge(path string, limit int64) error {
	return &PathError{Msg: fmt.Sprintf("%s is larger than %s, the most that is read", path, Size(limit)), Err: ErrTooLarge}
}

// kindOf names what a file that is not regular is.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// readProblem words an open error without the path, which the message
// gives already.
func readProblem(err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("no such file")
	case errors.Is(err, fs.ErrPermission):
		return errors.New("permission denied (this process's user may not read it)")
	}
	return unwrap(err)
}
