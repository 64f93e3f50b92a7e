package session_test

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
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// TestStartRelaunchesABrowserThatDiedStarting: a launched browser that dies
// before it answers its first call is launched once more and the session
// works; one that dies every time is no browser after two launches, with
// what it printed.
func TestStartRelaunchesABrowserThatDiedStarting(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()

	var s *session.BrowserSession
	err := testutil.AfterRealCrash(t, func() error {
		path, starts := testutil.DiesFirst(t, chrome, 1)
		var err error
		s, err = standard.Start(ctx, session.Config{Launch: session.LaunchConfig{Path: path}})
		require.Equal(t, 2, starts(), "the browser is launched again once")
		return err
	})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.Equal(t, "2", evalString(t, s, "String(1+1)"))

	path, starts := testutil.DiesFirst(t, chrome, 9)
	_, err = standard.Start(ctx, session.Config{Launch: session.LaunchConfig{Path: path}})
	require.ErrorIs(t, err, session.ErrNoBrowser)
	require.Contains(t, err.Error(), testutil.DiedMessage)
	require.Equal(t, 2, starts(), "a browser that dies every time is launched twice, no more")
}

// chromeExited is ChromeDriver's answer, through Grid, when the browser it
// started went away.
const chromeExited = `{"value":{"error":"session not created","message":"Could not start a new session. Response code 500. Message: session not created: Chrome instance exited. Examine ChromeDriver verbose log to determine the cause.\nBuild info: ..."}}`

// dyingGrid is a Selenium Grid with one free Chrome slot whose browser
// dies while it starts on each of the first dies session requests; later
// requests get a session whose se:cdp URL is cdp.
type dyingGrid struct {
	cdp     string
	n       int
	mu      sync.Mutex
	posts   int
	deleted int
}

func (g *dyingGrid) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case r.URL.Path == "/status":
		fmt.Fprint(w, `{"value":{"ready":true,"nodes":[{"uri":"http://node:5555","availability":"UP","slots":[{"session":null,"stereotype":{"browserName":"chrome"}}]}]}}`)
	case r.Method == http.MethodPost && r.URL.Path == "/session":
		g.posts++
		if g.posts <= g.n {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, chromeExited)
			return
		}
		fmt.Fprintf(w, `{"value":{"sessionId":"s1","capabilities":{"browserVersion":"148","se:cdp":%q}}}`, g.cdp)
	case r.Method == http.MethodDelete && r.URL.Path == "/session/s1":
		g.deleted++
		fmt.Fprint(w, `{"value":null}`)
	default:
		http.NotFound(w, r)
	}
}

// TestGridSessionAgainWhenTheNodesBrowserDied: a Grid node whose browser
// dies while it starts gets asked for a session once more, and the
// session works; when it dies every time the error says so (not that
// every slot is busy) after two requests.
func TestGridSessionAgainWhenTheNodesBrowserDied(t *testing.T) {
	testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	p, err := session.Launch(ctx, session.LaunchConfig{DebuggingPort: session.AnyDebuggingPort})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })

	g := &dyingGrid{n: 1, cdp: p.Endpoint}
	srv := httptest.NewServer(g)
	defer srv.Close()
	s, err := standard.Start(ctx, session.Config{Grid: session.GridConfig{URL: srv.URL}})
	require.NoError(t, err)
	require.Equal(t, "2", evalString(t, s, "String(1+1)"))
	require.NoError(t, s.Close())
	g.mu.Lock()
	require.Equal(t, 2, g.posts, "asked for a session once more")
	require.Equal(t, 1, g.deleted, "the session is ended on close")
	g.mu.Unlock()

	g2 := &dyingGrid{n: 9, cdp: p.Endpoint}
	srv2 := httptest.NewServer(g2)
	defer srv2.Close()
	_, err = standard.Start(ctx, session.Config{Grid: session.GridConfig{URL: srv2.URL}})
	require.Equal(t, events.CodeConnectFailed, actions.Code(err), "%v", err)
	require.Contains(t, err.Error(), "Chrome exited while it started")
	require.NotContains(t, err.Error(), "slot is busy")
	g2.mu.Lock()
	require.Equal(t, 2, g2.posts, "two requests, no more")
	g2.mu.Unlock()
}

// TestLaunchRelaunchesABrowserThatDiedBeforeItsEndpoint: Launch with a
// DevTools port (as the shared test browser starts) launches a browser
// that dies before it prints its endpoint once more; one that dies every time is no browser after
// two launches, with what it printed.
func TestLaunchRelaunchesABrowserThatDiedBeforeItsEndpoint(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()

	var p *session.Process
	err := testutil.AfterRealCrash(t, func() error {
		path, starts := testutil.DiesFirst(t, chrome, 1)
		var err error
		p, err = session.Launch(ctx, session.LaunchConfig{Path: path, DebuggingPort: session.AnyDebuggingPort})
		require.Equal(t, 2, starts(), "the browser is launched again once")
		return err
	})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	require.NotEmpty(t, p.Endpoint)
	s, err := standard.Start(ctx, session.Config{CDPURL: p.Endpoint})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	require.Equal(t, "2", evalString(t, s, "String(1+1)"))

	path, starts := testutil.DiesFirst(t, chrome, 9)
	_, err = session.Launch(ctx, session.LaunchConfig{Path: path, DebuggingPort: session.AnyDebuggingPort})
	require.ErrorIs(t, err, session.ErrNoBrowser)
	require.Contains(t, err.Error(), testutil.DiedMessage)
	require.Equal(t, 2, starts(), "a browser that dies every time is launched twice, no more")
}
