package request

import (
	"math"

	"github.com/agentbrowser/agentbrowser/events"
)

// Cookies lists the cookies of the session's browser context, HttpOnly
// ones included: all of them, or those a request to any of URLs sends.
//
// A listing larger than the output cap comes in pages: the result has the
// cookies that fit, Total and NextOffset, which is Offset of the next.
type Cookies struct {
	Returns[events.CookiesResult]
	URLs   []string `json:"urls,omitempty"`
	Offset int      `json:"offset,omitempty"`
}

func (Cookies) Command() string { return "cookies" }

// SetCookie sets one cookie, scoped by URL (a cookie of that host) or by
// Domain (".example.com": the domain and its subdomains). Path defaults to
// "/", Expires (seconds since the epoch) to a session cookie, SameSite to
// the browser's default (Lax).
type SetCookie struct {
	Returns[events.CookiesResult]
	Name     string  `json:"name"`
	Value    string  `json:"value"`
	URL      string  `json:"url,omitempty"`
	Domain   string  `json:"domain,omitempty"`
	Path     string  `json:"path,omitempty"`
	HTTPOnly bool    `json:"http_only,omitempty"`
	Secure   bool    `json:"secure,omitempty"`
	SameSite string  `json:"same_site,omitempty"`
	Expires  float64 `json:"expires,omitempty"`
}

func (SetCookie) Command() string { return "cookies_set" }

// Validate implements Validator.
func (q SetCookie) Validate() error {
	if q.Name == "" {
		return invalid("a cookie needs a name")
	}
	if (q.URL == "") == (q.Domain == "") {
		return invalid("a cookie needs a URL or a domain to belong to, one of them (--url or --domain)")
	}
	switch q.SameSite {
	case "", "Strict", "Lax", "None":
	default:
		return invalid("same-site %q: want Strict, Lax or None", q.SameSite)
	}
	if !(q.Expires >= 0) || math.IsInf(q.Expires, 1) {
		return invalid("expires %v: want seconds since the epoch (leave it out for a session cookie)", q.Expires)
	}
	return nil
}

// Validate implements Validator.
func (q Cookies) Validate() error {
	if q.Offset < 0 {
		return invalid("offset %d is negative", q.Offset)
	}
	return nil
}

// ClearCookies deletes the session's cookies: all of them, or those a
// request to URL sends. It answers with those deleted.
type ClearCookies struct {
	Returns[events.CookiesResult]
	URL string `json:"url,omitempty"`
}

func (ClearCookies) Command() string { return "cookies_clear" }

// Storage reads or changes the tab's localStorage (Kind "local") or
// sessionStorage ("session"): Op "get" (every item, or Key's), "set" (Key
// to Value), "remove" (Key) or "clear". It runs no page script.
type Storage struct {
	Returns[events.WebStorageResult]
	Kind  string `json:"kind"`
	Op    string `json:"op,omitempty"`
	Key   string `json:"key,omitempty"`
	Value string `json:"value,omitempty"`
}

func (Storage) Command() string { return "storage" }

// Validate implements Validator.
func (q Storage) Validate() error {
	if q.Kind != events.LocalStorage && q.Kind != events.SessionStorage {
		return invalid("storage %q: want local or session", q.Kind)
	}
	switch q.Op {
	case "", events.StorageGet, events.StorageClear:
	case events.StorageSet, events.StorageRemove:
		if q.Key == "" {
			return invalid("storage %s needs a key", q.Op)
		}
	default:
		return invalid("storage operation %q: want get, set, remove or clear", q.Op)
	}
	return nil
}

// SaveState writes the session's cookies and localStorage to Path as
// Playwright's storageState JSON, mode 0600, never through a symbolic link.
type SaveState struct {
	Returns[events.StorageStateResult]
	Path string `json:"path"`
}

func (SaveState) Command() string { return "state_save" }

// Validate implements Validator.
func (q SaveState) Validate() error {
	if q.Path == "" {
		return invalid("state save needs a file to write")
	}
	return nil
}

// LoadState reads a storage state file (Playwright's storageState JSON)
// and adds its cookies and localStorage to the session, all or nothing.
type LoadState struct {
	Returns[events.StorageStateResult]
	Path string `json:"path"`
}

func (LoadState) Command() string { return "state_load" }

// Validate implements Validator.
func (q LoadState) Validate() error {
	if q.Path == "" {
		return invalid("state load needs a file to read")
	}
	return nil
}

// Downloads lists the session's downloads and the directory they are saved
// in; with Wait it first waits, within the budget, until a download has
// begun since the last wait and none is in progress.
type Downloads struct {
	Returns[events.DownloadsResult]
	Wait bool `json:"wait,omitempty"`
}

func (Downloads) Command() string { return "downloads" }

// PDF prints the tab to a PDF file at Path (empty: a new file in the
// session's download directory), mode 0600. Paper is Letter (default) or
// A4.
type PDF struct {
	Returns[events.PDFResult]
	Path       string `json:"path,omitempty"`
	Landscape  bool   `json:"landscape,omitempty"`
	Paper      string `json:"paper,omitempty"`
	Background bool   `json:"background,omitempty"`
}

func (PDF) Command() string { return "pdf" }

// Validate implements Validator.
func (q PDF) Validate() error {
	switch q.Paper {
	case "", events.PaperLetter, events.PaperA4:
		return nil
	}
	return invalid("paper %q: want A4 or Letter", q.Paper)
}
