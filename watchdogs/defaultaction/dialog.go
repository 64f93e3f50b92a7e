package defaultaction

import (
	"context"
	"time"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// raceDialog runs op and returns as soon as either op finishes or a JS
// dialog opens in tab (in its page or any out-of-process frame of it). A
// dialog blocks the page's JS thread, so op may otherwise not return until
// someone answers; in that case op's context is cancelled and the dialog is
// returned instead of an error.
func (a *attachment) raceDialog(ctx context.Context, tab *session.Target, op func(ctx context.Context) error) (*events.DialogInfo, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	opened := make(chan *events.DialogInfo, 1)
	// The session's dialog tracker already follows every target of the tab
	// (page and out-of-process frames) on streams opened at attach, so the
	// race only waits for its next change instead of opening a stream per
	// target per action.
	started := time.Now()
	changes := a.dlg.Changes()
	go func() {
		for {
			select {
			case <-changes:
			case <-ctx.Done():
				return
			}
			changes = a.dlg.Changes()
			if d := a.dlg.Open(tab.ID); d != nil && !d.OpenedAt.Before(started) {
				info := *d
				select {
				case opened <- &info:
				default:
				}
				return
			}
		}
	}()
	// The dialog watchdog's bridge mode opens no native dialog; it says so
	// on the bus instead.
	sub := bus.Observe(a.s.Bus(), Name+".race", func(_ context.Context, e events.DialogOpenedEvent) {
		// The notice can arrive late; a dialog that opened before this
		// race began is not this action's (its guard would have said so).
		if e.Dialog.TabID == tab.ID && !e.Dialog.OpenedAt.Before(started) {
			d := e.Dialog
			select {
			case opened <- &d:
			default:
			}
		}
	})
	defer sub.Unsubscribe()
	done := make(chan error, 1)
	go func() { done <- op(ctx) }()
	select {
	case err := <-done:
		// A dialog may have opened just as op finished; prefer reporting it.
		select {
		case d := <-opened:
			return a.withDialogID(ctx, d), nil
		default:
		}
		return nil, err
	case d := <-opened:
		return a.withDialogID(ctx, d), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// withDialogID fills in the id the dialog watchdog gave the dialog, so the
// agent can answer it by id; without that watchdog the raw details stand.
func (a *attachment) withDialogID(ctx context.Context, d *events.DialogInfo) *events.DialogInfo {
	if d.ID != "" {
		return d
	}
	ctx, cancel := context.WithTimeout(ctx, 250*time.Millisecond)
	defer cancel()
	r, err := bus.Ask(ctx, a.s.Bus(), events.DialogsEvent{TabID: d.TabID})
	if err != nil {
		return d
	}
	for _, p := range r.Pending {
		if p.Message == d.Message && p.Type == d.Type {
			return &p
		}
	}
	return d
}
