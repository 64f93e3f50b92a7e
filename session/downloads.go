package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

const (
	// maxDownloads is how many downloads a session remembers.
	maxDownloads = 200
	// maxDownloadURL cuts a download's URL (a data: URL can be megabytes).
	maxDownloadURL = 2000
	// maxOwnedIDs bounds the ids of targets the session has owned, by
	// which a download from a tab that is gone (a popup that downloads
	// closes itself) is still known as the session's.
	maxOwnedIDs = 4096
	// downloadCallTimeout bounds one browser call of the tracker.
	downloadCallTimeout = 5 * time.Second
	// leftoverWatch is how long the files of a download that ended without
	// being kept are watched after its end, and leftoverPoll how often: the
	// browser reports a cancel before its file thread has stopped, and may
	// still rename its partial file into place after the report.
	leftoverWatch = 3 * time.Second
	leftoverPoll  = 20 * time.Millisecond
	// sizePoll is how often the partial files of a local browser's
	// downloads are measured: Chromium reports a download's progress only
	// every half second, in which a download over loopback grows by 100
	// MB and more, so --max-download-bytes would be overshot 20 times
	// over.
	sizePoll = 10 * time.Millisecond
)

// downloadWillBegin is Browser.downloadWillBegin.
type downloadWillBegin struct {
	FrameID           string `json:"frameId"`
	GUID              string `json:"guid"`
	URL               string `json:"url"`
	SuggestedFilename string `json:"suggestedFilename"`
}

// downloadProgress is Browser.downloadProgress, with the file path that
// the generated client leaves out.
type downloadProgress struct {
	GUID          string  `json:"guid"`
	TotalBytes    float64 `json:"totalBytes"`
	ReceivedBytes float64 `json:"receivedBytes"`
	State         string  `json:"state"`
	FilePath      string  `json:"filePath"`
}

// downloadEntry is one download the session follows.
type downloadEntry struct {
	d        events.Download
	seq      int // 1 for the session's first download, and so on
	reported bool
	// cancel is why the session asked the browser to cancel it.
	cancel *events.DownloadError
}

// downloads follows the session's downloads. The browser names each file by
// its id (allowAndName), so nothing the page says reaches the file system
// until the download completes and the session gives the file a safe name.
type downloads struct {
	dir    string
	ownDir bool // the session's own, removed by Close with its files
	max    int64

	mu       sync.Mutex
	list     []*downloadEntry
	byID     map[string]*downloadEntry
	changed  chan struct{}
	owned    map[events.TargetID]events.TargetID // target id: its tab
	order    []events.TargetID
	started  bool // the browser was told where downloads go
	seq      int  // downloads begun so far
	waitedTo int  // the seq of the last download a WaitDownloads saw end
	// leftovers are the files of downloads that ended without being kept
	// (see removeDownloadFiles), each removed whenever it appears until
	// its time is up.
	leftovers map[string]time.Time
}

// ownTarget remembers that the session owned target id, of tab.
func (s *BrowserSession) ownTarget(id, tab events.TargetID) {
	d := &s.dl
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.owned == nil {
		return
	}
	if _, ok := d.owned[id]; !ok {
		d.order = append(d.order, id)
		if len(d.order) > maxOwnedIDs {
			delete(d.owned, d.order[0])
			d.order = d.order[1:]
		}
	}
	d.owned[id] = tab
}

// startDownloads tells the browser to save the downloads of the session's
// browser context into its directory, named by their ids, and to report
// them; and follows them. Download events are the browser's: every
// connection that asked for them sees those of every context, so the
// session keeps only those started by a frame of its own tabs.
func (s *BrowserSession) startDownloads(ctx context.Context) error {
	sctx, cancel := context.WithCancel(context.Background())
	conn := s.conn.Browser()
	begin, err := rpcc.NewStream(sctx, "Browser.downloadWillBegin", conn)
	if err != nil {
		cancel()
		return fmt.Errorf("following downloads: %w", err)
	}
	progress, err := rpcc.NewStream(sctx, "Browser.downloadProgress", conn)
	if err != nil {
		begin.Close()
		cancel()
		return fmt.Errorf("following downloads: %w", err)
	}
	closeAll := func() {
		begin.Close()
		progress.Close()
		cancel()
	}
	if err := rpcc.Sync(begin, progress); err != nil {
		closeAll()
		return fmt.Errorf("following downloads: %w", err)
	}
	params := s.withContext(map[string]any{"behavior": "allowAndName", "downloadPath": s.dl.dir, "eventsEnabled": true})
	if err := rpcc.Invoke(ctx, "Browser.setDownloadBehavior", params, nil, conn); err != nil {
		closeAll()
		return fmt.Errorf("setting where downloads go: %w", err)
	}
	s.dl.mu.Lock()
	s.dl.started = true
	s.dl.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer closeAll()
		var sweep, size *time.Ticker
		var sweepC, sizeC <-chan time.Time
		defer func() {
			if sweep != nil {
				sweep.Stop()
			}
			if size != nil {
				size.Stop()
			}
		}()
		local := s.browserIsLocal()
		// remeasure cancels a download whose partial file has grown past
		// the cap, and keeps a ticker only while downloads are running.
		remeasure := func() {
			switch more := local && s.measureDownloads(); {
			case more && size == nil:
				size = time.NewTicker(sizePoll)
				sizeC = size.C
			case !more && size != nil:
				size.Stop()
				size, sizeC = nil, nil
			}
		}
		// resweep removes what is left of downloads not kept, and keeps a
		// ticker only while there is something to watch.
		resweep := func() {
			switch more := s.sweepLeftovers(time.Now()); {
			case more && sweep == nil:
				sweep = time.NewTicker(leftoverPoll)
				sweepC = sweep.C
			case !more && sweep != nil:
				sweep.Stop()
				sweep, sweepC = nil, nil
			}
		}
		for {
			select {
			case <-begin.Ready():
				var ev downloadWillBegin
				if err := begin.RecvMsg(&ev); err != nil {
					return
				}
				s.downloadBegan(ev)
				remeasure()
			case <-progress.Ready():
				var ev downloadProgress
				if err := progress.RecvMsg(&ev); err != nil {
					return
				}
				s.downloadProgressed(ev)
				resweep()
				remeasure()
			case <-sweepC:
				resweep()
			case <-sizeC:
				remeasure()
			case <-s.closing:
				return
			case <-s.conn.Done():
				return
			}
		}
	}()
	return nil
}

