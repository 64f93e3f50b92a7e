package route_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/route"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New:    func(t *testing.T) watchdogs.Watchdog { return route.New() },
		Events: []any{events.RoutesEvent{}, events.UnrouteEvent{}, events.RouteEvent{Pattern: "**/x", Abort: "failed"}},
	})
}
