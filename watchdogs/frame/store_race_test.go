package frame

import (
	"testing"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// swapTargets is a tab P with an iframe F that has moved into its own
// process, target O, whose session is "O".
func swapTargets(t *testing.T) (*store, *session.Target, *session.Target) {
	t.Helper()
	st := newStore()
	p := &session.Target{ID: "P", Type: "page", SessionID: "SP", TabID: "P"}
	o := &session.Target{ID: "F", Type: "iframe", SessionID: "SO", TabID: "P", ParentSessionID: "SP"}
	st.addTarget(p)
	parent := page.FrameID("P")
	st.frameNavigated(p, page.Frame{ID: "P", URL: "http://main/top"}, true)
	st.frameAttached(p, "F", "P")
	st.frameNavigated(p, page.Frame{ID: "F", ParentID: &parent, URL: "http://main/same"}, true)
	// The frame moves to a cross-origin page in its own process.
	st.addTarget(o)
	st.frameNavigated(o, page.Frame{ID: "F", URL: "http://cross/moved"}, true)
	f := frameOf(t, st, "F")
	require.True(t, f.IsOOPIF)
	require.Equal(t, "http://cross/moved", f.URL)
	return st, p, o
}

func frameOf(t *testing.T, st *store, id events.FrameID) events.FrameInfo {
	t.Helper()
	st.mu.Lock()
	defer st.mu.Unlock()
	_, rest, ok := st.walkLocked("P")
	require.True(t, ok)
	for _, n := range rest {
		if n.info.FrameID == id {
			return n.info
		}
	}
	t.Fatalf("no frame %s in %v", id, rest)
	return events.FrameInfo{}
}

// TestFrameMovingBackBeforeDetachIsHandled replays the interleaving that
// made TestFrameSwappedIntoItsOwnProcessIsKept fail once: the parent
// session's frameNavigated for the frame's new, in-process document is
// read before the detach of the frame's old session is handled (they
// arrive on different goroutines). The frame must end in the parent's
// process at its new URL, whatever the order.
func TestFrameMovingBackBeforeDetachIsHandled(t *testing.T) {
	parent := page.FrameID("P")
	back := page.Frame{ID: "F", ParentID: &parent, URL: "http://main/back"}

	t.Run("navigation first", func(t *testing.T) {
		st, p, o := swapTargets(t)
		st.frameNavigated(p, back, true)
		st.removeTarget(o)
		f := frameOf(t, st, "F")
		require.False(t, f.IsOOPIF)
		require.Equal(t, "http://main/back", f.URL)
		require.Equal(t, events.SessionID("SP"), f.SessionID)
	})
	t.Run("detach first", func(t *testing.T) {
		st, p, o := swapTargets(t)
		st.removeTarget(o)
		st.frameNavigated(p, back, true)
		f := frameOf(t, st, "F")
		require.False(t, f.IsOOPIF)
		require.Equal(t, "http://main/back", f.URL)
	})
	t.Run("late news from the former host is ignored", func(t *testing.T) {
		st, p, o := swapTargets(t)
		// The parent's report of the frame's old document, read late.
		st.frameNavigated(p, page.Frame{ID: "F", ParentID: &parent, URL: "http://main/same"}, true)
		f := frameOf(t, st, "F")
		require.True(t, f.IsOOPIF)
		require.Equal(t, "http://cross/moved", f.URL)
		// The frame's own session then reports a newer document; a later
		// detach (the iframe removed) must not bring the stale one back.
		st.frameNavigated(o, page.Frame{ID: "F", URL: "http://cross/next"}, true)
		st.removeTarget(o)
		require.Equal(t, "http://cross/next", frameOf(t, st, "F").URL)
	})
}
