package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func cookies(ctx context.Context, b *Browser, q request.Cookies) (events.CookiesResult, error) {
	r, err := actions.Cookies(ctx, b.s, q.URLs...)
	if err != nil {
		return r, err
	}
	return pageCookies(r, q.Offset, b.capBytes()), nil
}

// pageCookies cuts a listing to the page at offset that fits in capBytes.
func pageCookies(r events.CookiesResult, offset, capBytes int) events.CookiesResult {
	all := len(r.Cookies)
	r.Cookies, r.NextOffset = pageOf(r.Cookies, offset, capBytes-pageReserve)
	if offset > 0 || r.NextOffset > 0 {
		r.Total = all
	}
	return r
}

func setCookie(ctx context.Context, b *Browser, q request.SetCookie) (events.CookiesResult, error) {
	return actions.SetCookie(ctx, b.s, events.Cookie{
		Name: q.Name, Value: q.Value, Domain: q.Domain, Path: q.Path,
		Expires: q.Expires, HTTPOnly: q.HTTPOnly, Secure: q.Secure, SameSite: q.SameSite,
	}, q.URL)
}

func clearCookies(ctx context.Context, b *Browser, q request.ClearCookies) (events.CookiesResult, error) {
	return actions.ClearCookies(ctx, b.s, q.URL)
}

func storage(ctx context.Context, b *Browser, q request.Storage) (events.WebStorageResult, error) {
	return actions.WebStorage(ctx, b.s, events.WebStorageEvent{Kind: q.Kind, Op: q.Op, Key: q.Key, Value: q.Value})
}

func saveState(ctx context.Context, b *Browser, q request.SaveState) (events.StorageStateResult, error) {
	return actions.SaveStorageState(ctx, b.s, q.Path)
}

func loadState(ctx context.Context, b *Browser, q request.LoadState) (events.StorageStateResult, error) {
	return actions.LoadStorageState(ctx, b.s, q.Path)
}

func downloads(ctx context.Context, b *Browser, q request.Downloads) (events.DownloadsResult, error) {
	return actions.Downloads(ctx, b.s, q.Wait)
}

func pdf(ctx context.Context, b *Browser, q request.PDF) (events.PDFResult, error) {
	path := q.Path
	if path == "" {
		path = filepath.Join(b.s.DownloadDir(), fmt.Sprintf("page-%s.pdf", time.Now().UTC().Format("20060102-150405.000")))
	}
	return actions.PDF(ctx, b.s, events.PDFEvent{Path: path, Landscape: q.Landscape, Paper: q.Paper, Background: q.Background})
}
