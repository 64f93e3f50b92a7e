package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestNewTabAtURLIsSetUpAndOnItsWay: a tab opened at a URL gets the whole
// setup (its page events arrive) and is on its way to the URL when NewTab
// returns: the document is the URL's at once, with no wait for a load.
func TestNewTabAtURLIsSetUpAndOnItsWay(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "newtab"})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for range 3 {
		tab, err := s.NewTab(ctx, srv.MainURL("/title/x"))
		require.NoError(t, err)
		r, err := session.Evaluate(ctx, tab.Client, "location.href", false)
		require.NoError(t, err)
		require.JSONEq(t, `"`+srv.MainURL("/title/x")+`"`, string(r.Result.Value))
		require.NoError(t, s.CloseTab(ctx, tab.ID))
	}
}
