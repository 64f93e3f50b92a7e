package dialog

import (
	"context"
	"strconv"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// StormRate is how many dialogs a tab may open per second under an
// automatic policy (auto_dismiss, auto_accept) before it is a dialog storm.
// A page running `while (true) confirm('x')` opens hundreds per second when
// each is answered at once, pinning the browser's CPU and starving every
// other command on the tab.
const StormRate = 20

// stormWindow is the window StormRate counts over.
const stormWindow = time.Second

// stormStopTimeout bounds the wait for a storming page's renderer to stop
// when a navigation leaves it.
const stormStopTimeout = 2 * time.Second

// storm is one tab's dialog rate and, once it went over StormRate, its
// storm record.
type storm struct {
	recent []time.Time // dialog openings within stormWindow
	// Count is the dialogs since the storm was detected; zero while the
	// tab is calm.
	count int
	since time.Time
	last  time.Time
	stops int
}

// stormLocked records d's opening and reports whether its tab is storming.
func (a *attachment) stormLocked(d *dialog) bool {
	if a.storms == nil {
		a.storms = map[events.TargetID]*storm{}
	}
	st := a.storms[d.info.TabID]
	if st == nil {
		st = &storm{}
		a.storms[d.info.TabID] = st
	}
	now := time.Now()
	keep := st.recent[:0]
	for _, t := range st.recent {
		if now.Sub(t) < stormWindow {
			keep = append(keep, t)
		}
	}
	st.recent = append(keep, now)
	if len(st.recent) <= StormRate {
		return false
	}
	if st.count == 0 || now.Sub(st.last) > stormWindow {
		st.count, st.since = 0, now
		a.log.Warn().Str("tab", string(d.info.TabID)).Int("per_second", len(st.recent)).Msg("dialog storm: stopping the page's script")
	}
	st.count++
	st.last = now
	return true
}

// holdLocked holds a dialog of a storming tab instead of answering it:
// the page's script stays blocked in the dialog, so the CPU settles and
// 'dialogs' shows what holds the page. The agent may answer it, or leave:
// a navigation of the tab goes through (see leaveStorm).
func (a *attachment) holdLocked(d *dialog) {
	d.storm = true
	a.armLocked(d, a.timeout)
}

// stormHeldLocked returns the storm-held dialogs of tab.
func (a *attachment) stormHeldLocked(tab events.TargetID) []*dialog {
	var out []*dialog
	for _, d := range a.pending {
		if d.storm && !d.answering && d.info.TabID == tab {
			out = append(out, d)
		}
	}
	return out
}

// leaveStorm lets a navigation leave a tab whose storm dialog is held. A
// page that opens dialogs in a loop never yields its renderer, so the
// navigation could not commit whatever we answered: the renderer is
// crashed (Page.crash) and the navigation then starts a fresh one, as it
// does for any crashed tab. Other tabs of the same site share that
// renderer and are recovered the same way.
func (a *attachment) leaveStorm(ctx context.Context, tabID events.TargetID) error {
	tab, err := a.s.Tab(tabID)
	if err != nil {
		return nil
	}
	a.mu.Lock()
	held := a.stormHeldLocked(tab.ID)
	a.mu.Unlock()
	if len(held) == 0 {
		return nil
	}
	crashed := tab.CrashedC()
	a.log.Warn().Str("tab", string(tab.ID)).Msg("dialog storm: stopping the page's renderer so the navigation can leave it")
	a.wg.Add(1)
	go func() {
		// Page.crash never answers; the crash notice is the answer.
		defer a.wg.Done()
		cctx, cancel := context.WithTimeout(a.ctx, stormStopTimeout)
		defer cancel()
		_ = tab.Client.Page.Crash(cctx)
	}()
	t := time.NewTimer(stormStopTimeout)
	defer t.Stop()
	select {
	case <-crashed:
	case <-t.C:
		return events.Errorf(events.CodeTimeout, "a dialog storm holds tab %s and its renderer did not stop within %v; close the tab ('tab close')", tab.ID, stormStopTimeout)
	case <-ctx.Done():
		return ctx.Err()
	}
	for _, d := range held {
		a.close(d, events.ClosedByWatchdog, nil, "")
	}
	a.mu.Lock()
	if st := a.storms[tab.ID]; st != nil {
		st.recent = nil
		st.stops++
	}
	a.mu.Unlock()
	return nil
}

// stormView is the dialog_storm section of the state: the most recent storm
// of the session's tabs, or nil when none was seen.
func (a *attachment) stormView() *events.DialogStorm {
	a.mu.Lock()
	defer a.mu.Unlock()
	var tab events.TargetID
	var latest *storm
	for id, st := range a.storms {
		if st.count > 0 && (latest == nil || st.last.After(latest.last)) {
			tab, latest = id, st
		}
	}
	if latest == nil {
		return nil
	}
	return &events.DialogStorm{
		TabID:          tab,
		Count:          latest.count,
		StartedAt:      latest.since,
		LastAt:         latest.last,
		Active:         time.Since(latest.last) < stormWindow,
		LimitPerSecond: StormRate,
		RendererStops:  latest.stops,
		Message: "the page opened more than " + strconv.Itoa(StormRate) + " dialogs a second; the automatic policy stopped answering them and holds the latest (see 'dialogs'): " +
			"answer it, or open another URL to leave the page (its renderer is stopped and replaced)",
	}
}
