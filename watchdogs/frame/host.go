package frame

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// host is what the frame watchdog needs beyond watchdogs.Host: out-of-process
// frames are looked up among the session's targets, and the cdp escape hatch
// makes raw calls with a cap on the reply.
type host interface {
	watchdogs.Host
	TargetByID(id events.TargetID) (*session.Target, bool)
	CallCapped(ctx context.Context, sessionID events.SessionID, method string, params, reply any, max int64) error
}

var _ host = (*session.BrowserSession)(nil)
