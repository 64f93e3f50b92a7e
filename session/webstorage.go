package session

import (
	"context"
	"net/url"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
)

// WebStorage reads or changes the localStorage or sessionStorage of a tab's
// origin through the DOMStorage domain (see events.WebStorageEvent): no
// page script runs, so it works, and obeys nothing else, with the evaluate
// switch off.
func (s *BrowserSession) WebStorage(ctx context.Context, e events.WebStorageEvent) (events.WebStorageResult, error) {
	var local bool
	switch e.Kind {
	case events.LocalStorage:
		local = true
	case events.SessionStorage:
	default:
		return events.WebStorageResult{}, events.Errorf(events.CodeInvalidArgument, "storage kind %q: want local or session", e.Kind)
	}
	op := e.Op
	if op == "" {
		op = events.StorageGet
	}
	switch op {
	case events.StorageGet, events.StorageClear:
	case events.StorageSet, events.StorageRemove:
		if e.Key == "" {
			return events.WebStorageResult{}, events.Errorf(events.CodeInvalidArgument, "storage %s needs a key", op)
		}
	default:
		return events.WebStorageResult{}, events.Errorf(events.CodeInvalidArgument, "storage operation %q: want get, set, remove or clear", op)
	}
	tab, err := s.Tab(e.TabID)
	if err != nil {
		return events.WebStorageResult{}, err
	}
	origin, ok := storageOrigin(tab.URL())
	if !ok {
		return events.WebStorageResult{}, events.Errorf(events.CodeInvalidArgument,
			"the tab is at %q, which has no web storage of its own; navigate to a page of the site first", tab.URL())
	}
	var key struct {
		StorageKey string `json:"storageKey"`
	}
	// The storage key names the storage the page itself sees; an older
	// browser without it is asked by origin.
	_ = rpcc.Invoke(ctx, "Storage.getStorageKeyForFrame", map[string]any{"frameId": string(tab.ID)}, &key, tab.Conn)
	id := storageID(origin, key.StorageKey, local)
	res := events.WebStorageResult{TabID: tab.ID, Origin: origin, Kind: e.Kind}
	switch op {
	case events.StorageSet:
		err = domSet(ctx, tab, id, e.Key, e.Value)
	case events.StorageRemove:
		err = domRemove(ctx, tab, id, e.Key)
	case events.StorageClear:
		err = domClear(ctx, tab, id)
	}
	if err != nil {
		return res, err
	}
	items, err := domItems(ctx, tab, id)
	if err != nil {
		return res, err
	}
	if op == events.StorageGet && e.Key != "" {
		found := false
		res.Key = e.Key
		for _, it := range items {
			if it.Name == e.Key {
				v := it.Value
				res.Value, found = &v, true
				break
			}
		}
		res.Found = &found
		return res, nil
	}
	res.Items = items
	if res.Items == nil {
		res.Items = []events.StorageItem{}
	}
	return res, nil
}

// storageOrigin is the origin whose storage a document at raw uses, when
// it has one of its own.
func storageOrigin(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}
