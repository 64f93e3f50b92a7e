package defaultaction_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// TestNavigationTimeoutIsStopped opens a URL whose server holds the
// response with a short budget: the error is a timeout naming the URL and
// the event it waited for, the navigation is cancelled (the browser drops
// the held request), and the tab stays at its old URL even after the server
// answers.
func TestNavigationTimeoutIsStopped(t *testing.T) {
	e := newEnv(t, "/counter.html")
	before := e.evalString("location.href")

	release := make(chan struct{})
	dropped := make(chan struct{})
	var once sync.Once
	held := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
			fmt.Fprint(w, "<title>late</title>late")
		case <-r.Context().Done():
			once.Do(func() { close(dropped) })
		}
	}))
	defer held.Close()
	var releaseOnce sync.Once
	releaseAll := func() { releaseOnce.Do(func() { close(release) }) }
	defer releaseAll()
	url := held.URL + "/held"

	// A budget of seconds, not one: under load the handler needs some of
	// it to shape its error after the wait for load ran out.
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Second)
	defer cancel()
	start := time.Now()
	_, err := actions.Do(ctx, e.s,
		events.NavigateToURLEvent{TabID: e.tab.ID, URL: url})
	requireCode(t, err, events.CodeTimeout)
	// 3x the budget as a ceiling: the machine is shared.
	require.Less(t, time.Since(start), 12*time.Second)
	msg := actions.Describe(err).Message
	require.Contains(t, msg, url)
	require.Contains(t, msg, "load")
	require.Contains(t, msg, before, "the error says where the tab is")

	// The browser gave the request up: the navigation was stopped.
	select {
	case <-dropped:
	case <-time.After(10 * time.Second):
		t.Fatal("the held request was never cancelled: the navigation is still pending")
	}
	require.Equal(t, before, e.evalString("location.href"))
	// Releasing the server changes nothing any more.
	releaseAll()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); <-tick.C {
		require.Equal(t, before, e.evalString("location.href"))
	}
	// The tab works: a new navigation succeeds.
	e.open("/click.html")
	require.Contains(t, e.evalString("location.href"), "/click.html")
}
