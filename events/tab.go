package events

// TabInfo describes one tab, as reported by TabsEvent and the tab lifecycle
// events.
type TabInfo struct {
	ID     TargetID `json:"id"`
	URL    string   `json:"url"`
	Title  string   `json:"title"`
	Active bool     `json:"active"`
	// OpenerID is the tab that opened this one (target=_blank,
	// window.open), empty otherwise.
	OpenerID TargetID `json:"opener_id,omitempty"`
}

// TabCreatedEvent is emitted by the session when a page target it owns is
// attached: a tab it opened, or one opened by a page in one of its tabs. Its
// result is ignored.
type TabCreatedEvent struct{ Tab TabInfo }

// TabNavigatedEvent is emitted by the session when a tab's URL or title
// changes. Its result is ignored.
type TabNavigatedEvent struct{ Tab TabInfo }

// TabClosedEvent is emitted by the session when one of its tabs is gone. Its
// result is ignored.
type TabClosedEvent struct{ ID TargetID }

// TabCrashedEvent is emitted by the session when a tab's renderer crashed.
// Its result is ignored.
type TabCrashedEvent struct {
	ID     TargetID
	Status string
}

// TargetAttachedEvent is emitted by the session when it attaches a flat CDP
// session to a target of one of its tabs (the page itself, an out-of-process
// iframe, a worker), after domains are enabled and before the target is
// resumed. Its result is ignored.
type TargetAttachedEvent struct {
	TargetID  TargetID
	Type      string
	SessionID SessionID
	TabID     TargetID
	URL       string
}

// TargetDetachedEvent is emitted by the session when an attached target goes
// away. Its result is ignored.
type TargetDetachedEvent struct {
	TargetID  TargetID
	SessionID SessionID
	TabID     TargetID
}

// TabsEvent asks for the session's tabs. The session itself handles it and
// returns []TabInfo.
type TabsEvent struct{}

// NewTabEvent opens a tab, optionally at URL, and makes it active. Handled by
// DefaultActionWatchdog; result NewTabResult.
type NewTabEvent struct{ URL string }

// NewTabResult is the result of NewTabEvent.
type NewTabResult struct {
	Tab TabInfo `json:"tab"`
	// Blocked lists the document loads the origin policy stopped in the
	// new tab.
	Blocked []BlockedLoad `json:"blocked,omitempty"`
}

// SwitchTabEvent makes a tab the active one. Handled by DefaultActionWatchdog;
// result TabInfo.
type SwitchTabEvent struct{ ID TargetID }

// CloseTabEvent closes a tab. Handled by DefaultActionWatchdog; result
// CloseTabResult.
type CloseTabEvent struct{ ID TargetID }

// CloseTabResult is the result of CloseTabEvent.
type CloseTabResult struct {
	Closed TargetID `json:"closed"`
	Active TargetID `json:"active,omitempty"`
}
