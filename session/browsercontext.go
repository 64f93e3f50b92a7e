package session

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp/protocol/target"
)

// openBrowserContext gives a session on a shared browser a browser context
// of its own (Config.IsolatedContext): its tabs, cookies, storage and cache
// are not shared with the browser's other sessions. The context goes away
// with the session's connection (disposeOnDetach) or on Close.
func (s *BrowserSession) openBrowserContext(ctx context.Context) error {
	if s.proc != nil || !s.cfg.IsolatedContext {
		return nil
	}
	r, err := s.browser.Target.CreateBrowserContext(ctx, target.NewCreateBrowserContextArgs().SetDisposeOnDetach(true))
	if err != nil {
		return fmt.Errorf("creating a browser context: %w", err)
	}
	s.mu.Lock()
	s.browserContext = r.BrowserContextID
	s.mu.Unlock()
	return nil
}

// BrowserContext is the id of the browser context the session opened for
// itself on a shared browser (Config.IsolatedContext), or "" when it has
// none. Other sessions share the same browser in contexts of their own.
func (s *BrowserSession) BrowserContext() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.browserContext)
}

// createTargetArgs opens url in the session's browser context, if it has
// one; in the background (behind the window's front tab) when asked.
func (s *BrowserSession) createTargetArgs(url string, background bool) *target.CreateTargetArgs {
	args := target.NewCreateTargetArgs(url)
	if background {
		args.SetBackground(true)
	}
	s.mu.Lock()
	bc := s.browserContext
	s.mu.Unlock()
	if bc != "" {
		args.SetBrowserContextID(bc)
	}
	return args
}

// disposeBrowserContext removes the session's browser context and what it
// held.
func (s *BrowserSession) disposeBrowserContext(ctx context.Context) {
	s.mu.Lock()
	bc := s.browserContext
	s.browserContext = ""
	s.mu.Unlock()
	if bc != "" {
		_ = s.browser.Target.DisposeBrowserContext(ctx, target.NewDisposeBrowserContextArgs(bc))
	}
}
