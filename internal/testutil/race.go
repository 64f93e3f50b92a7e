package testutil

import (
	"os"
	"strings"
)

// QuickRaceExit makes the race-enabled binaries a test package starts (the
// CLI, the daemons it spawns, which inherit the environment) exit as soon as
// they are done. By default the race runtime sleeps a second at every exit
// (GORACE atexit_sleep_ms=1000), which made each CLI invocation of the tests
// take a second longer than its work. Races are still detected and still
// make the process exit with status 66, which fails the tests that run it.
// A GORACE that already sets atexit_sleep_ms is left as it is. Call it from
// TestMain, before any child starts.
func QuickRaceExit() {
	cur := os.Getenv("GORACE")
	if strings.Contains(cur, "atexit_sleep_ms") {
		return
	}
	os.Setenv("GORACE", strings.TrimSpace(cur+" atexit_sleep_ms=0"))
}
