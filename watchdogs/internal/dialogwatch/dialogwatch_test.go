package dialogwatch_test

import (
	"context"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/internal/dialogwatch"
)

// The test runs on the shared test browser (internal/testkit), in a
// session and tab of its own.
func TestMain(m *testing.M) { testkit.Main(m) }

// The tracker sees a dialog open and close on a real page, without any
// DialogWatchdog installed.
func TestDialogTrackerFollowsATab(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var tr *dialogwatch.Tracker
	ext := extension(func(ctx context.Context, s *session.BrowserSession) (func(context.Context) error, error) {
		tr = dialogwatch.NewTracker(s.Bus())
		remove := s.OnTargetAttached(tr.Follow)
		return func(context.Context) error { remove(); tr.Close(); return nil }, nil
	})
	s, err := session.Start(ctx, session.Config{TaskID: t.Name(), CDPURL: testkit.Endpoint(t), Extensions: []session.Extension{ext}})
	require.NoError(t, err)
	defer s.Close()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	require.Nil(t, tr.Pending(ctx, tab.ID))

	opened := tr.Changes()
	called := make(chan events.DialogInfo, 4)
	stop := tr.OnBlock(tab.ID, func(d events.DialogInfo) { called <- d })
	defer stop()
	stopped := tr.OnBlock(tab.ID, func(events.DialogInfo) { t.Error("a stopped watcher was called") })
	stopped()
	otherTab := tr.OnBlock("another-tab", func(events.DialogInfo) { t.Error("a watcher of another tab was called") })
	defer otherTab()
	_, err = tab.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("setTimeout(() => alert('hi'), 0)"))
	require.NoError(t, err)
	select {
	case <-opened:
	case <-ctx.Done():
		t.Fatal("no dialog seen")
	}
	// No DialogWatchdog answers on the bus: every dialog blocks.
	select {
	case d := <-called:
		require.Equal(t, "hi", d.Message)
	case <-ctx.Done():
		t.Fatal("the tab's watcher was not called")
	}
	d := tr.Pending(ctx, tab.ID) // no DialogWatchdog: the tracker's own record stands
	require.NotNil(t, d)
	require.Equal(t, "alert", d.Type)
	require.Equal(t, "hi", d.Message)

	require.NoError(t, tab.Client.Page.HandleJavaScriptDialog(ctx, page.NewHandleJavaScriptDialogArgs(true)))
	require.Eventually(t, func() bool { return tr.Open(tab.ID) == nil }, 10*time.Second, 5*time.Millisecond)
}

type extension func(ctx context.Context, s *session.BrowserSession) (func(context.Context) error, error)

func (f extension) Start(ctx context.Context, s *session.BrowserSession) (func(context.Context) error, error) {
	return f(ctx, s)
}
