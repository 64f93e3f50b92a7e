package watchdogs

import (
	"fmt"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// Host is what Attach receives: the part of a browser session every watchdog
// may rely on. A *session.BrowserSession is one; a unit test can give a
// hand-written fake, so a watchdog that only listens on the bus and follows
// targets needs no browser.
//
// A watchdog that needs more of the session (opening tabs, raw CDP calls, the
// transport) asks for it by type assertion, as caddy's plugins do, and its
// Attach fails with ErrHostUnsupported when the host does not offer it; see
// HostAs.
type Host interface {
	// Bus is the session's event bus.
	Bus() *bus.Bus
	// Logger is the session's logger.
	Logger() zerolog.Logger
	// OnTargetAttached registers h for every target attached from now on;
	// remove unregisters it.
	OnTargetAttached(h session.AttachHook) (remove func())
	// OnTargetDetached registers h for every target detached from now on;
	// remove unregisters it.
	OnTargetDetached(h session.DetachHook) (remove func())
	// Tab returns the tab with id, or the active tab when id is empty.
	Tab(id events.TargetID) (*session.Target, error)
}

var _ Host = (*session.BrowserSession)(nil)

// HostAs returns h as C, a richer capability a watchdog asserts for (an
// interface of a few session methods, or *session.BrowserSession itself).
// When h does not offer it, the error wraps ErrHostUnsupported and says what
// the watchdog needs, for example "the evaluate watchdog needs a full browser
// session: the host does not offer it".
func HostAs[C any](h Host, watchdog, needs string) (C, error) {
	c, ok := h.(C)
	if !ok {
		var zero C
		return zero, fmt.Errorf("the %s watchdog needs %s: %w", watchdog, needs, ErrHostUnsupported)
	}
	return c, nil
}
