package session

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// storageDocument is the page the storage page opens at every origin: no
// script, nothing to fetch.
const storageDocument = "<!doctype html><title>agentbrowser storage</title>"

// storagePageTimeout bounds closing the storage page after its work.
const storagePageTimeout = 5 * time.Second

// storagePage is a background tab of the session that opens an empty
// document of any origin without asking the network (its request is
// answered by the session, through request interception), so that the
// DOMStorage domain can read and write that origin's localStorage. No page
// script runs: an origin's own scripts never load, and ours are none, so
// it works with the evaluate switch off. The URL policy is the caller's
// to check: the page opens whatever origin it is given.
type storagePage struct {
	s      *BrowserSession
	t      *Target
	path   string
	remove func(context.Context)
}

// openStoragePage opens the storage page.
func (s *BrowserSession) openStoragePage(ctx context.Context) (*storagePage, error) {
	var tok [12]byte
	_, _ = rand.Read(tok[:])
	path := "/.agentbrowser-storage-" + hex.EncodeToString(tok[:])
	body := base64.StdEncoding.EncodeToString([]byte(storageDocument))
	p := &storagePage{s: s, path: path}
	p.remove = s.AddFetchOwner(ctx, FetchOwner{
		Name:     "storage_page",
		First:    true,
		Patterns: []FetchPattern{{URLPattern: "*" + path, ResourceType: "Document", RequestStage: "Request"}},
		Claims:   func(r PausedRequest) bool { return strings.HasSuffix(r.Request.URL, path) },
		Handle: func(ctx context.Context, t *Target, r PausedRequest) {
			_ = rpcc.Invoke(ctx, "Fetch.fulfillRequest", map[string]any{
				"requestId":    r.RequestID,
				"responseCode": 200,
				"responseHeaders": []map[string]string{
					{"name": "Content-Type", "value": "text/html; charset=utf-8"},
					{"name": "Content-Security-Policy", "value": "default-src 'none'"},
					{"name": "Cache-Control", "value": "no-store"},
				},
				"body": body,
			}, nil, t.Conn)
		},
	})
	t, err := s.NewTab(ctx, "")
	if err != nil {
		p.remove(context.WithoutCancel(ctx))
		return nil, fmt.Errorf("opening a page to reach web storage: %w", err)
	}
	p.t = t
	// A service worker of the origin would answer the document instead of
	// the interception (a persistent profile keeps them).
	_ = rpcc.Invoke(ctx, "Network.setBypassServiceWorker", map[string]any{"bypass": true}, nil, t.Conn)
	return p, nil
}

// close closes the page and ends the interception, even after ctx ended.
func (p *storagePage) close(ctx context.Context) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storagePageTimeout)
	defer cancel()
	if p.t != nil {
		_ = p.s.CloseTab(cctx, p.t.ID)
	}
	p.remove(cctx)
}

// open loads origin's empty document and waits until it is the page's.
func (p *storagePage) open(ctx context.Context, origin string) error {
	u := origin + p.path
	nav, err := p.t.Client.Page.FrameNavigated(ctx)
	if err != nil {
		return fmt.Errorf("opening %s for its storage: %w", origin, err)
	}
	defer nav.Close()
	r, err := p.t.Client.Page.Navigate(ctx, page.NewNavigateArgs(u))
	if err != nil {
		return fmt.Errorf("opening %s for its storage: %w", origin, err)
	}
	if r.ErrorText != nil && *r.ErrorText != "" {
		return fmt.Errorf("opening %s for its storage: %s", origin, *r.ErrorText)
	}
	for {
		ev, err := nav.Recv()
		if err != nil {
			return fmt.Errorf("opening %s for its storage: %w", origin, err)
		}
		if ev.Frame.ParentID == nil && ev.Frame.URL == u {
			return nil
		}
	}
}

// storageID is DOMStorage's name of an origin's localStorage or
// sessionStorage.
func storageID(origin, key string, local bool) map[string]any {
	id := map[string]any{"isLocalStorage": local}
	if key != "" {
		id["storageKey"] = key
	} else {
		id["securityOrigin"] = origin
	}
	return id
}

// domItems reads a storage area through t's DOMStorage domain.
func domItems(ctx context.Context, t *Target, id map[string]any) ([]events.StorageItem, error) {
	var r struct {
		Entries [][]string `json:"entries"`
	}
	if err := rpcc.Invoke(ctx, "DOMStorage.getDOMStorageItems", map[string]any{"storageId": id}, &r, t.Conn); err != nil {
		return nil, fmt.Errorf("reading web storage: %w", err)
	}
	items := make([]events.StorageItem, 0, len(r.Entries))
	for _, e := range r.Entries {
		if len(e) == 2 {
			items = append(items, events.StorageItem{Name: e[0], Value: e[1]})
		}
	}
	return items, nil
}

func domSet(ctx context.Context, t *Target, id map[string]any, key, value string) error {
	if err := rpcc.Invoke(ctx, "DOMStorage.setDOMStorageItem", map[string]any{"storageId": id, "key": key, "value": value}, nil, t.Conn); err != nil {
		return fmt.Errorf("setting web storage item %q: %w", key, err)
	}
	return nil
}

func domRemove(ctx context.Context, t *Target, id map[string]any, key string) error {
	if err := rpcc.Invoke(ctx, "DOMStorage.removeDOMStorageItem", map[string]any{"storageId": id, "key": key}, nil, t.Conn); err != nil {
		return fmt.Errorf("removing web storage item %q: %w", key, err)
	}
	return nil
}

func domClear(ctx context.Context, t *Target, id map[string]any) error {
	if err := rpcc.Invoke(ctx, "DOMStorage.clear", map[string]any{"storageId": id}, nil, t.Conn); err != nil {
		return fmt.Errorf("clearing web storage: %w", err)
	}
	return nil
}

// localItems reads origin's localStorage on the storage page.
func (p *storagePage) localItems(ctx context.Context, origin string) ([]events.StorageItem, error) {
	if err := p.open(ctx, origin); err != nil {
		return nil, err
	}
	return domItems(ctx, p.t, storageID(origin, "", true))
}

// replaceLocal makes origin's localStorage hold exactly items (used to put
// back what was there before a failed load).
func (p *storagePage) replaceLocal(ctx context.Context, origin string, items []events.StorageItem) error {
	if err := p.open(ctx, origin); err != nil {
		return err
	}
	id := storageID(origin, "", true)
	if err := domClear(ctx, p.t, id); err != nil {
		return err
	}
	var errs []error
	for _, it := range items {
		errs = append(errs, domSet(ctx, p.t, id, it.Name, it.Value))
	}
	return errors.Join(errs...)
}
