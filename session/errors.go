package session

import (
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
)

var (
	// ErrNoBrowser means no Chrome or Chromium binary could be found.
	ErrNoBrowser = errors.New("no chrome or chromium found: install it (Debian: apt-get install -y chromium) or set CHROME_BIN")
	// ErrBrowserCrashed means the browser process exited or the connection
	// to it dropped without being asked to.
	ErrBrowserCrashed = errors.New("browser crashed or disconnected")
	// ErrClosed is returned by a session after Close.
	ErrClosed = errors.New("browser session closed")
	// ErrTabNotFound is returned for a tab id the session does not own.
	ErrTabNotFound = errors.New("tab not found")
	// ErrNoTab is returned when an action needs a tab and the session has
	// none open.
	ErrNoTab = errors.New("no tab open")
	// ErrDisconnected aliases the transport's error so callers need only
	// this package.
	ErrDisconnected = cdpmux.ErrDisconnected
)

// LaunchError wraps a failure to start the browser with what it printed.
type LaunchError struct {
	Path   string
	Output string
	Err    error
}

func (e *LaunchError) Error() string {
	msg := fmt.Sprintf("launching %s: %v", e.Path, e.Err)
	if e.Output != "" {
		msg += ": " + e.Output
	}
	return msg
}

func (e *LaunchError) Unwrap() error { return e.Err }
