package evaluate

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

// prepare attaches the engine's next session on target id in the
// background and waits until the renderer answers on it, so that the
// evaluation after a terminated one finds a session that is attached and
// bound instead of attaching it on its own time. It is called once the
// script is stopped: a session attached while the page still spins is not
// bound until the spin ends. An evaluation that comes while the attach is
// under way waits for it rather than attaching a second session (see
// isolated.session).
func (a *attachment) prepare(id events.TargetID) {
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.base, a.cfg.CleanupTimeout)
		defer cancel()
		s, err := a.iso.session(ctx, id)
		if err != nil {
			return
		}
		// Runtime.getIsolateId runs no page script; its answer says that
		// the renderer has bound the session.
		_, _ = s.client.Runtime.GetIsolateID(ctx)
	})
}
