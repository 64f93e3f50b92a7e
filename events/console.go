package events

import "time"

// Console message levels.
const (
	ConsoleError   = "error"
	ConsoleWarning = "warning"
	ConsoleInfo    = "info"
	ConsoleLog     = "log"
	ConsoleDebug   = "debug"
)

// ConsoleMessage is one console message or uncaught exception of a tab.
type ConsoleMessage struct {
	// ID names the message for ConsoleGetEvent (c-1, c-2, ...), unique in
	// the session.
	ID string `json:"id"`
	// Level is error, warning, info, log or debug. Uncaught exceptions
	// and failed console.assert calls are errors.
	Level string `json:"level"`
	// Type is the console API call (error, warning, assert, log, info,
	// debug, table, trace, ...) or "exception" for an uncaught exception.
	Type string `json:"type"`
	Text string `json:"text"`
	// URL and Line (1-based) locate the code that logged or threw, when
	// the browser said.
	URL  string `json:"url,omitempty"`
	Line int    `json:"line,omitempty"`
	// FrameID is the frame whose script logged or threw.
	FrameID FrameID   `json:"frame_id,omitempty"`
	At      time.Time `json:"at"`
}

// ConsoleEvent asks for a tab's recent console messages (TabID, or the
// active tab): by default the last errors, warnings and uncaught
// exceptions; with All the last messages of any level. With Clear the
// messages are returned and then forgotten. Owned by ConsoleWatchdog;
// result ConsoleResult.
type ConsoleEvent struct {
	TabID TargetID
	All   bool
	Clear bool
}

// ConsoleResult is the result of ConsoleEvent, oldest message first.
// Dropped counts the messages of the requested kind that fell out of the
// bounded ring since the tab opened or was last cleared.
type ConsoleResult struct {
	TabID    TargetID         `json:"tab_id"`
	Messages []ConsoleMessage `json:"messages"`
	Dropped  int              `json:"dropped"`
}

// ConsoleCounts is the console section of the page state: errors (including
// uncaught exceptions) and warnings logged since the previous state request
// for the tab.
type ConsoleCounts struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}
