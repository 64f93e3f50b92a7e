package cdpshare_test

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/cdpshare"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// Two sessions share one launched browser through the broker, each in a
// browser context of its own, over a unix socket: the browser opens no
// port. Each sees only its own tab; one leaving takes its tab and context
// with it, and the other goes on.
func TestTwoSessionsShareOnePipe(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	p, err := session.Launch(ctx, session.LaunchConfig{Path: chrome, SitePerProcess: true})
	require.NoError(t, err)
	defer p.Close()
	require.Empty(t, p.Endpoint, "no DevTools port")
	r, w := p.Pipe()
	b := cdpshare.New(r, w, zerolog.Nop())
	sock := filepath.Join(t.TempDir(), "browser.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- b.Serve(ln, nil) }()
	defer func() { b.Close(); require.NoError(t, <-served) }()

	start := func(name string) *session.BrowserSession {
		m, err := standard.NewManager()
		require.NoError(t, err)
		s, err := session.Start(ctx, session.Config{TaskID: name, CDPURL: "unix:" + sock, IsolatedContext: true, Extensions: []session.Extension{m}})
		require.NoError(t, err)
		return s
	}
	a, c := start("a"), start("c")
	defer c.Close()
	require.NotEqual(t, a.BrowserContext(), c.BrowserContext())
	require.NotEmpty(t, a.BrowserContext())

	for _, s := range []*session.BrowserSession{a, c} {
		_, err := actions.Navigate(ctx, s, "about:blank#"+s.TaskID(), actions.NavigateOptions{})
		require.NoError(t, err)
		r, err := actions.Evaluate(ctx, s, "location.hash")
		require.NoError(t, err)
		require.Equal(t, "#"+s.TaskID(), r.Value)
		tabs, err := actions.Tabs(ctx, s)
		require.NoError(t, err)
		require.Len(t, tabs, 1, "%s sees only its own tab", s.TaskID())
	}
	// A client cannot address another client's sessions: the broker
	// answers for the browser, and nothing is sent.
	tab, err := a.ActiveTab()
	require.NoError(t, err)
	d := websocket.Dialer{NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var nd net.Dialer
		return nd.DialContext(ctx, "unix", sock)
	}}
	ws, _, err := d.DialContext(ctx, "ws://localhost/", nil)
	require.NoError(t, err)
	require.NoError(t, ws.WriteJSON(map[string]any{"id": 7, "sessionId": string(tab.SessionID), "method": "Runtime.evaluate", "params": map[string]any{"expression": "document.title='PWNED'"}}))
	var reply struct {
		ID    int `json:"id"`
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	require.NoError(t, ws.ReadJSON(&reply))
	require.Equal(t, 7, reply.ID)
	require.NotNil(t, reply.Error)
	require.Contains(t, reply.Error.Message, "no session")
	ws.Close()
	title, err := actions.Evaluate(ctx, a, "document.title")
	require.NoError(t, err)
	require.NotEqual(t, "PWNED", title.Value)

	require.NoError(t, a.Close())
	r2, err := actions.Evaluate(ctx, c, "1+1")
	require.NoError(t, err)
	require.Equal(t, float64(2), r2.Value)
}
