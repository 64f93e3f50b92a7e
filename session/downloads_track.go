package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

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