// downloadTab is the tab of the session whose frame started a download,
// or false when the frame is not the session's.
func (s *BrowserSession) downloadTab(frame string) (events.TargetID, bool) {
	d := &s.dl
	d.mu.Lock()
	tab, ok := d.owned[events.TargetID(frame)]
	d.mu.Unlock()
	if ok {
		return tab, true
	}
	// A frame in a tab's own process is no target: look in the tabs'
	// frame trees.
	ctx, cancel := context.WithTimeout(context.Background(), downloadCallTimeout)
	defer cancel()
	for _, t := range s.Targets() {
		tree, err := t.Client.Page.GetFrameTree(ctx)
		if err != nil {
			continue
		}
		if hasFrame(tree.FrameTree, page.FrameID(frame)) {
			return t.TabID, true
		}
	}
	return "", false
}

func hasFrame(n page.FrameTree, id page.FrameID) bool {
	if n.Frame.ID == id {
		return true
	}
	for _, c := range n.ChildFrames {
		if hasFrame(c, id) {
			return true
		}
	}
	return false
}

// downloadBegan records a download of the session, and cancels it at
// once when the session's origin lists refuse its URL.
func (s *BrowserSession) downloadBegan(ev downloadWillBegin) {
	tab, ours := s.downloadTab(ev.FrameID)
	if !ours {
		return
	}
	u := ev.URL
	if len(u) > maxDownloadURL {
		u = u[:maxDownloadURL] + "..."
	}
	e := &downloadEntry{d: events.Download{
		ID: ev.GUID, URL: u, SuggestedFilename: ev.SuggestedFilename,
		State: events.DownloadInProgress, TabID: tab, StartedAt: time.Now(),
	}}
	d := &s.dl
	d.mu.Lock()
	d.seq++
	e.seq = d.seq
	d.byID[ev.GUID] = e
	d.list = append(d.list, e)
	if n := len(d.list); n > maxDownloads {
		for _, old := range d.list[:n-maxDownloads] {
			delete(d.byID, old.d.ID)
		}
		d.list = slices.Delete(d.list, 0, n-maxDownloads)
	}
	d.notifyLocked()
	d.mu.Unlock()
	s.log.Info().Str("url", u).Str("tab", string(tab)).Msg("download began")
	if err := s.cfg.Policy.CheckOrigin(ev.URL); err != nil {
		var ce *events.Error
		msg := err.Error()
		if errors.As(err, &ce) {
			msg = ce.Message
		}
		s.cancelDownload(e, &events.DownloadError{Code: events.CodeURLNotAllowed, Message: "download canceled: " + msg})
	}
}

// cancelDownload asks the browser to stop a download, once, for why.
func (s *BrowserSession) cancelDownload(e *downloadEntry, why *events.DownloadError) {
	d := &s.dl
	d.mu.Lock()
	if e.cancel != nil {
		d.mu.Unlock()
		return
	}
	e.cancel = why
	d.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), downloadCallTimeout)
	defer cancel()
	if err := rpcc.Invoke(ctx, "Browser.cancelDownload", s.withContext(map[string]any{"guid": e.d.ID}), nil, s.conn.Browser()); err != nil {
		s.log.Debug().Err(err).Str("download", e.d.ID).Msg("cancelling a download failed")
	}
}

