package watchdogs

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// confirmWait bounds asking the dialog watchdog; it answers from memory.
const confirmWait = 250 * time.Millisecond

// DialogPending asks the DialogWatchdog whether tab has a dialog open. Other
// watchdogs follow dialog events on their own streams to stay usable
// without it, but their streams are read on their own goroutines and may
// lag behind an answer the agent just gave; when the DialogWatchdog is
// installed its record is the one to trust. known is false when no
// DialogWatchdog answered, and the caller should trust its own tracking.
func DialogPending(ctx context.Context, b *bus.Bus, tab events.TargetID) (pending, known bool) {
	ctx, cancel := context.WithTimeout(ctx, confirmWait)
	defer cancel()
	r, err := bus.DispatchFirst[events.DialogsEvent, events.DialogsResult](ctx, b, events.DialogsEvent{TabID: tab})
	if err != nil {
		return false, false
	}
	return len(r.Pending) > 0, true
}
