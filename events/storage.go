package events

import "encoding/json"

// Codes of the session's state and files (see docs/cli.md).
const (
	// CodeProfileInUse: the persistent profile directory a session was
	// asked to use (--profile) is held by another running session, named in
	// the message; nothing was started.
	CodeProfileInUse Code = "profile_in_use"
	// CodeProfileUnsafe: the persistent profile directory (--profile) is
	// not private to the daemon's user: another user owns it or something
	// in it, others may write to it, or it holds a symbolic link or a
	// FIFO. The message names the path and the fix; nothing was started.
	CodeProfileUnsafe Code = "profile_unsafe"
	// CodeTooManyCookies: a storage state holds more cookies than the
	// browser keeps (about 3,300 in all, 180 of one site), with those the
	// session holds; the browser would evict some without a word, so
	// nothing was loaded.
	CodeTooManyCookies Code = "too_many_cookies"
	// CodeDownloadTooLarge: a download grew past the session's
	// --max-download-bytes and was cancelled; nothing of it was kept.
	CodeDownloadTooLarge Code = "download_too_large"
	// CodeDownloadFailed: the browser stopped a download before it
	// completed (the server closed the connection, a network error), or its
	// file could not be put in the download directory.
	CodeDownloadFailed Code = "download_failed"
)

// Sentinels of the state codes, for errors.Is.
var (
	ErrProfileInUse     = &Error{Code: CodeProfileInUse}
	ErrProfileUnsafe    = &Error{Code: CodeProfileUnsafe}
	ErrDownloadTooLarge = &Error{Code: CodeDownloadTooLarge}
)

// Cookie is one browser cookie, in the form of Playwright's storageState
// and context.cookies(): the same field names and meanings.
type Cookie struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Domain is the host a host-only cookie is sent to ("example.com"), or
	// the domain, with its leading dot, whose hosts a domain cookie is
	// sent to (".example.com").
	Domain string `json:"domain"`
	Path   string `json:"path"`
	// Expires is when the cookie expires, in seconds since the Unix epoch;
	// -1 for a session cookie.
	Expires  float64 `json:"expires"`
	HTTPOnly bool    `json:"httpOnly"`
	Secure   bool    `json:"secure"`
	// SameSite is "Strict", "Lax" or "None".
	SameSite string `json:"sameSite"`
	// PartitionKey is the top-level site of a partitioned cookie (CHIPS),
	// empty for the usual unpartitioned one.
	PartitionKey string `json:"partitionKey,omitempty"`
}

// CookiesEvent lists the cookies of the session's browser context, HttpOnly
// ones included: all of them, or with URLs those a request to any of the
// URLs would send. Handled by the session ("storage"); result
// CookiesResult.
type CookiesEvent struct {
	URLs []string
}

// CookiesResult lists cookies.
type CookiesResult struct {
	Cookies []Cookie `json:"cookies"`
	// Total is how many cookies the listing has when Cookies holds one
	// page of them; NextOffset is where the next page starts (0: none).
	Total      int `json:"total,omitempty"`
	NextOffset int `json:"next_offset,omitempty"`
}

// SetCookieEvent sets one cookie in the session's browser context. The
// cookie's scope is URL (a host-only cookie of that host) or Cookie.Domain
// (".example.com" for the domain and its subdomains); an empty Path is
// "/", a zero Expires makes a session cookie, an empty SameSite leaves the
// browser's default (Lax). Handled by the session ("storage"); result
// CookiesResult with the cookie as the browser stored it.
type SetCookieEvent struct {
	Cookie Cookie
	URL    string
}

// ClearCookiesEvent deletes the cookies of the session's browser context:
// all of them, or with URL those a request to it would send. Handled by the
// session ("storage"); result CookiesResult with the cookies deleted.
type ClearCookiesEvent struct {
	URL string
}

// Web storage kinds of WebStorageEvent.
const (
	LocalStorage   = "local"
	SessionStorage = "session"
)

// Web storage operations of WebStorageEvent.
const (
	StorageGet    = "get"
	StorageSet    = "set"
	StorageRemove = "remove"
	StorageClear  = "clear"
)

// WebStorageEvent reads or changes the localStorage (Kind "local") or
// sessionStorage ("session") of a tab's origin (TabID, or the active tab),
// through the browser's DOMStorage domain: no page script runs. Op is
// "get" (every item, or with Key that item), "set" (Key to Value),
// "remove" (Key) or "clear". Handled by the session ("storage"); result
// WebStorageResult. A tab without a storage origin (about:blank, data:)
// is invalid_argument.
type WebStorageEvent struct {
	TabID TargetID
	Kind  string
	Op    string
	Key   string
	Value string
}

