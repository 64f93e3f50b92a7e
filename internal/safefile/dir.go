package safefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds the links followed while resolving a directory, as the
// kernel does (ELOOP).
const maxLinks = 40

// Resolve returns path (absolute) as it is once its symbolic links are
// followed, checking each link on the way: one that belongs to another
// user than this process's or root is a *PathError. Another user's link in
// a directory they may write to (a shared /tmp) would otherwise send our
// files, or a browser's profile, wherever they point it.
func Resolve(path string) (string, error) { return realDir(path) }

// realDir is Resolve.
func realDir(dir string) (string, error) {
	uid := os.Getuid()
	done := "/"
	rest := strings.Split(strings.TrimPrefix(filepath.Clean(dir), "/"), "/")
	links := 0
	for len(rest) > 0 {
		name := rest[0]
		rest = rest[1:]
		if name == "" || name == "." {
			continue
		}
		if name == ".." {
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, name)
		st, err := os.Lstat(next)
		if err != nil {
			return "", &PathError{Msg: fmt.Sprintf("%s: %v", dir, unwrap(err)), Err: err}
		}
		if st.Mode()&os.ModeSymlink == 0 {
			done = next
			continue
		}
		if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != uid && sys.Uid != 0 {
			return "", pathErr("%s goes through %s, a symbolic link that belongs to another user (uid %d); nothing is written through another user's link: give a path inside a directory of yours", dir, next, sys.Uid)
		}
		if links++; links > maxLinks {
			return "", pathErr("%s: too many symbolic links", dir)
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", pathErr("%s: %v", dir, unwrap(err))
		}
		if filepath.IsAbs(target) {
			done = "/"
		}
		rest = append(strings.Split(strings.Trim(target, "/"), "/"), rest...)
	}
	return done, nil
}
