package session_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// Tests about launching, crashing or closing a browser launch their own;
// the others share one headless Chromium (internal/testkit), each with a
// session and tab of its own.
func TestMain(m *testing.M) { testkit.Main(m) }

const counterPage = `<!doctype html><title>counter</title>
<style>body{margin:0} #b{position:absolute;left:10px;top:10px;width:100px;height:40px}</style>
<button id=b onclick="n.textContent = +n.textContent + 1">add</button><p id=n style="margin-top:80px">0</p>`

func pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/counter", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, counterPage) })
	mux.HandleFunc("/title/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "<title>%s</title><p>hello</p>", strings.TrimPrefix(r.URL.Path, "/title/"))
	})
	return mux
}

func start(t *testing.T, cfg session.Config) *session.BrowserSession {
	t.Helper()
	testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func evalString(t *testing.T, s *session.BrowserSession, expr string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	r, err := actions.Evaluate(ctx, s, expr)
	require.NoError(t, err)
	return fmt.Sprint(r.Value)
}

func TestLaunchTabsNavigateClickClose(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, session.Config{TaskID: "t1"})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()

	first, err := s.ActiveTab()
	require.NoError(t, err)
	second, err := s.NewTab(ctx, "")
	require.NoError(t, err)
	require.Len(t, s.Tabs(), 2)

	for i, tab := range []*session.Target{first, second} {
		name := fmt.Sprintf("tab%d", i)
		_, err := actions.Do(ctx, s,
			events.NavigateToURLEvent{TabID: tab.ID, URL: srv.MainURL("/title/" + name)})
		require.NoError(t, err)
		r, err := actions.Do(ctx, s, events.EvaluateEvent{TabID: tab.ID, Expression: "document.title"})
		require.NoError(t, err)
		require.Equal(t, name, r.Value)
	}

	res, err := actions.Navigate(ctx, s, srv.MainURL("/counter"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Equal(t, "counter", res.Title)
	_, err = actions.ClickAt(ctx, s, 50, 30)
	require.NoError(t, err)
	_, err = actions.ClickAt(ctx, s, 50, 30)
	require.NoError(t, err)
	require.Equal(t, "2", evalString(t, s, "document.getElementById('n').textContent"))

	tabs, err := actions.Tabs(ctx, s)
	require.NoError(t, err)
	require.Len(t, tabs, 2)
	require.True(t, tabs[0].Active)

	proc := s.Process()
	require.NotNil(t, proc)
	pid, dir := proc.PID(), proc.DataDir()
	require.NoError(t, s.Close())
	require.NoError(t, s.Close(), "close is idempotent")
	// The browser was reaped by Close and every other process of its tree
	// was killed: none runs (zombies of killed helpers are init's to
	// reap, so the wait is a ceiling, not a timing).
	require.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "the browser is reaped")
	require.Eventually(t, func() bool { return len(testutil.LiveProcesses(pid)) == 0 }, 5*time.Second, 10*time.Millisecond,
		"processes of the browser still run: %v", testutil.LiveProcesses(pid))
	_, err = os.Stat(dir)
	require.True(t, os.IsNotExist(err), "profile dir %s still exists", dir)

	_, err = actions.Navigate(ctx, s, srv.MainURL("/counter"), actions.NavigateOptions{})
	require.Error(t, err)
	require.Equal(t, events.CodeSessionClosed, actions.Code(err), "closed on purpose, not crashed")
}

func TestUnreachableURLIsAnError(t *testing.T) {
	s := start(t, session.Config{TaskID: "t2", CDPURL: testkit.Endpoint(t)})
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	// A port nothing listens on: connection refused, fast.
	_, err := actions.Navigate(ctx, s, "http://127.0.0.1:1/", actions.NavigateOptions{})
	require.Error(t, err)
	require.Equal(t, events.CodeNavigationFailed, actions.Code(err), err.Error())
	// The session still works.
	require.Equal(t, "2", evalString(t, s, "1+1"))
}

func TestConnectByHTTPToSeparateBrowser(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	// The separate browser is the package's shared test browser.
	endpoint := testkit.Endpoint(t)
	// ws://127.0.0.1:PORT/devtools/browser/ID -> http://127.0.0.1:PORT
	hostport := strings.SplitN(strings.TrimPrefix(endpoint, "ws://"), "/", 2)[0]
	srv := testutil.Serve(t, pages())

	s := start(t, session.Config{TaskID: "c1", CDPURL: "http://" + hostport})
	require.Nil(t, s.Process())
	require.Len(t, s.Tabs(), 1, "a connected session owns only the tab it opened")
	_, err := actions.Navigate(ctx, s, srv.MainURL("/title/connected"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Equal(t, "connected", evalString(t, s, "document.title"))

	// A second task on the same browser gets its own tab.
	s2 := start(t, session.Config{TaskID: "c2", CDPURL: endpoint})
	require.Len(t, s2.Tabs(), 1)
	require.NotEqual(t, s.Tabs()[0].ID, s2.Tabs()[0].ID)
	require.Equal(t, "", evalString(t, s2, "document.title"))
	require.NoError(t, s2.Close())
	require.NoError(t, s.Close())
}

func TestRegistry(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	var mu sync.Mutex
	starts := 0
	m, err := standard.NewManager()
	require.NoError(t, err)
	base := session.Config{Launch: session.LaunchConfig{Path: chrome}, Extensions: []session.Extension{m}}
	startFn := session.StarterFromConfig(base)
	reg := session.NewRegistry(func(ctx context.Context, task, url string) (*session.BrowserSession, error) {
		mu.Lock()
		starts++
		mu.Unlock()
		return startFn(ctx, task, url)
	})
	defer reg.Close()

	// Many concurrent callers for one task start one session.
	var wg sync.WaitGroup
	got := make([]*session.BrowserSession, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := reg.GetOrStart(ctx, "task", "")
			if err == nil {
				got[i] = s
			}
		}()
	}
	wg.Wait()
	for _, s := range got {
		require.NotNil(t, s)
		require.Same(t, got[0], s)
	}
	require.Equal(t, 1, starts)

	// A separate browser (the package's shared test browser): a new URL
	// rebinds the task.
	endpoint := testkit.Endpoint(t)
	s2, err := reg.GetOrStart(ctx, "task", endpoint)
	require.NoError(t, err)
	require.NotSame(t, got[0], s2)
	require.ErrorIs(t, got[0].Err(), session.ErrClosed, "the old session was stopped")
	require.Equal(t, endpoint, s2.Endpoint())
	s3, err := reg.GetOrStart(ctx, "task", endpoint)
	require.NoError(t, err)
	require.Same(t, s2, s3)
	require.NoError(t, reg.Stop("task"))
	_, ok := reg.Get("task")
	require.False(t, ok)
}

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
