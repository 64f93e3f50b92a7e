package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// A route that matches every URL shares the session's interception with
// the origin policy and the dialog bridge without taking their requests: a
// blocked iframe stays blocked, a bridge dialog still reaches the agent and
// its answer the page, and the allowed document is the route's.
func TestRoutesComposeWithPolicyAndBridge(t *testing.T) {
	var hits atomic.Int64
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, `<!doctype html><title>server</title>`)
	}))
	m, err := standard.NewManager(fx.Supply(&dialog.Config{Bridge: true}))
	require.NoError(t, err)
	s := testkit.Session(t, session.Config{
		Extensions: []session.Extension{m},
		Policy:     session.URLPolicy{AllowedOrigins: []string{srv.MainURL("")}},
	})
	ctx, cancel := context.WithTimeout(t.Context(), testkit.Ceiling)
	defer cancel()

	page := fmt.Sprintf(`<!doctype html><title>routed</title><style>body{margin:0}</style>
<button style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="out.textContent = String(confirm('Sure?'))">ask</button>
<p id=out style="margin-top:60px">none</p>
<iframe src=%q></iframe>`, srv.CrossURL("/frame"))
	_, err = actions.Do(ctx, s, events.RouteEvent{Pattern: "**", Status: 200, Body: []byte(page),
		Headers: []events.Header{{Name: "Content-Type", Value: "text/html"}}})
	require.NoError(t, err)

	nav, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Len(t, nav.Blocked, 1, "the policy still stops the iframe: %+v", nav)
	assert.Equal(t, srv.CrossURL("/frame"), nav.Blocked[0].URL)
	title, err := actions.Evaluate(ctx, s, "document.title")
	require.NoError(t, err)
	assert.Equal(t, "routed", title.Value)

	clickCtx, clickCancel := context.WithTimeout(ctx, 10*time.Second)
	res, err := actions.ClickAt(clickCtx, s, 50, 20)
	clickCancel()
	require.NoError(t, err)
	require.NotNil(t, res.Dialog, "the click reports the bridge dialog")
	_, err = actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true, ID: res.Dialog.ID})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, err := actions.Evaluate(ctx, s, "out.textContent")
		return err == nil && r.Value == "true"
	}, 10*time.Second, 20*time.Millisecond)
	assert.Zero(t, hits.Load(), "every allowed request was the route's, and nothing of the blocked origin was fetched")
}
