package session

import (
	"context"
	"errors"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// Downloads lists the session's downloads, oldest first, and where they
// are saved.
func (s *BrowserSession) Downloads() events.DownloadsResult {
	d := &s.dl
	d.mu.Lock()
	defer d.mu.Unlock()
	out := events.DownloadsResult{Dir: d.dir, Downloads: make([]events.Download, 0, len(d.list))}
	for _, e := range d.list {
		out.Downloads = append(out.Downloads, e.d)
	}
	return out
}

// TakeDownloads returns the downloads no result has reported yet and marks
// them reported: each download is told to the agent once, in the result
// of the action during or after which it began.
func (s *BrowserSession) TakeDownloads() []events.Download {
	d := &s.dl
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []events.Download
	for _, e := range d.list {
		if !e.reported {
			e.reported = true
			out = append(out, e.d)
		}
	}
	return out
}

// WaitDownloads waits, within ctx, until a download has begun since the
// last WaitDownloads returned (if none has) and none is in progress: an
// agent that clicked a link waits with it for the file, even when the
// browser announces the download after the click answered.
func (s *BrowserSession) WaitDownloads(ctx context.Context) error {
	d := &s.dl
	for {
		d.mu.Lock()
		ch := d.changed
		fresh := d.seq > d.waitedTo
		running := false
		for _, e := range d.list {
			running = running || e.d.State == events.DownloadInProgress
		}
		if fresh && !running {
			d.waitedTo = d.seq
			d.mu.Unlock()
			return nil
		}
		d.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return events.NewError(events.CodeCanceled, ctx.Err(), "waiting for downloads was cancelled by its caller")
			}
			// No cause: the bus takes an error that wraps the deadline
			// for its own timeout and drops this message.
			if running {
				return events.Errorf(events.CodeTimeout,
					"downloads were still in progress when the budget ran out; run downloads --wait again (or raise --timeout-ms), or downloads to see their progress")
			}
			return events.Errorf(events.CodeTimeout,
				"no new download began within the budget; start one first (click its link), or raise --timeout-ms")
		case <-s.done:
			return s.alive()
		}
	}
}

// WaitDownloadFrom waits, within ctx, until a download started by tab at
// or after since is known: a navigation that turned into a download ends
// before the browser announces the download.
func (s *BrowserSession) WaitDownloadFrom(ctx context.Context, tab events.TargetID, since time.Time) error {
	d := &s.dl
	for {
		d.mu.Lock()
		ch := d.changed
		found := false
		for _, e := range d.list {
			if e.d.TabID == tab && !e.d.StartedAt.Before(since) {
				found = true
				break
			}
		}
		d.mu.Unlock()
		if found {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return s.alive()
		}
	}
}
