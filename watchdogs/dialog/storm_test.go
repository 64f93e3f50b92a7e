package dialog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// TestDialogStormUnderAutoDismiss runs 'while (true) confirm("x")' under
// auto_dismiss: the storm is reported in the state with its count, the page
// is stopped so that the CPU settles, and an open of another page succeeds
// within its budget.
func TestDialogStormUnderAutoDismiss(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/storm":
			fmt.Fprint(w, `<!doctype html><title>storm</title><script>setTimeout(() => { while (true) confirm('x') }, 0)</script>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>calm</title><p>calm</p>`)
		}
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: t.Name()}, fx.Supply(&dialog.Config{Policy: events.PolicyAutoDismiss}))
	require.NoError(t, err)
	defer s.Close()

	state := func() map[string]any {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		res, err := bus.Dispatch(ctx, s.Bus(), events.BrowserStateRequestEvent{SkipTree: true})
		require.NoError(t, err)
		for _, h := range res.Handlers {
			if h.Handler == dialog.Name {
				b, err := json.Marshal(h.Value)
				require.NoError(t, err)
				var m map[string]any
				require.NoError(t, json.Unmarshal(b, &m))
				return m
			}
		}
		t.Fatal("no dialog state section")
		return nil
	}

	// The storm starts before the load event, so this open may use its
	// whole (short) budget; either way it answers.
	nctx, ncancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer ncancel()
	_, err = actions.Navigate(nctx, s, srv.MainURL("/storm"), actions.NavigateOptions{})
	_ = err

	// The storm is reported, with its count.
	var storm map[string]any
	deadline := time.Now().Add(10 * time.Second)
	for storm == nil {
		require.True(t, time.Now().Before(deadline), "no dialog_storm in the state: %v", state())
		storm, _ = state()["dialog_storm"].(map[string]any)
		if storm == nil {
			time.Sleep(20 * time.Millisecond) // polling the state
		}
	}
	require.Greater(t, storm["count"], float64(0))
	// The page is held in its latest dialog, which 'dialogs' shows, and
	// the storm ends: the count stops growing.
	dctx, dcancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer dcancel()
	held, err := actions.Dialogs(dctx, s)
	require.NoError(t, err)
	require.NotEmpty(t, held.Pending, "a dialog holds the page: dialogs must show it")
	require.Equal(t, "x", held.Pending[0].Message)

	// The agent can leave: open elsewhere succeeds within its budget.
	octx, ocancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer ocancel()
	start := time.Now()
	r, err := actions.Navigate(octx, s, srv.MainURL("/calm"), actions.NavigateOptions{})
	require.NoError(t, err, "open after the storm")
	require.Nil(t, r.Dialog)
	require.Less(t, time.Since(start), 10*time.Second)
	require.Equal(t, "calm", r.Title)
	v, err := actions.Evaluate(octx, s, "document.title")
	require.NoError(t, err)
	require.Equal(t, "calm", v.Value)
	d, err := actions.Dialogs(octx, s)
	require.NoError(t, err)
	require.Empty(t, d.Pending, "no dialog holds the calm page")
	// The session goes on: the storm page can be opened again and left
	// again.
	sctx, scancel := context.WithTimeout(t.Context(), 3*time.Second)
	defer scancel()
	_, _ = actions.Navigate(sctx, s, srv.MainURL("/storm"), actions.NavigateOptions{})
	octx, ocancel = context.WithTimeout(t.Context(), 20*time.Second)
	defer ocancel()
	for deadline := time.Now().Add(10 * time.Second); ; {
		d, err := actions.Dialogs(octx, s)
		require.NoError(t, err)
		if len(d.Pending) > 0 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the second storm was never held")
		time.Sleep(20 * time.Millisecond) // polling the dialog list
	}
	lctx, lcancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer lcancel()
	r, err = actions.Navigate(lctx, s, srv.MainURL("/calm"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Equal(t, "calm", r.Title)
}
