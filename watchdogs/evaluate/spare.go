package evaluate

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// A script that runs out of budget is terminated and its session detached
// (see stopScript). The evaluation after it needs a session the renderer
// has bound, and binding a new one costs 2-15 ms right after a
// termination. So each target the engine evaluates on keeps a spare: a
// second session attached and bound in the background, while the page is
// idle, which takes over at once when the first one is let go. A spare is
// only kept once it answered Runtime.getIsolateId, which runs no page
// script and is answered only once the renderer has bound the session: a
// session attached while the page spins is not bound until the spin ends.

// ready attaches the engine's session to page t in the background, as
// soon as the page is attached, and waits until the renderer has bound it
// (Runtime.getIsolateId, which runs no page script): a tab's first
// evaluation then finds its session ready instead of attaching one on its
// own time (3-5 ms on an idle machine, tens of milliseconds with many
// busy renderers). Nothing is attached when evaluate is disabled, and
// frames are attached on first use. It never holds up the target's setup.
func (a *attachment) ready(_ context.Context, t *session.Target) error {
	if !a.cfg.Enabled || !t.IsPage() {
		return nil
	}
	a.bindAhead(t.ID, func(s *events.EvaluateStats) { s.Readied++ })
	return nil
}

// bindAhead makes sure, in the background, that the engine has a session
// on target id that the renderer has bound (Runtime.getIsolateId), and
// counts with count when it attached one to that end.
func (a *attachment) bindAhead(id events.TargetID, count func(*events.EvaluateStats)) {
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.base, a.cfg.CleanupTimeout)
		defer cancel()
		s, attached, err := a.iso.session(ctx, id)
		if err != nil {
			return
		}
		if _, err := s.client.Runtime.GetIsolateID(ctx); err == nil && attached && count != nil {
			a.stats.add(count)
		}
	})
}

// keepSpare attaches a spare for s's target in the background, once per
// session.
func (a *attachment) keepSpare(s *evalSession) {
	if !s.spared.CompareAndSwap(false, true) {
		return
	}
	a.spawn(func() {
		ctx, cancel := context.WithTimeout(a.base, a.cfg.CleanupTimeout)
		defer cancel()
		if a.iso.addSpare(ctx, s.target) {
			a.stats.add(func(s *events.EvaluateStats) { s.Spares++ })
		}
	})
}

// takeOver makes the spare of target id its session once a terminated
// script's session was dropped, or, without a ready spare, attaches the
// next session in the background; either way the evaluation after a
// terminated one does not attach on its own time. An evaluation that comes
// while the attach is under way waits for it rather than attaching a second
// session (see isolated.session).
func (a *attachment) takeOver(id events.TargetID) {
	if a.iso.promote(id) {
		a.stats.add(func(s *events.EvaluateStats) { s.SpareTakeovers++ })
		return
	}
	a.bindAhead(id, nil)
}

// addSpare attaches a session to target id, waits until the renderer has
// bound it and keeps it as the target's spare, unless it has one; it
// reports whether it kept one.
func (iso *isolated) addSpare(ctx context.Context, id events.TargetID) (kept bool) {
	conn, bc, err := iso.connection(ctx)
	if err != nil {
		return false
	}
	iso.mu.Lock()
	_, have := iso.spares[id]
	iso.mu.Unlock()
	if have {
		return false
	}
	sp, err := iso.attach(ctx, conn, bc, id)
	if err != nil {
		return false
	}
	if _, err := sp.client.Runtime.GetIsolateID(ctx); err != nil {
		_ = iso.detach(context.WithoutCancel(ctx), sp)
		return false
	}
	iso.mu.Lock()
	keep := !iso.closed && iso.conn == conn && iso.spares[id] == nil
	if keep {
		iso.spares[id] = sp
	}
	iso.mu.Unlock()
	if !keep {
		_ = iso.detach(context.WithoutCancel(ctx), sp)
	}
	return keep
}

// promote makes target id's spare its session and reports whether it
// could: the spare must still be attached and the target have no session.
func (iso *isolated) promote(id events.TargetID) bool {
	iso.mu.Lock()
	defer iso.mu.Unlock()
	sp, ok := iso.spares[id]
	if !ok || iso.conn == nil {
		return false
	}
	if _, err := iso.conn.Session(sp.id); err != nil {
		// Chrome detached it: the target went away or swapped process.
		delete(iso.spares, id)
		sp.cancel()
		return false
	}
	if _, taken := iso.sessions[id]; taken {
		return false
	}
	delete(iso.spares, id)
	iso.sessions[id] = sp
	return true
}
