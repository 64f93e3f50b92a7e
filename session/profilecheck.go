package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// maxProfileEntries bounds the walk of a persistent profile: a used
// profile holds a few hundred to a few thousand files.
const maxProfileEntries = 100_000

// chromiumLinks are the symbolic links Chromium itself keeps at the top of
// a profile while it runs (and leaves behind when it is killed).
var chromiumLinks = map[string]bool{"SingletonLock": true, "SingletonSocket": true, "SingletonCookie": true}

// CheckProfile checks that dir is private enough to be a persistent
// profile (a profile is a credential: it holds the session cookies of
// every site signed in to, which Linux Chromium encrypts with a fixed key
// when there is no keyring). A missing dir is fine (it is created 0700);
// its parent must belong to this user or root and not be a directory
// group or other users may write to without the sticky bit. An existing dir must belong to this process's user and not
// be writable by group or others; one only others may read or enter is
// made 0700 (nobody else could have put anything in it). Nothing in it may
// belong to another user, be writable by everyone, be a FIFO, socket or
// device, or be a symbolic link (except the Singleton links Chromium keeps
// at its top). The walk stops at 100,000 entries. A problem is
// profile_unsafe naming the path and the fix; nothing has started.
func CheckProfile(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return events.Errorf(events.CodeInvalidArgument, "profile %q: %v", dir, err)
	}
	uid := os.Getuid()
	parent, err := safefile.Resolve(filepath.Dir(abs))
	if errors.Is(err, fs.ErrNotExist) {
		return events.Errorf(events.CodeInvalidArgument, "profile %s: its parent directory does not exist", abs)
	}
	if err != nil {
		return profileUnsafe(abs, "its parent directory: %v", err)
	}
	if pst, err := os.Stat(parent); err == nil {
		if pst.Mode().Perm()&0o022 != 0 && pst.Mode()&fs.ModeSticky == 0 {
			return profileUnsafe(abs, "its parent directory %s may be written by group or other users (mode %04o, no sticky bit), who could replace the profile; give a directory elsewhere (in your home directory)", parent, pst.Mode().Perm())
		}
		if owner, ok := ownerOf(pst); ok && owner != uid && owner != 0 {
			return profileUnsafe(abs, "its parent directory %s belongs to another user (uid %d), who could replace the profile; give a directory elsewhere (in your home directory)", parent, owner)
		}
	}
	st, err := os.Lstat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return events.Errorf(events.CodeInvalidArgument, "profile %s: %v", abs, unwrapPath(err))
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		real, err := safefile.Resolve(abs)
		if err != nil {
			return profileUnsafe(abs, "%v", err)
		}
		if st, err = os.Lstat(real); err != nil {
			return events.Errorf(events.CodeInvalidArgument, "profile %s: %v", abs, unwrapPath(err))
		}
		abs = real
	}
	if !st.IsDir() {
		return events.Errorf(events.CodeInvalidArgument, "profile %s is not a directory", abs)
	}
	if owner, ok := ownerOf(st); ok && owner != uid {
		return profileUnsafe(abs, "it belongs to another user (uid %d), who can read the cookies the browser keeps in it; give a new directory of yours", owner)
	}
	perm := st.Mode().Perm()
	if perm&0o022 != 0 {
		return profileUnsafe(abs, "group or other users may write to it (mode %04o), so they may have put files in it for the browser to use; check what is in it and chmod 700 %s, or give a new directory", perm, abs)
	}
	// What is in it is checked first: a directory refused for that is
	// left as it was found (a mistaken --profile, such as a home
	// directory, keeps its mode).
	if err := walkProfile(abs, uid); err != nil {
		return err
	}
	if perm&0o077 != 0 {
		// Ours, and nobody else could write in it: only its mode is wrong.
		if err := os.Chmod(abs, perm&0o700); err != nil {
			return profileUnsafe(abs, "other users may read it (mode %04o) and it could not be made 0700 (%v); chmod 700 %s", perm, unwrapPath(err), abs)
		}
	}
	return nil
}

// walkProfile checks everything under dir (see CheckProfile).
func walkProfile(dir string, uid int) error {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed while walking (a running browser's file)
			}
			return profileUnsafe(dir, "%s cannot be checked: %v", p, unwrapPath(err))
		}
		if p == dir {
			return nil
		}
		if n++; n > maxProfileEntries {
			return profileUnsafe(dir, "it holds more than %d files, more than are checked; give a new directory", maxProfileEntries)
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return profileUnsafe(dir, "%s cannot be checked: %v", p, unwrapPath(err))
		}
		m := info.Mode()
		if owner, ok := ownerOf(info); ok && owner != uid {
			return profileUnsafe(dir, "%s belongs to another user (uid %d), who put it there; give a new directory (or remove what is not yours)", p, owner)
		}
		switch {
		case m&fs.ModeSymlink != 0:
			if filepath.Dir(p) == dir && chromiumLinks[d.Name()] {
				return nil
			}
			return profileUnsafe(dir, "%s is a symbolic link, which could send the browser's files elsewhere; give a new directory (or remove the link)", p)
		case !m.IsDir() && !m.IsRegular():
			return profileUnsafe(dir, "%s is %s, not a file the browser made; give a new directory (or remove it)", p, fileKind(m))
		case m.Perm()&0o002 != 0:
			return profileUnsafe(dir, "every user may write to %s (mode %04o); give a new directory (or chmod o-w it after checking it)", p, m.Perm())
		}
		return nil
	})
	return err
}

func ownerOf(fi fs.FileInfo) (int, bool) {
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(sys.Uid), true
	}
	return 0, false
}

func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

func profileUnsafe(dir, why string, args ...any) error {
	return events.Errorf(events.CodeProfileUnsafe, "profile %s is not private: %s; nothing was started", dir, fmt.Sprintf(why, args...))
}
