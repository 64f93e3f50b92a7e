package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/cdpproxy"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// Behind a proxy that closes native dialogs, a click whose handler calls
// confirm() opens a bridge dialog, not a native one: the click must still
// return at once with the dialog, and the agent's answer reach the page.
func TestClickOpensBridgeDialog(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>bridge</title><style>body{margin:0}</style>
<button style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="out.textContent = String(confirm('Delete it?'))">delete</button>
<p id=out style="margin-top:60px">none</p>`)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	// The proxy sits in front of the package's shared test browser.
	proxy, err := cdpproxy.Start(ctx, cdpproxy.Options{Upstream: testkit.Endpoint(t), CloseDialogs: true})
	require.NoError(t, err)
	defer proxy.Close()

	s, err := standard.Start(ctx, session.Config{TaskID: "bridge-click", CDPURL: proxy.URL()},
		fx.Supply(&dialog.Config{Bridge: true}))
	require.NoError(t, err)
	defer s.Close()

	_, err = actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	clickCtx, clickCancel := context.WithTimeout(ctx, 10*time.Second)
	start := time.Now()
	res, err := actions.ClickAt(clickCtx, s, 50, 20)
	clickCancel()
	t.Logf("click returned after %v", time.Since(start))
	require.NoError(t, err)
	require.NotNil(t, res.Dialog, "the click reports the bridge dialog")
	require.Equal(t, "confirm", res.Dialog.Type)
	require.Equal(t, "Delete it?", res.Dialog.Message)
	require.NotEmpty(t, res.Dialog.ID)

	_, err = actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true, ID: res.Dialog.ID})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		r, err := actions.Evaluate(ctx, s, "out.textContent")
		return err == nil && r.Value == "true"
	}, 10*time.Second, 20*time.Millisecond)
	require.Zero(t, proxy.DialogsClosed(), "no native dialog reached the proxy")
}
