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
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return events.Errorf(events.CodeInvalidArgument, "download directory %s is not a directory", abs)
	}
	d.dir = abs
	return nil
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
