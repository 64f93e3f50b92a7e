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

// TestNewTabAtURLIsSetUpAndOnItsWay: a tab opened at a URL is on its way
// there when NewTab returns (the document is the URL's, with no wait for a
// load), and its setup is done: an evaluate through the engine, which the
// attach hooks prepare, answers at once.
func TestNewTabAtURLIsSetUpAndOnItsWay(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "newtab"})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for range 3 {
		tab, err := s.NewTab(ctx, srv.MainURL("/title/x"))
		require.NoError(t, err)
		r, err := actions.Evaluate(actions.WithTab(ctx, tab.ID), s, "location.href")
		require.NoError(t, err)
		require.Equal(t, srv.MainURL("/title/x"), r.Value)
		require.NoError(t, s.CloseTab(ctx, tab.ID))
	}
}

// TestNewTabAtABadURL: a URL Chrome refuses to navigate to is an error that
// names it, and the tab opened for it is closed again.
func TestNewTabAtABadURL(t *testing.T) {
	s := start(t, session.Config{TaskID: "newtab-bad"})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	before := len(s.Tabs())
	_, err := s.NewTab(ctx, "http://[")
	require.ErrorContains(t, err, `"http://["`)
	require.ErrorContains(t, err, "invalid URL")
	require.Eventually(t, func() bool { return len(s.Tabs()) == before }, 10*time.Second, 20*time.Millisecond, "the tab was not closed")
}
