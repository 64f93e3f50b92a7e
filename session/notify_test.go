package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// A lifecycle subscriber that blocks for as long as the test likes delays
// only itself: the session keeps tracking the tab's URL and title, and
// other subscribers keep receiving notifications.
func TestBlockingLifecycleSubscriberDelaysOnlyItself(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "blocked-subscriber", CDPURL: testkit.Endpoint(t)})
	release := make(chan struct{})
	defer close(release)
	bus.Observe(s.Bus(), "stuck", func(ctx context.Context, e events.TabNavigatedEvent) {
		<-release // ignores ctx on purpose: the worst subscriber
	})
	navigated := record[events.TabNavigatedEvent](s.Bus())

	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for _, title := range []string{"first", "second", "third", "fourth"} {
		_, err := actions.Navigate(ctx, s, srv.MainURL("/title/"+title), actions.NavigateOptions{})
		require.NoError(t, err)
		want := srv.MainURL("/title/" + title)
		navigated.wait(t, func(e events.TabNavigatedEvent) bool { return e.Tab.URL == want })
		// The stuck handler never returns while the test runs; a session
		// that waited for it (even with a bounded wait per event) would
		// fall further behind with every navigation. 4 s is far above the
		// milliseconds this takes, and below what a blocked loop costs.
		require.Eventually(t, func() bool {
			tabs := s.Tabs()
			return len(tabs) == 1 && tabs[0].URL == want
		}, 4*time.Second, 10*time.Millisecond, "the session's tab list follows the navigation while a subscriber blocks")
	}
}
