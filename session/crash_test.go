package session_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/session"
)

// OnCrash calls its function once, when the renderer crashes, unless
// stopped first; on a tab that has crashed already it calls it at once.
func TestOnCrash(t *testing.T) {
	tab := &session.Target{}
	calls, stoppedCalls := 0, 0
	stop := tab.OnCrash(func() { calls++ })
	defer stop()
	stopped := tab.OnCrash(func() { stoppedCalls++ })
	stopped()

	tab.MarkCrashed("killed")
	tab.MarkCrashed("killed") // one crash, one call
	assert.Equal(t, 1, calls)
	assert.Zero(t, stoppedCalls, "a stopped watcher is not called")

	late := 0
	tab.OnCrash(func() { late++ })()
	assert.Equal(t, 1, late, "a watcher added after the crash is called at once")

	tab.ClearCrashed()
	again := 0
	stop2 := tab.OnCrash(func() { again++ })
	defer stop2()
	tab.MarkCrashed("")
	assert.Equal(t, 1, again, "a new renderer's crash calls its watchers")
	st, crashed := tab.Crashed()
	assert.True(t, crashed)
	assert.Equal(t, "crashed", st)
}
