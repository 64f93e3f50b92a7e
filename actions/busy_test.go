package actions_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// busySite serves a page whose button's handler never returns and one
// whose inline script never does, with text after it.
func busySite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/spin":
			fmt.Fprint(w, `<!doctype html><title>spin</title><button onclick="while (true) {}">Spin</button>`)
		case "/framespin":
			fmt.Fprint(w, `<!doctype html><title>frame spin</title><iframe src="{{CROSS}}/spin" style="width:400px;height:200px"></iframe>`)
		case "/loadspin":
			fmt.Fprint(w, `<!doctype html><title>load spin</title><script>while (true) {}</script><p>after the loop</p>`)
		}
	}))
}

// snapshotOnceFree takes snapshots, each within its own short budget, until
// one succeeds or the deadline passes.
func snapshotOnceFree(t *testing.T, s *session.BrowserSession) events.Snapshot {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		snap, err := actions.Snapshot(ctx, s, events.SnapshotOptions{})
		cancel()
		if err == nil {
			return snap
		}
		require.True(t, time.Now().Before(deadline), "the page still does not answer: %v", err)
	}
}

// A command that ran out of its budget because a script of the page never
// yields (a click handler that loops, an inline script that does) does not
// leave the tab wedged: the script is stopped, and later commands work.
func TestBusyPageIsFreedAfterATimeout(t *testing.T) {
	srv := busySite(t)
	s := stateSession(t, session.Config{})

	navigate(t, s, srv.MainURL("/spin"))
	snap, err := actions.Snapshot(t.Context(), s, events.SnapshotOptions{})
	require.NoError(t, err)
	var spin events.Ref
	for r, info := range snap.Refs {
		if info.Role == "button" && info.Name == "Spin" {
			spin = r
		}
	}
	require.NotEmpty(t, spin, snap.Text)

	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	_, err = actions.Click(ctx, s, spin)
	cancel()
	requireCode(t, err, events.CodeTimeout)
	require.Contains(t, err.Error(), "being stopped now")
	require.Equal(t, 1, strings.Count(err.Error(), "did not finish"), err.Error())
	snap = snapshotOnceFree(t, s)
	require.Contains(t, snap.Text, "Spin")
	r, err := actions.Evaluate(t.Context(), s, "document.title")
	require.NoError(t, err)
	require.Equal(t, "spin", r.Value)

	ctx, cancel = context.WithTimeout(t.Context(), 3*time.Second)
	_, err = actions.Navigate(ctx, s, srv.MainURL("/loadspin"), actions.NavigateOptions{})
	cancel()
	requireCode(t, err, events.CodeTimeout)
	snap = snapshotOnceFree(t, s)
	require.True(t, strings.Contains(snap.Text, "after the loop"), snap.Text)

	st, err := actions.EvaluateStats(t.Context(), s)
	require.NoError(t, err)
	require.GreaterOrEqual(t, st.Terminations, int64(2))
}

// A handler that loops in a cross-origin frame holds the frame's renderer,
// not the page's: the check after the timeout stops the script there, and
// the frame answers again.
func TestBusyFrameIsFreedAfterATimeout(t *testing.T) {
	srv := busySite(t)
	s := stateSession(t, session.Config{})
	navigate(t, s, srv.MainURL("/framespin"))
	var spin events.Ref
	var frame events.FrameID
	deadline := time.Now().Add(30 * time.Second)
	for spin == "" {
		snap, err := actions.Snapshot(t.Context(), s, events.SnapshotOptions{})
		require.NoError(t, err)
		for r, info := range snap.Refs {
			if info.Role == "button" && info.Name == "Spin" {
				spin, frame = r, info.FrameID
			}
		}
		require.True(t, spin != "" || time.Now().Before(deadline), "the frame's button never showed: %s", snap.Text)
	}

	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
	_, err := actions.Click(ctx, s, spin)
	cancel()
	requireCode(t, err, events.CodeTimeout)
	require.Contains(t, err.Error(), "being stopped now")
	// The frame answers again: a snapshot (which stops no script of its
	// own) reads the frame's button.
	snap := snapshotOnceFree(t, s)
	require.Contains(t, snap.Text, `button "Spin"`)
	r, err := actions.EvaluateInFrame(t.Context(), s, frame, "document.title")
	require.NoError(t, err)
	require.Equal(t, "spin", r.Value)
}
