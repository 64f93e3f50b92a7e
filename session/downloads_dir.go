package session

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// prepareDownloadDir makes the session's download directory: the one
// configured (created 0700 when missing; its parent must exist), or a
// private one of the session's, which goes with it: inside a launched
// browser's throwaway directory (so that Reap removes it after a crash
// too), or a temporary directory of its own.
func (s *BrowserSession) prepareDownloadDir() error {
	d := &s.dl
	d.byID = map[string]*downloadEntry{}
	d.changed = make(chan struct{})
	d.owned = map[events.TargetID]events.TargetID{}
	d.max = s.cfg.MaxDownloadBytes
	if s.cfg.DownloadDir == "" {
		var dir string
		var err error
		if s.proc != nil {
			dir = filepath.Join(s.proc.dataDir, "downloads")
			err = os.Mkdir(dir, 0o700)
		} else {
			dir, err = os.MkdirTemp("", "agentbrowser-downloads-")
		}
		if err != nil {
			return fmt.Errorf("creating the download directory: %w", err)
		}
		d.dir, d.ownDir = dir, true
		return nil
	}
	abs, err := filepath.Abs(s.cfg.DownloadDir)
	if err != nil {
		return events.Errorf(events.CodeInvalidArgument, "download directory %q: %v", s.cfg.DownloadDir, err)
	}
	if !s.browserIsLocal() {
		// The path is the browser's, on another machine.
		d.dir = abs
		return nil
	}
	if err := os.Mkdir(abs, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return events.Errorf(events.CodeInvalidArgument, "creating download directory %s: %v (its parent directory must exist)", abs, unwrapPath(err))
	}
	real, err := checkDownloadDir(abs)
	if err != nil {
		return err
	}
	d.dir = real
	return nil
}

// checkDownloadDir checks that no other user can reach what is downloaded
// into dir and returns it with its links followed: every link on the way
// must be this user's or root's (safefile.Resolve), and the directory,
// like its parent, must belong to this user or root and not be writable by
// others without the sticky bit. Another user who could write there could
// swap a finished download for a file of theirs before the agent uses it,
// or send the downloads into a directory of theirs through a link.
func checkDownloadDir(dir string) (string, error) {
	refuse := func(format string, args ...any) error {
		return events.Errorf(events.CodeInvalidArgument, "download directory %s: "+format+"; nothing was downloaded. Give a directory of yours that only you may write to (chmod 700)", append([]any{dir}, args...)...)
	}
	real, err := safefile.Resolve(dir)
	if err != nil {
		return "", refuse("%v", err)
	}
	for _, p := range []string{real, filepath.Dir(real)} {
		st, err := os.Stat(p)
		if err != nil {
			return "", refuse("%v", unwrapPath(err))
		}
		if p == real && !st.IsDir() {
			return "", refuse("not a directory")
		}
		uid := os.Getuid()
		if owner, ok := ownerOf(st); ok && owner != uid && owner != 0 {
			return "", refuse("%s belongs to another user (uid %d)", p, owner)
		}
		if m := st.Mode(); m.Perm()&0o022 != 0 && m&fs.ModeSticky == 0 {
			return "", refuse("group or other users may write to %s (mode %04o)", p, m.Perm())
		}
	}
	return real, nil
}

// browserIsLocal reports whether the browser runs on this machine: one the
// session launched, or one reached on a loopback address or a unix socket.
func (s *BrowserSession) browserIsLocal() bool {
	if s.cfg.Grid.URL != "" {
		return false
	}
	if s.cfg.CDPURL == "" {
		return true
	}
	u, err := url.Parse(s.cfg.CDPURL)
	if err != nil {
		return false
	}
	if u.Scheme == "unix" {
		// A browser shared over a unix socket runs on this machine.
		return true
	}
	switch h := u.Hostname(); h {
	case "localhost":
		return true
	default:
		ip := net.ParseIP(h)
		return ip != nil && ip.IsLoopback()
	}
}

// DownloadDir is the absolute path of the session's download directory.
func (s *BrowserSession) DownloadDir() string { return s.dl.dir }
