package network_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New: func(t *testing.T) watchdogs.Watchdog {
			w, err := network.New(network.Params{})
			if err != nil {
				t.Fatal(err)
			}
			return w
		},
		Events: []any{events.NetworkEvent{}, events.BrowserStateRequestEvent{}},
	})
}
