package emulation_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New:    func(t *testing.T) watchdogs.Watchdog { return emulation.New() },
		Events: []any{events.EmulationEvent{}, events.EmulateEvent{ColorScheme: "dark"}},
	})
}
