package dialogwatch

import "github.com/agentbrowser/agentbrowser/events"

// OnOpen calls f, on the tracker's reader goroutine, when a dialog opens in
// tab, until stop is called. It is how an action races its CDP reply
// against a dialog without a goroutine of its own: f should only cancel a
// context or signal, never block.
func (d *Tracker) OnOpen(tab events.TargetID, f func()) (stop func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.watchers == nil {
		d.watchers = map[events.TargetID]map[uint64]func(){}
	}
	d.watchID++
	id := d.watchID
	if d.watchers[tab] == nil {
		d.watchers[tab] = map[uint64]func(){}
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
func (d *Tracker) watchersLocked(tab events.TargetID) []func() {
	if len(d.watchers[tab]) == 0 {
		return nil
	}
	out := make([]func(), 0, len(d.watchers[tab]))
	for _, f := range d.watchers[tab] {
		out = append(out, f)
	}
	return out
}
