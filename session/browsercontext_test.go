package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// Two sessions on one browser with IsolatedContext do not share cookies or
// storage; without it they do.
func TestIsolatedContextSeparatesCookies(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	p, err := session.Launch(ctx, session.LaunchConfig{Path: chrome})
	require.NoError(t, err)
	defer p.Close()
	srv := testutil.Serve(t, pages())

	a := start(t, session.Config{TaskID: "a", CDPURL: p.Endpoint, IsolatedContext: true})
	b := start(t, session.Config{TaskID: "b", CDPURL: p.Endpoint, IsolatedContext: true})
	shared := start(t, session.Config{TaskID: "shared", CDPURL: p.Endpoint})
	for _, s := range []*session.BrowserSession{a, b, shared} {
		_, err = actions.Navigate(ctx, s, srv.MainURL("/title/x"), actions.NavigateOptions{})
		require.NoError(t, err)
	}
	evalString(t, a, "document.cookie = 'who=a'; localStorage.setItem('who', 'a')")
	require.Equal(t, "who=a", evalString(t, a, "document.cookie"))
	require.Equal(t, "", evalString(t, b, "document.cookie"))
	require.Equal(t, "<nil>", evalString(t, b, "localStorage.getItem('who')"))
	require.Equal(t, "", evalString(t, shared, "document.cookie"), "the default context is not a's either")
	require.Len(t, b.Tabs(), 1, "b sees only its own tab")
	require.NoError(t, a.Close())
	require.NoError(t, b.Close())
}
