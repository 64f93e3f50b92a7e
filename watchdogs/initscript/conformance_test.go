package initscript_test

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/initscript"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// The watchdog keeps the contract every watchdog must keep, checked
// against a scripted fake browser (no Chrome).
func TestConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New:    func(t *testing.T) watchdogs.Watchdog { return initscript.New() },
		Events: []any{events.InitScriptsEvent{}, events.InitScriptAddEvent{Source: "window.x = 1"}, events.InitScriptRemoveEvent{ID: "s-1"}},
	})
}
