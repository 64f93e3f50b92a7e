package actions

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// downloadAnnounceWait bounds how long a navigation that turned into a
// download waits for the browser to announce that download: Page.navigate
// answers first.
const downloadAnnounceWait = 5 * time.Second

// actionDownloadWait bounds how long an action whose navigation never
// committed waits for the download it may have started to be announced
// (it comes within milliseconds; a page that cancelled its navigation
// costs this once).
const actionDownloadWait = 2 * time.Second

// addDownloads lists in an action's or a navigation's result the downloads
// that began during it, or since the last result that listed downloads
// (session.TakeDownloads): each is reported once.
func addDownloads(ctx context.Context, s *session.BrowserSession, r any, start time.Time) {
	switch v := r.(type) {
	case *events.ActionResult:
		if v.MayDownload && v.TabID != "" {
			// The action asked for a navigation that never committed, as
			// a link to a file does: the browser announces the download
			// a moment after, and this action's result is where it goes.
			wctx, cancel := context.WithTimeout(ctx, actionDownloadWait)
			_ = s.WaitDownloadFrom(wctx, v.TabID, start)
			cancel()
		}
		v.Downloads = s.TakeDownloads()
	case *events.NavigationResult:
		if v.Download {
			wctx, cancel := context.WithTimeout(ctx, downloadAnnounceWait)
			_ = s.WaitDownloadFrom(wctx, v.TabID, start)
			cancel()
		}
		v.Downloads = s.TakeDownloads()
	}
}

// Downloads lists the session's downloads, oldest first, and the directory
// they are saved in. With wait it first waits, within ctx, until a
// download not yet reported has begun and none is in progress.
func Downloads(ctx context.Context, s *session.BrowserSession, wait bool) (events.DownloadsResult, error) {
	return Do[events.DownloadsEvent, events.DownloadsResult](ctx, s, events.DownloadsEvent{Wait: wait})
}
