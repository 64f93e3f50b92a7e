package defaultaction_test

import (
	"context"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestSnapshotUnderReloadLoop: a page that reloads itself as soon as it
// loads gives a tree, or page_unstable saying how many documents came and
// went (or, when the page never answers the capture, timeout); never a
// success without a tree.
func TestSnapshotUnderReloadLoop(t *testing.T) {
	e := newEnv(t, "")
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	_, err := do(e, events.NavigateToURLEvent{TabID: e.tab.ID, URL: e.srv.MainURL("/reloadloop.html")})
	require.NoError(t, err)
	for i := range 5 {
		sctx, scancel := context.WithTimeout(ctx, 4*time.Second)
		st, err := actions.State(sctx, e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID})
		scancel()
		if err != nil && actions.Code(err) == events.CodeTimeout {
			// A page busy reloading every millisecond may also never
			// answer the capture at all: an error, never ok without a tree.
			continue
		}
		if err != nil {
			require.Equal(t, events.CodePageUnstable, actions.Code(err), "run %d: %v", i, err)
			body := actions.Describe(err)
			require.Contains(t, body.Message, "replaced its document")
			require.NotNil(t, body.Details.Documents)
			require.Positive(t, *body.Details.Documents)
			continue
		}
		require.Contains(t, text(st), "Reloading", "run %d: ok means a tree", i)
		require.NotEmpty(t, refsOf(t, st), "run %d", i)
	}
	// The session still works: a fresh tab of it reads a page. (Leaving
	// this tab with open can lose to the page itself: a reload it starts
	// every millisecond may supersede a pending navigation; see
	// docs/reliability.md.)
	other := newEnv(t, "/click.html")
	require.NotEmpty(t, refsOf(t, other.state(events.SnapshotOptions{})))
}

// TestSnapshotOfBusyPageIsAnError: a snapshot the page never answers is a
// timeout error, not a success with a line of text.
func TestSnapshotOfBusyPageIsAnError(t *testing.T) {
	e := newEnv(t, "/busy.html")
	var stuck bool
	e.poll("the page to get stuck", func() bool {
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		defer cancel()
		_, err := e.tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("1"))
		stuck = err != nil
		return stuck
	})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Second)
	defer cancel()
	st, err := actions.State(ctx, e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID})
	require.Error(t, err, "state: %v", st)
	require.Equal(t, events.CodeTimeout, actions.Code(err), "%v", err)
	require.Contains(t, err.Error(), "snapshot")
}

// TestCloseTabOfReloadingPage: Chrome drops a Target.closeTarget that
// arrives as the page commits a navigation of its own (about every other
// close sent at a commit of a page that reloads itself as soon as it
// loads); closing its tab still closes it, within the command's budget.
// Each of the rounds closes the tab as the page commits a reload.
func TestCloseTabOfReloadingPage(t *testing.T) {
	e := newEnv(t, "")
	for i := range 8 {
		ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
		r, err := actions.NewTab(ctx, e.s, e.srv.MainURL("/reloadloop.html"))
		require.NoError(t, err)
		tab, err := e.s.Tab(r.Tab.ID)
		require.NoError(t, err)
		commits, err := tab.Client.Page.FrameNavigated(ctx)
		require.NoError(t, err)
		for range 1 + i%3 {
			_, err := commits.Recv()
			require.NoError(t, err, "round %d: the page stopped reloading", i)
		}
		commits.Close()
		cctx, ccancel := context.WithTimeout(ctx, 5*time.Second)
		res, err := actions.CloseTab(cctx, e.s, tab.ID)
		ccancel()
		require.NoError(t, err, "round %d: closing the reloading page's tab", i)
		require.Equal(t, tab.ID, res.Closed)
		_, err = e.s.Tab(tab.ID)
		require.ErrorIs(t, err, session.ErrTabNotFound, "round %d", i)
		cancel()
	}
}
