package defaultaction

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/session"
)

// prepareWait bounds the background preparation of a new document for
// its first snapshot.
const prepareWait = 5 * time.Second

// prepareSnapshot readies tab's new document for its first snapshot in
// the background (snapshot.Engine.Prepare), once a navigation has loaded
// it: an agent reads the page next, and the world and script the snapshot
// needs are then made while the agent reads the navigation's answer
// instead of while it waits for the snapshot. A page that a dialog blocks
// is left alone. Detach cancels it.
func (a *attachment) prepareSnapshot(tab *session.Target) {
	select {
	case <-a.stop:
		return
	default:
	}
	e := a.engine(tab)
	a.spawnTracked(func() {
		ctx, cancel := context.WithTimeout(a.life, prepareWait)
		defer cancel()
		if a.dlg.Pending(ctx, tab.ID) != nil {
			return
		}
		if err := e.Prepare(ctx); err != nil {
			a.log.Debug().Err(err).Str("tab", string(tab.ID)).Msg("preparing the new document for its snapshot")
		}
	})
}
