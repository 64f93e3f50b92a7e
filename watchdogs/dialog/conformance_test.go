package dialog_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New: func(t *testing.T) watchdogs.Watchdog {
			w, err := dialog.New(dialog.Params{})
			if err != nil {
				t.Fatal(err)
			}
			return w
		},
		Events: []any{events.DialogsEvent{}, events.DialogRespondEvent{Accept: true}, events.BrowserStateRequestEvent{}},
	})
}
