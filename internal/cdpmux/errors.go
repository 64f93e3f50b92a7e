package cdpmux

import "errors"

var (
	// ErrDisconnected is returned by every pending and later call once the
	// websocket is gone, whatever the reason.
	ErrDisconnected = errors.New("cdp connection lost")
	// ErrClosed is returned after Close was called.
	ErrClosed = errors.New("cdp connection closed")
	// ErrUnknownSession is returned for a session id the browser never
	// attached on this connection.
	ErrUnknownSession = errors.New("unknown cdp session")
	// ErrSessionDetached is returned by calls on a session after the browser
	// detached it (its target closed or crashed).
	ErrSessionDetached = errors.New("cdp session detached")
	// ErrSessionOverflow fails one session whose unread messages passed the
	// queue cap, so that a consumer that stopped reading cannot exhaust memory.
	ErrSessionOverflow = errors.New("cdp session queue overflow")
)
