package grid

import (
	"errors"
	"strconv"
	"strings"
)

var (
	// ErrUnreachable means nothing answered at the Grid URL.
	ErrUnreachable = errors.New("grid unreachable")
	// ErrNotGrid means something answered at the URL but not as a Selenium
	// Grid (no WebDriver /status).
	ErrNotGrid = errors.New("not a selenium grid")
	// ErrNoFreeSlot means the Grid has no free slot for the browser asked
	// for (its queue would hold the request) or refused with
	// SessionNotCreatedException for another reason than a browser that
	// did not start.
	ErrNoFreeSlot = errors.New("grid has no free slot")
	// ErrBrowserDidNotStart means the Grid had a free slot, but the
	// node's driver could not start its browser (it exited or crashed
	// while starting, or never answered the driver).
	ErrBrowserDidNotStart = errors.New("the node's browser did not start")
	// ErrUnknownSession means the Grid does not know the session id: it
	// ended (idle timeout, deleted, node gone).
	ErrUnknownSession = errors.New("grid session unknown")
	// ErrNoCDP means the Grid created a session but its reply carries no
	// se:cdp URL (a browser without CDP, or a Grid older than 4).
	ErrNoCDP = errors.New("grid session has no se:cdp url")
)

// Error is an error the Grid answered with: the W3C error code and message.
type Error struct {
	Status  int
	Code    string // W3C error code, e.g. "session not created"
	Message string
}

func (e *Error) Error() string {
	msg := e.Message
	// Grid appends build and system info on later lines.
	msg, _, _ = strings.Cut(msg, "\n")
	if e.Code == "" {
		return "grid answered HTTP " + strconv.Itoa(e.Status) + ": " + msg
	}
	return "grid answered " + e.Code + ": " + msg
}

// browserDied reports whether the message of a "session not created"
// answer says that the node's driver started the browser and lost it,
// in ChromeDriver's words, rather than that no slot could take it.
func browserDied(msg string) bool {
	m := strings.ToLower(msg)
	for _, s := range []string{"chrome instance exited", "devtoolsactiveport", "chrome not reachable", "chrome failed to start", "chrome has crashed"} {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}
