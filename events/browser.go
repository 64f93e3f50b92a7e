package events

import "time"

// BrowserConnectedEvent is emitted by the session once its CDP connection to
// the browser is up and the first tab is attached. A notification: anyone
// may observe it.
type BrowserConnectedEvent struct {
	// Endpoint is the browser websocket URL.
	Endpoint string
	// Launched is true when the session started the browser itself.
	Launched bool
	// Version is the product string, for example "Chrome/156.0.8078.73".
	Version string
}

// BrowserDisconnectedEvent is emitted by the session when its websocket to
// the browser ends, for any reason. A notification: watchdogs may observe it
// to fail pending work.
type BrowserDisconnectedEvent struct {
	Reason string
	At     time.Time
}

// BrowserCrashedEvent is emitted by the session when a browser it launched
// exits without being asked to. A notification.
type BrowserCrashedEvent struct {
	ExitCode int
	At       time.Time
}
