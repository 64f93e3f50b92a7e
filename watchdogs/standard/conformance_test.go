package standard_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/watchdogtest"
)

// The example plugin keeps the watchdog contract too.
func TestPluginConformance(t *testing.T) {
	watchdogtest.Run(t, watchdogtest.Suite{
		New:    func(t *testing.T) watchdogs.Watchdog { return NewTitleWatchdog() },
		Events: []any{TitleEvent{}},
	})
}
