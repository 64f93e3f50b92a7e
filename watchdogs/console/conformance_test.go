package console_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/console"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New: func(t *testing.T) watchdogs.Watchdog {
			w, err := console.New(console.Params{})
			if err != nil {
				t.Fatal(err)
			}
			return w
		},
		Events: []any{events.ConsoleEvent{}, events.BrowserStateRequestEvent{}},
	})
}
