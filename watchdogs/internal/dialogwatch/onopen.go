package dialogwatch

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

// OnBlock calls f when a dialog opens in tab that holds the page's script
// thread until someone answers it, until stop is called. With a
// DialogWatchdog on the bus, that is a dialog the watchdog holds
// (DialogOpenedEvent with Held: under must_respond, or in a storm under an
// automatic policy); a dialog its automatic policy answers at once blocks
// nothing, and the script that opened it goes on. Without a DialogWatchdog
// every dialog the tracker sees blocks. It is how an action races its CDP
// reply against a dialog without a goroutine of its own: f runs on one of
// the tracker's goroutines and should only cancel a context or signal,
// never block.
func (d *Tracker) OnBlock(tab events.TargetID, f func(events.DialogInfo)) (stop func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.watchers == nil {
		d.watchers = map[events.TargetID]map[uint64]func(events.DialogInfo){}
	}
	d.watchID++
	id := d.watchID
	if d.watchers[tab] == nil {
		d.watchers[tab] = map[uint64]func(events.DialogInfo){}
	}
	d.watchers[tab][id] = f
	return func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		delete(d.watchers[tab], id)
		if len(d.watchers[tab]) == 0 {
			delete(d.watchers, tab)
		}
	}
}

// watchersLocked lists the functions to call for a dialog in tab.
func (d *Tracker) watchersLocked(tab events.TargetID) []func(events.DialogInfo) {
	if len(d.watchers[tab]) == 0 {
		return nil
	}
	out := make([]func(events.DialogInfo), 0, len(d.watchers[tab]))
	for _, f := range d.watchers[tab] {
		out = append(out, f)
	}
	return out
}

// fire calls tab's watchers with info.
func (d *Tracker) fire(tab events.TargetID, info events.DialogInfo) {
	d.mu.Lock()
	notify := d.watchersLocked(tab)
	d.mu.Unlock()
	for _, f := range notify {
		f(info)
	}
}

// held is the tracker's observer of DialogOpenedEvent: a dialog the
// DialogWatchdog holds blocks its tab.
func (d *Tracker) held(_ context.Context, e events.DialogOpenedEvent) {
	if e.Held {
		d.watchdog.Store(true)
		d.fire(e.Dialog.TabID, e.Dialog)
	}
}

// nativeOpened is called on a target's reader when the browser reports a
// native dialog in tab. When a DialogWatchdog is installed its
// DialogOpenedEvent decides (see held); without one the dialog blocks. The
// first dialog asks the bus whether a DialogWatchdog answers, on a
// goroutine of its own, and later ones know.
func (d *Tracker) nativeOpened(tab events.TargetID, info events.DialogInfo) {
	if d.watchdog.Load() {
		return
	}
	d.mu.Lock()
	if d.closed || len(d.watchers[tab]) == 0 {
		d.mu.Unlock()
		return
	}
	d.wg.Add(1)
	d.mu.Unlock()
	go func() {
		defer d.wg.Done()
		// Pending bounds its question; a closing bus answers at once.
		if _, known := Pending(context.Background(), d.bus, tab); known {
			d.watchdog.Store(true)
			return
		}
		d.fire(tab, info)
	}()
}
