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
// attached: a tab it opened, or one opened by a page in one of its tabs. A
// notification.
type TabCreatedEvent struct{ Tab TabInfo }

// TabNavigatedEvent is emitted by the session when a tab's URL or title
// changes. A notification.
type TabNavigatedEvent struct{ Tab TabInfo }

// TabClosedEvent is emitted by the session when one of its tabs is gone. A
// notification.
type TabClosedEvent struct{ ID TargetID }

// TabCrashedEvent is emitted by the session when a tab's renderer crashed.
// A notification.
type TabCrashedEvent struct {
	ID     TargetID
	Status string
}

// TargetAttachedEvent is emitted by the session when it has attached a flat
// CDP session to a target of one of its tabs (the page itself, or an
// out-of-process iframe), enabled its domains, run the attach hooks and
// resumed it. A notification: an observer sees it after the target's first
// scripts may have run; whoever must act before that registers an attach
// hook (BrowserSession.OnTargetAttached).
type TargetAttachedEvent struct {
	TargetID  TargetID
	Type      string
	SessionID SessionID
	TabID     TargetID
	URL       string
}

// TargetDetachedEvent is emitted by the session when an attached target goes
// away. A notification.
type TargetDetachedEvent struct {
	TargetID  TargetID
	SessionID SessionID
	TabID     TargetID
}

// TabsEvent asks for the session's tabs. The session itself owns it; result
// []TabInfo.
type TabsEvent struct{}

// NewTabEvent opens a tab, optionally at URL, and makes it active. Owned by
// DefaultActionWatchdog; result NewTabResult.
type NewTabEvent struct{ URL string }

// NewTabResult is the result of NewTabEvent.
type NewTabResult struct {
	Tab TabInfo `json:"tab"`
	// Blocked lists the document loads the origin policy stopped in the
	// new tab.
	Blocked []BlockedLoad `json:"blocked,omitempty"`
}

// SwitchTabEvent makes a tab the active one. Owned by DefaultActionWatchdog;
// result TabInfo.
type SwitchTabEvent struct{ ID TargetID }

// CloseTabEvent closes a tab. Owned by DefaultActionWatchdog; result
// CloseTabResult.
type CloseTabEvent struct{ ID TargetID }

// CloseTabResult is the result of CloseTabEvent.
type CloseTabResult struct {
	Closed TargetID `json:"closed"`
	Active TargetID `json:"active,omitempty"`
}
