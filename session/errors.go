package session

import (
	"errors"
	"fmt"

	"github.com/agentbrowser/agentbrowser/events"
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
	// ErrReplyTooLarge is matched by the error of a CallCapped whose reply
	// was larger than its cap (a *ReplyTooLargeError, which says by how
	// much).
	ErrReplyTooLarge = errors.New("CDP reply larger than its cap")
)

// ReplyTooLargeError is the error of a CallCapped whose reply was larger
// than its cap. The reply was dropped as it arrived, so no more than the
// cap of it was ever held. It matches ErrReplyTooLarge, and
// events.ErrResultTooLarge (code result_too_large) too.
type ReplyTooLargeError struct {
	// Method is the CDP method called.
	Method string
	// Size is the reply's size in bytes, as it arrived.
	Size int64
	// Cap is the cap it exceeded, in bytes.
	Cap int64
	// Err is the transport's error.
	Err error
}

func (e *ReplyTooLargeError) Error() string {
	return fmt.Sprintf("the reply of %s is about %d bytes, above its cap of %d bytes", e.Method, e.Size, e.Cap)
}

// Unwrap returns the transport's error.
func (e *ReplyTooLargeError) Unwrap() error { return e.Err }

// Is reports true for ErrReplyTooLarge and for an *events.Error of code
// result_too_large.
func (e *ReplyTooLargeError) Is(target error) bool {
	if target == ErrReplyTooLarge {
		return true
	}
	ce, ok := target.(*events.Error)
	return ok && ce.Code == events.CodeResultTooLarge
}

// LaunchError wraps a failure to start the browser with what it printed.
type LaunchError struct {
	Path   string
	Output string
	Err    error
	// died: the browser started and went away before its first answer
	// (not a file that cannot be run, nor a start out of time).
	died bool
}

func (e *LaunchError) Error() string {
	msg := fmt.Sprintf("launching %s: %v", e.Path, e.Err)
	if e.Output != "" {
		msg += ": " + e.Output
	}
	return msg
}

func (e *LaunchError) Unwrap() error { return e.Err }

// Is makes a launch that failed match ErrNoBrowser, whatever its cause (a
// CHROME_BIN that is not executable, a browser that exits at once or
// closes its pipe): no browser could be started.
func (e *LaunchError) Is(target error) bool { return target == ErrNoBrowser }
