package defaultaction_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New: func(t *testing.T) watchdogs.Watchdog {
			w, err := defaultaction.New(defaultaction.Params{})
			if err != nil {
				t.Fatal(err)
			}
			return w
		},
		Events: []any{events.ClickCoordinateEvent{X: 10, Y: 10}, events.ClickElementEvent{Ref: "e1"}, events.TypeTextEvent{Ref: "e1", Text: "x"}, events.PressKeyEvent{Key: "Enter"}, events.NavigateToURLEvent{URL: "http://127.0.0.1:1/"}, events.BrowserStateRequestEvent{}, events.ScreenshotEvent{}},
	})
}
