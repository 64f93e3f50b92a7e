package session

import (
	"context"
	"fmt"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/budget"
)

// gracefulExitTimeout bounds the wait for a browser with a persistent
// profile to save it and exit, after which it is killed.
const gracefulExitTimeout = 10 * time.Second

// installStorage answers the requests about the session's state and files:
// cookies, web storage and storage states ("storage"), and downloads
// ("downloads", also a section of the page state).
// The session owns these requests; a second owner (a plugin) is refused by
// the bus, which is an error of Start.
func (s *BrowserSession) installStorage() error {
	var subs bus.Subscriptions
	subs.Add(bus.Handle(s.bus, "storage", func(ctx context.Context, e events.CookiesEvent) (events.CookiesResult, error) {
		c, err := s.Cookies(ctx, e.URLs)
		return events.CookiesResult{Cookies: c}, err
	}))
	subs.Add(bus.Handle(s.bus, "storage", func(ctx context.Context, e events.SetCookieEvent) (events.CookiesResult, error) {
		c, err := s.SetCookie(ctx, e.Cookie, e.URL)
		return events.CookiesResult{Cookies: c}, err
	}))
	subs.Add(bus.Handle(s.bus, "storage", func(ctx context.Context, e events.ClearCookiesEvent) (events.CookiesResult, error) {
		c, err := s.ClearCookies(ctx, e.URL)
		return events.CookiesResult{Cookies: c}, err
	}))
	subs.Add(bus.Handle(s.bus, "storage", s.WebStorage))
	subs.Add(bus.Handle(s.bus, "storage", func(ctx context.Context, e events.SaveStorageStateEvent) (events.StorageStateResult, error) {
		return s.SaveStorageState(ctx, e.Path)
	}))
	subs.Add(bus.Handle(s.bus, "storage", func(ctx context.Context, e events.LoadStorageStateEvent) (events.StorageStateResult, error) {
		return s.LoadStorageState(ctx, e.State)
	}))
	subs.Add(bus.Handle(s.bus, "downloads", func(ctx context.Context, e events.DownloadsEvent) (events.DownloadsResult, error) {
		if e.Wait {
			// Stop a little before the dispatch deadline, so that the
			// timeout is this handler's, which says what it waited for.
			wctx, cancel := budget.FromContext(ctx).Work()
			err := s.WaitDownloads(wctx)
			cancel()
			if err != nil {
				return events.DownloadsResult{}, err
			}
		}
		s.TakeDownloads()
		return s.Downloads(), nil
	}))
	subs.Add(bus.Contribute(s.bus, "downloads", func(ctx context.Context, e events.BrowserStateRequestEvent) (events.StatePart, error) {
		return s.Downloads(), nil
	}))
	if err := subs.Err(); err != nil {
		return fmt.Errorf("answering storage and download requests: %w", err)
	}
	return nil
}

// exitGracefully asks a launched browser to exit, so that it saves its
// persistent profile, and waits a while for it to go.
func (s *BrowserSession) exitGracefully() {
	if _, err := s.conn.Post("", "Browser.close", nil); err != nil {
		return
	}
	t := time.NewTimer(gracefulExitTimeout)
	defer t.Stop()
	select {
	case <-s.proc.Exited():
	case <-t.C:
		s.log.Warn().Msg("the browser did not exit within 10s of being asked; killing it (its profile may miss the last changes)")
	}
}