// downloadProgressed follows a download to its end: too large, cancelled
// and kept files removed, a completed file given its safe name and mode.
func (s *BrowserSession) downloadProgressed(ev downloadProgress) {
	d := &s.dl
	d.mu.Lock()
	e, ok := d.byID[ev.GUID]
	if !ok || e.d.State != events.DownloadInProgress {
		d.mu.Unlock()
		return
	}
	// A cancelled download reports 0 bytes received; keep what was seen.
	e.d.Bytes, e.d.TotalBytes = max(e.d.Bytes, int64(ev.ReceivedBytes)), int64(ev.TotalBytes)
	tooLarge := d.max > 0 && (e.d.Bytes > d.max || e.d.TotalBytes > d.max)
	canceling := e.cancel != nil
	d.notifyLocked()
	d.mu.Unlock()
	file := ev.FilePath
	if file == "" {
		file = filepath.Join(d.dir, ev.GUID)
	}
	tooLargeErr := d.tooLarge()
	switch ev.State {
	case "inProgress":
		if tooLarge && !canceling {
			s.cancelDownload(e, tooLargeErr)
		}
		return
	case "completed":
		if canceling || tooLarge {
			s.discardDownload(file)
			why := e.cancel
			if why == nil {
				why = tooLargeErr
			}
			s.endDownload(e, events.DownloadCanceled, "", why)
			return
		}
		path, err := s.placeDownload(file, e.d.SuggestedFilename)
		if err != nil {
			_ = os.Remove(file)
			s.endDownload(e, events.DownloadFailed, "", &events.DownloadError{Code: events.CodeDownloadFailed,
				Message: fmt.Sprintf("the download completed but its file could not be kept in %s: %v", d.dir, err)})
			return
		}
		s.endDownload(e, events.DownloadCompleted, path, nil)
	case "canceled":
		// Chrome removes its partial file (NAME.crdownload) on its own
		// time, after it reports the cancel, and may even rename it into
		// place after the report: the session removes it now and watches
		// for it a while (see sweepLeftovers).
		s.discardDownload(file)
		if canceling {
			s.endDownload(e, events.DownloadCanceled, "", e.cancel)
			return
		}
		s.endDownload(e, events.DownloadFailed, "", &events.DownloadError{Code: events.CodeDownloadFailed,
			Message: "the browser stopped the download before it completed (the server closed the connection or the network failed); try again"})
	}
}

func (d *downloads) tooLarge() *events.DownloadError {
	return &events.DownloadError{Code: events.CodeDownloadTooLarge,
		Message: fmt.Sprintf("download canceled: it is larger than this session's limit of %d bytes (--max-download-bytes); nothing of it was kept", d.max)}
}

// measureDownloads measures the partial file of each download in
// progress (the browser writes ID.crdownload, then ID, in the download
// directory) and cancels one that has grown past the cap. It reports
// whether any download is still in progress and not being cancelled.
func (s *BrowserSession) measureDownloads() bool {
	d := &s.dl
	if d.max <= 0 {
		return false
	}
	d.mu.Lock()
	var running []*downloadEntry
	for _, e := range d.list {
		if e.d.State == events.DownloadInProgress && e.cancel == nil {
			running = append(running, e)
		}
	}
	d.mu.Unlock()
	more := false
	for _, e := range running {
		var size int64
		for _, f := range []string{e.d.ID + ".crdownload", e.d.ID} {
			if st, err := os.Lstat(filepath.Join(d.dir, f)); err == nil && st.Mode().IsRegular() {
				size = max(size, st.Size())
			}
		}
		if size <= d.max {
			more = true
			continue
		}
		d.mu.Lock()
		e.d.Bytes = max(e.d.Bytes, size)
		d.notifyLocked()
		d.mu.Unlock()
		s.cancelDownload(e, d.tooLarge())
	}
	return more
}

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

// endDownload records a download's end.
func (s *BrowserSession) endDownload(e *downloadEntry, state, path string, why *events.DownloadError) {
	d := &s.dl
	now := time.Now()
	d.mu.Lock()
	e.d.State, e.d.Path, e.d.Error, e.d.EndedAt = state, path, why, &now
	d.notifyLocked()
	d.mu.Unlock()
	ev := s.log.Info().Str("state", state).Str("path", path).Int64("bytes", e.d.Bytes)
	if why != nil {
		ev = ev.Str("code", string(why.Code))
	}
	ev.Msg("download ended")
}

func (d *downloads) notifyLocked() {
	close(d.changed)
	d.changed = make(chan struct{})
}

// stopDownloads runs at Close while the browser is still there: it
// cancels the downloads still running, and on a shared browser's default
// context (no context of the session's own) gives the browser back its
// own download behaviour.
func (s *BrowserSession) stopDownloads(ctx context.Context) {
	d := &s.dl
	if d.byID == nil {
		return
	}
	d.mu.Lock()
	var running []string
	for _, e := range d.list {
		if e.d.State == events.DownloadInProgress {
			running = append(running, e.d.ID)
		}
	}
	d.mu.Unlock()
	for _, id := range running {
		_ = rpcc.Invoke(ctx, "Browser.cancelDownload", s.withContext(map[string]any{"guid": id}), nil, s.conn.Browser())
	}
	s.mu.Lock()
	shared := s.proc == nil && s.browserContext == ""
	s.mu.Unlock()
	if shared && d.started {
		_ = rpcc.Invoke(ctx, "Browser.setDownloadBehavior", map[string]any{"behavior": "default"}, nil, s.conn.Browser())
	}
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
