package events

// WaitUntil names the page lifecycle point a navigation waits for.
type WaitUntil string

const (
	// WaitLoad waits for the load event (the default).
	WaitLoad WaitUntil = "load"
	// WaitDOMContentLoaded waits for DOMContentLoaded.
	WaitDOMContentLoaded WaitUntil = "domcontentloaded"
	// WaitNone returns once the navigation was committed.
	WaitNone WaitUntil = "none"
)

// NavigateToURLEvent loads URL in a tab (TabID, or the active tab when
// empty) and waits for WaitUntil within the dispatch deadline. Owned by
// DefaultActionWatchdog; result NavigationResult. An unreachable URL is an
// error wrapping ErrNavigationFailed-like codes, never a hang.
type NavigateToURLEvent struct {
	TabID     TargetID
	URL       string
	WaitUntil WaitUntil
}

// GoBackEvent goes one step back in a tab's history. Owned by
// DefaultActionWatchdog; result NavigationResult.
type GoBackEvent struct {
	TabID     TargetID
	WaitUntil WaitUntil
}

// GoForwardEvent goes one step forward in a tab's history. Owned by
// DefaultActionWatchdog; result NavigationResult.
type GoForwardEvent struct {
	TabID     TargetID
	WaitUntil WaitUntil
}

// ReloadEvent reloads a tab. Owned by DefaultActionWatchdog; result
// NavigationResult.
type ReloadEvent struct {
	TabID     TargetID
	WaitUntil WaitUntil
}

// NavigationResult reports where a navigation ended.
type NavigationResult struct {
	TabID TargetID `json:"tab_id"`
	URL   string   `json:"url"`
	Title string   `json:"title"`
	// Status is the HTTP status of the document loaded (a 404 or 500
	// page is loaded and reported with it), zero when there was none: a
	// page restored from the back/forward cache, a data: or file: URL,
	// a navigation within the document. A navigation that ends on the
	// browser's own error page fails with navigation_failed instead.
	Status     int    `json:"status,omitempty"`
	StatusText string `json:"status_text,omitempty"`
	// Dialog is set when the navigation opened a JS dialog (beforeunload)
	// and returned early because of it.
	Dialog *DialogInfo `json:"dialog_opened,omitempty"`
	// Blocked lists the document loads the session's origin policy stopped
	// while the page loaded (iframes from a blocked origin, a redirect).
	Blocked []BlockedLoad `json:"blocked,omitempty"`
	// Downloads lists the downloads that began during the navigation (a
	// URL served as an attachment downloads instead of loading; the tab
	// then stays where it was), or since the last result that listed
	// downloads.
	Downloads []Download `json:"downloads,omitempty"`
	// Download is set by the navigation's handler when the URL turned into
	// a download instead of a document; actions then waits for the
	// download to be known before it reports.
	Download bool `json:"-"`
}
