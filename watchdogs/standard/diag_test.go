package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// A session closed while a trace, a HAR and a recording run, with an init
// script and the vitals observer installed, leaves no goroutine behind
// (TestMain checks) and the browser no worse: the diagnostics' state goes
// with the session.
func TestDiagnosticsEndWithTheSession(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>t</title><p>text</p><script>fetch('/api').then(r => r.text())</script>`)
	}))
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: t.Name(), CDPURL: testkit.Endpoint(t)})
	require.NoError(t, err)
	defer s.Close()
	_, err = actions.AddInitScript(ctx, s, "window.y = 1", "y")
	require.NoError(t, err)
	_, err = actions.Vitals(ctx, s)
	require.NoError(t, err)
	_, err = actions.TraceStart(ctx, s)
	require.NoError(t, err)
	_, err = actions.HARStart(ctx, s)
	require.NoError(t, err)
	_, err = actions.RecordStart(ctx, s)
	require.NoError(t, err)
	_, err = actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	r, err := actions.Evaluate(ctx, s, "window.y")
	require.NoError(t, err)
	require.EqualValues(t, 1, r.Value)
	require.NoError(t, s.Close())
}
