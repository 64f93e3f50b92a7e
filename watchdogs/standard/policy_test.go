package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
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

// The dialog bridge and the origin policy both pause requests on every
// target; Chrome keeps one set of Fetch patterns per target, so they share
// the session's interception. With both on, a bridge dialog still reaches
// the agent and its answer the page, and an iframe from a blocked origin is
// still stopped before it is fetched. Through the Go API, as a library user
// drives it.
func TestBridgeAndOriginPolicyShareInterception(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	var crossHits atomic.Int64
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Host, "localhost") {
			crossHits.Add(1)
		}
		fmt.Fprint(w, `<!doctype html><title>both</title><style>body{margin:0}</style>
<button style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="out.textContent = String(confirm('Delete it?'))">delete</button>
<p id=out style="margin-top:60px">none</p>
<iframe src="{{CROSS}}/frame"></iframe>`)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{
		TaskID: "policy-bridge",
		Launch: session.LaunchConfig{Path: chrome, SitePerProcess: true},
		Policy: session.URLPolicy{AllowedOrigins: []string{srv.MainURL("")}},
	}, fx.Supply(&dialog.Config{Bridge: true}))
	require.NoError(t, err)
	defer s.Close()

	_, err = actions.Navigate(ctx, s, srv.CrossURL("/"), actions.NavigateOptions{})
	require.ErrorIs(t, err, events.ErrURLNotAllowed, "the Go API refuses the other origin too")
	_, err = actions.Navigate(ctx, s, "file:///etc/hostname", actions.NavigateOptions{})
	require.ErrorIs(t, err, events.ErrURLNotAllowed)

	nav, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Len(t, nav.Blocked, 1, "the iframe's load is reported: %+v", nav)
	assert.Equal(t, srv.CrossURL("/frame"), nav.Blocked[0].URL)
	assert.Equal(t, events.CodeURLNotAllowed, nav.Blocked[0].Code)

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
	assert.Zero(t, crossHits.Load(), "nothing was fetched from the blocked origin")
}

// Without an origin policy and without the bridge, no target is asked to
// pause requests: pages pay nothing for interception they do not use.
func TestNoInterceptionWithoutPolicy(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "no-fetch", CDPURL: testkit.Endpoint(t)})
	require.NoError(t, err)
	defer s.Close()
	assert.False(t, s.Intercepting(), "no Fetch.enable was sent")
}

// A block list stops the origins it names, wildcards included, and lets
// every other origin load.
func TestBlockedOriginsList(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	var crossHits atomic.Int64
	var srv *testutil.Servers
	srv = testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Host, "localhost") {
			crossHits.Add(1)
		}
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, srv.CrossURL("/x"), http.StatusFound)
			return
		}
		fmt.Fprint(w, `<!doctype html><title>page</title><iframe src="{{CROSS}}/frame"></iframe>`)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{
		TaskID: "blocklist",
		Launch: session.LaunchConfig{Path: chrome, SitePerProcess: true},
		Policy: session.URLPolicy{BlockedOrigins: []string{"http://*.localhost"}},
	})
	require.NoError(t, err)
	defer s.Close()

	_, err = actions.Navigate(ctx, s, srv.CrossURL("/"), actions.NavigateOptions{})
	require.ErrorIs(t, err, events.ErrURLNotAllowed)
	nav, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Len(t, nav.Blocked, 1, "%+v", nav)
	assert.Equal(t, srv.CrossURL("/frame"), nav.Blocked[0].URL)
	assert.Len(t, s.BlockedLoads("", time.Time{}), 1)

	// A redirect from an allowed page to a blocked origin.
	_, err = actions.Navigate(ctx, s, srv.MainURL("/redirect"), actions.NavigateOptions{})
	require.ErrorIs(t, err, events.ErrURLNotAllowed)
	assert.ErrorContains(t, err, "blocked")
	assert.Zero(t, crossHits.Load())
}
