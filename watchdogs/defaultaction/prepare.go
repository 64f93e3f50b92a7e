package defaultaction

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// prepareWait bounds the background preparation of a new document for
// its first snapshot.
const prepareWait = 5 * time.Second

// prepareDelay is how long a loaded document is left alone before it is
// prepared: an agent takes far longer to read the navigation's answer,
// while a script that sends its next command at once (another navigation,
// an evaluate) would otherwise find the renderer busy with the
// preparation.
const prepareDelay = 100 * time.Millisecond

// prepareSnapshot readies tab's new document for its first snapshot in
// the background (snapshot.Engine.Prepare), once a navigation has loaded
// it: an agent reads the page next, and the world and script the snapshot
// needs are then made while the agent reads the navigation's answer
// instead of while it waits for the snapshot. It starts after
// prepareDelay, and not at all if the tab navigated again meanwhile or a
// dialog blocks the page. A document is prepared in full only while the
// session is otherwise idle (no request in flight on its bus) and no
// other document is being prepared: the full preparation walks the
// document once more than its snapshot will, and with many tabs at work
// that walk is taken from the other tabs' actions (32 paced tabs against
// the raw floor, p95: type 1.38x and evaluate 1.42x with one document at
// a time prepared in full, 1.17x and 0.97x with none). Otherwise the
// document only gets its isolated world (snapshot.Engine.PrepareWorld),
// which costs the renderer little and spares its first snapshot a round
// trip; that snapshot does the rest. Detach cancels it.
func (a *attachment) prepareSnapshot(tab *session.Target) {
	select {
	case <-a.life.Done():
		return
	default:
	}
	gen := a.navGen(tab.ID, false)
	e := a.engine(tab)
	a.spawnTracked(func() {
		ctx, cancel := context.WithTimeout(a.life, prepareWait)
		defer cancel()
		t := time.NewTimer(prepareDelay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
		if a.navGen(tab.ID, false) != gen || a.dlg.Pending(ctx, tab.ID) != nil {
			return
		}
		prepare, full := e.PrepareWorld, false
		if a.s.Bus().InFlight() == 0 && a.preparing.CompareAndSwap(false, true) {
			defer a.preparing.Store(false)
			prepare, full = e.Prepare, true
		}
		err := prepare(ctx)
		a.log.Debug().Err(err).Str("tab", string(tab.ID)).Bool("full", full).Msg("prepared the new document for its snapshot")
	})
}

// navGen returns how many navigations the tab has started through this
// watchdog, counting one more first when bump is set.
func (a *attachment) navGen(tab events.TargetID, bump bool) uint64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	if bump {
		a.navs[tab]++
	}
	return a.navs[tab]
}
