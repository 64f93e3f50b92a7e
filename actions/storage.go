package actions

import (
	"context"
	"path/filepath"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Cookies lists the cookies of the session's browser context, HttpOnly
// ones included: all, or those a request to any of urls would send.
func Cookies(ctx context.Context, s *session.BrowserSession, urls ...string) (events.CookiesResult, error) {
	return Do[events.CookiesEvent, events.CookiesResult](ctx, s, events.CookiesEvent{URLs: urls})
}

// SetCookie sets a cookie, scoped by url or by c.Domain, and returns it as
// the browser stored it.
func SetCookie(ctx context.Context, s *session.BrowserSession, c events.Cookie, url string) (events.CookiesResult, error) {
	return Do[events.SetCookieEvent, events.CookiesResult](ctx, s, events.SetCookieEvent{Cookie: c, URL: url})
}

// ClearCookies deletes the session's cookies (with url, those a request to
// it would send) and returns those it deleted.
func ClearCookies(ctx context.Context, s *session.BrowserSession, url string) (events.CookiesResult, error) {
	return Do[events.ClearCookiesEvent, events.CookiesResult](ctx, s, events.ClearCookiesEvent{URL: url})
}

// WebStorage reads or changes the active tab's localStorage or
// sessionStorage (see events.WebStorageEvent).
func WebStorage(ctx context.Context, s *session.BrowserSession, e events.WebStorageEvent) (events.WebStorageResult, error) {
	return Do[events.WebStorageEvent, events.WebStorageResult](ctx, s, e)
}

// SaveStorageState writes the session's cookies and localStorage to path as
// Playwright's storageState JSON, mode 0600.
func SaveStorageState(ctx context.Context, s *session.BrowserSession, path string) (events.StorageStateResult, error) {
	return Do[events.SaveStorageStateEvent, events.StorageStateResult](ctx, s, events.SaveStorageStateEvent{Path: path})
}

// StorageState reads the session's cookies and localStorage.
func StorageState(ctx context.Context, s *session.BrowserSession) (events.StorageState, error) {
	r, err := Do[events.SaveStorageStateEvent, events.StorageStateResult](ctx, s, events.SaveStorageStateEvent{})
	if err != nil || r.State == nil {
		return events.StorageState{}, err
	}
	return *r.State, nil
}

// LoadStorageState reads a storage state file (Playwright's storageState
// JSON) and adds its cookies and localStorage to the session; a malformed
// file is invalid_argument naming what is wrong, and nothing is loaded.
func LoadStorageState(ctx context.Context, s *session.BrowserSession, path string) (events.StorageStateResult, error) {
	st, err := session.ReadStorageState(path)
	if err != nil {
		return events.StorageStateResult{}, err
	}
	r, err := ApplyStorageState(ctx, s, st)
	if err == nil {
		r.Path, _ = filepath.Abs(path)
	}
	return r, err
}

// ApplyStorageState adds a state's cookies and localStorage to the
// session, all or nothing.
func ApplyStorageState(ctx context.Context, s *session.BrowserSession, st events.StorageState) (events.StorageStateResult, error) {
	return Do[events.LoadStorageStateEvent, events.StorageStateResult](ctx, s, events.LoadStorageStateEvent{State: st})
}

// PDF prints the active tab to a PDF file (see events.PDFEvent).
func PDF(ctx context.Context, s *session.BrowserSession, e events.PDFEvent) (events.PDFResult, error) {
	return Do[events.PDFEvent, events.PDFResult](ctx, s, e)
}
