package session

import (
	"context"
	"fmt"
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