// StorageItem is one web storage item, in Playwright's storageState form.
type StorageItem struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// WebStorageResult is the storage after WebStorageEvent: every item for a
// get of all (and after set, remove and clear), or with Key the one item's
// Value and whether it exists.
type WebStorageResult struct {
	TabID  TargetID `json:"tab_id"`
	Origin string   `json:"origin"`
	Kind   string   `json:"kind"`
	// Items is every item; nil for a get of one Key.
	Items []StorageItem `json:"items"`
	Key   string        `json:"key,omitempty"`
	Value *string       `json:"value,omitempty"`
	// Found is set for a get of one Key: whether the item exists.
	Found *bool `json:"found,omitempty"`
}

// MarshalJSON writes {tab_id, origin, kind} and either items (a list, maybe
// empty) or, for a get of one key, key, found and value (when found).
func (r WebStorageResult) MarshalJSON() ([]byte, error) {
	w := struct {
		TabID  TargetID       `json:"tab_id"`
		Origin string         `json:"origin"`
		Kind   string         `json:"kind"`
		Items  *[]StorageItem `json:"items,omitempty"`
		Key    string         `json:"key,omitempty"`
		Found  *bool          `json:"found,omitempty"`
		Value  *string        `json:"value,omitempty"`
	}{TabID: r.TabID, Origin: r.Origin, Kind: r.Kind, Key: r.Key, Found: r.Found, Value: r.Value}
	if r.Found == nil {
		items := r.Items
		if items == nil {
			items = []StorageItem{}
		}
		w.Items = &items
	}
	return json.Marshal(w)
}

// StorageState is what a signed-in session keeps: its cookies and the
// localStorage of its origins, in the JSON form of Playwright's
// storageState, so that a file written by one loads in the other.
type StorageState struct {
	Cookies []Cookie      `json:"cookies"`
	Origins []OriginState `json:"origins"`
}

// OriginState is the localStorage of one origin ("https://example.com").
type OriginState struct {
	Origin       string        `json:"origin"`
	LocalStorage []StorageItem `json:"localStorage"`
}

// SaveStorageStateEvent reads the session's storage state: every cookie of
// its browser context and the localStorage of each origin the session has
// opened (pages and frames) or loaded state for. With Path it also writes
// the state there as JSON, mode 0600 (never through a symbolic link).
// Handled by the session ("storage"); result StorageStateResult.
type SaveStorageStateEvent struct {
	Path string
}

// DroppedCookie is a cookie of a loaded state that the browser did not
// keep.
type DroppedCookie struct {
	Name   string `json:"name"`
	Domain string `json:"domain"`
	Path   string `json:"path"`
}

// LoadStorageStateEvent adds State's cookies and localStorage items to the
// session (same-named ones are replaced; nothing else is removed). The
// whole state is checked before anything is applied, and a failure while
// applying puts back what was there: nothing is half-loaded. Handled by the
// session ("storage"); result StorageStateResult.
type LoadStorageStateEvent struct {
	State StorageState
}

// StorageStateResult describes a saved or loaded state.
type StorageStateResult struct {
	Path string `json:"path,omitempty"`
	// Cookies is how many cookies were saved; of a load, how many of the
	// state's cookies the browser holds afterwards (read back from it).
	Cookies int      `json:"cookies"`
	Origins []string `json:"origins"`
	// Dropped names cookies of a loaded state the browser does not hold
	// afterwards (it refused them without a word: expired, or not valid
	// for their domain), at most 20; DroppedMore counts the others, and
	// Warning says so in words.
	Dropped     []DroppedCookie `json:"dropped,omitempty"`
	DroppedMore int             `json:"dropped_more,omitempty"`
	Warning     string          `json:"warning,omitempty"`
	// State is the saved state itself (SaveStorageStateEvent without a
	// Path); never printed by the CLI, which writes files.
	State *StorageState `json:"state,omitempty"`
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *WebStorageResult) UnmarshalJSON(b []byte) error {
	var w struct {
		TabID  TargetID      `json:"tab_id"`
		Origin string        `json:"origin"`
		Kind   string        `json:"kind"`
		Items  []StorageItem `json:"items"`
		Key    string        `json:"key"`
		Found  *bool         `json:"found"`
		Value  *string       `json:"value"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = WebStorageResult{TabID: w.TabID, Origin: w.Origin, Kind: w.Kind, Items: w.Items, Key: w.Key, Found: w.Found, Value: w.Value}
	return nil
}
