package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// placeDownload gives a completed file its safe name in the download
// directory, mode 0600. A file the browser wrote where this process cannot
// see it (a remote browser) keeps the browser's path.
func (s *BrowserSession) placeDownload(file, suggested string) (string, error) {
	if _, err := os.Lstat(file); errors.Is(err, fs.ErrNotExist) && !s.browserIsLocal() {
		return file, nil
	}
	if err := os.Chmod(file, 0o600); err != nil {
		return "", unwrapPath(err)
	}
	return claimName(file, filepath.Dir(file), SafeDownloadName(suggested))
}

// removeDownloadFiles removes what the browser wrote for the download
// whose file is file: the file and its partial file (NAME.crdownload).
func removeDownloadFiles(file string) {
	_ = os.Remove(file)
	_ = os.Remove(file + ".crdownload")
}

// discardDownload removes the files of a download that is not kept, and
// has the download loop watch for them for leftoverWatch.
func (s *BrowserSession) discardDownload(file string) {
	d := &s.dl
	d.mu.Lock()
	if d.leftovers == nil {
		d.leftovers = map[string]time.Time{}
	}
	d.leftovers[file] = time.Now().Add(leftoverWatch)
	d.mu.Unlock()
	removeDownloadFiles(file)
}

// sweepLeftovers removes the watched files of downloads not kept, forgets
// those whose watch is over, and says whether any are still watched.
func (s *BrowserSession) sweepLeftovers(now time.Time) bool {
	d := &s.dl
	d.mu.Lock()
	files := make([]string, 0, len(d.leftovers))
	for f, until := range d.leftovers {
		files = append(files, f)
		if now.After(until) {
			delete(d.leftovers, f)
		}
	}
	more := len(d.leftovers) > 0
	d.mu.Unlock()
	for _, f := range files {
		removeDownloadFiles(f)
	}
	return more
}

// cleanupDownloadFiles removes the partial files left by downloads that
// never completed, once the browser is gone.
func (s *BrowserSession) cleanupDownloadFiles() {
	d := &s.dl
	if d.byID == nil {
		return
	}
	d.mu.Lock()
	var left []string
	for _, e := range d.list {
		if e.d.State == events.DownloadInProgress {
			left = append(left, filepath.Join(d.dir, e.d.ID))
		}
	}
	for f := range d.leftovers {
		left = append(left, f)
	}
	d.mu.Unlock()
	for _, f := range left {
		removeDownloadFiles(f)
	}
	if d.ownDir {
		// The session's private directory goes with it, files and all:
		// a download to keep goes to a --download-dir.
		_ = os.RemoveAll(d.dir)
	}
}
