package defaultaction_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
)

// TestNavigationReportsWhereItEnded checks the URL and title a navigation
// reports once its document has loaded: a document with no title until
// its load event, and one that changes its URL within itself in its load
// event, both of which load well after they are parsed.
func TestNavigationReportsWhereItEnded(t *testing.T) {
	e := newEnv(t, "")
	r := e.open("/target.html")
	require.Equal(t, e.srv.MainURL("/target.html"), r.URL)
	require.Equal(t, "target", r.Title)

	r = e.open("/titleload.html")
	require.Equal(t, e.srv.MainURL("/titleload.html"), r.URL)
	require.Equal(t, "set at load", r.Title)

	r = e.open("/urlload.html")
	require.Equal(t, e.srv.MainURL("/urlload.html?moved"), r.URL)
	require.Equal(t, "moving", r.Title)
}

// TestNavigationFollowsScriptRedirect opens a page that sends itself on
// with location.replace while an image that never comes holds its load
// event back: the first document cannot load, the one it moved to does,
// and the navigation answers with that one, as a browser's user would see
// it, instead of waiting out its budget for a load that cannot come.
func TestNavigationFollowsScriptRedirect(t *testing.T) {
	e := newEnv(t, "")
	r := e.open("/scriptmove.html")
	require.Equal(t, e.srv.MainURL("/target.html"), r.URL)
	require.Equal(t, "target", r.Title)

	// The same through 'tab new', which loads its URL the same way.
	ctx := e.ctx()
	nt, err := actions.NewTab(ctx, e.s, e.srv.MainURL("/scriptmove.html"))
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, _ = actions.CloseTab(ctx, e.s, nt.Tab.ID)
	})
	require.Equal(t, e.srv.MainURL("/target.html"), nt.Tab.URL)
}
