package cdpproxy_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cdpproxy"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/session"
)

// The tests share one headless Chromium (internal/testkit); each puts its
// own proxy in front of it, and the sessions connected through the proxy
// open their own tabs.
func TestMain(m *testing.M) { testkit.Main(m) }

// browser returns the shared browser's endpoint, the proxies' upstream.
func browser(t *testing.T) string {
	t.Helper()
	return testkit.Endpoint(t)
}

func start(t *testing.T, opts cdpproxy.Options) *cdpproxy.Proxy {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	p, err := cdpproxy.Start(ctx, opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p
}

func connect(t *testing.T, url string) *session.BrowserSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := session.Start(ctx, session.Config{TaskID: t.Name(), CDPURL: url})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func TestForwards(t *testing.T) {
	b := browser(t)
	p := start(t, cdpproxy.Options{Upstream: b})
	require.True(t, strings.HasPrefix(p.Endpoint(), "ws://127.0.0.1:"))
	s := connect(t, p.URL())
	require.Equal(t, p.Endpoint(), s.Endpoint())
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	r, err := session.Evaluate(ctx, tab.Client, "6*7", false)
	require.NoError(t, err)
	require.Equal(t, "42", string(r.Result.Value))
	require.NoError(t, p.Close())
	select {
	case <-s.Done():
	case <-ctx.Done():
		t.Fatal("session did not notice the proxy closing")
	}
}

func TestCloseDialogs(t *testing.T) {
	b := browser(t)
	p := start(t, cdpproxy.Options{Upstream: b, CloseDialogs: true})
	s := connect(t, p.Endpoint())
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	opened, err := tab.Client.Page.JavascriptDialogOpening(ctx)
	require.NoError(t, err)
	defer opened.Close()
	closed, err := tab.Client.Page.JavascriptDialogClosed(ctx)
	require.NoError(t, err)
	defer closed.Close()
	_, err = session.Evaluate(ctx, tab.Client, `setTimeout(() => { window.answer = confirm("sure?") }, 0)`, false)
	require.NoError(t, err)
	ev, err := opened.Recv()
	require.NoError(t, err)
	require.Equal(t, "sure?", ev.Message)
	c, err := closed.Recv()
	require.NoError(t, err)
	require.False(t, c.Result)
	// The page goes on with the proxy's answer; our own answer finds no
	// dialog, and no reply of the proxy's leaked to us.
	r, err := session.Evaluate(ctx, tab.Client, `window.answer`, false)
	require.NoError(t, err)
	require.Equal(t, "false", string(r.Result.Value))
	err = tab.Client.Page.HandleJavaScriptDialog(ctx, page.NewHandleJavaScriptDialogArgs(true))
	require.ErrorContains(t, err, "No dialog is showing")
	require.Equal(t, 1, p.DialogsClosed())
}

func TestMaxClients(t *testing.T) {
	b := browser(t)
	p := start(t, cdpproxy.Options{Upstream: b, MaxClients: 1})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	first, resp, err := websocket.DefaultDialer.DialContext(ctx, p.Endpoint(), nil)
	require.NoError(t, err)
	resp.Body.Close()
	_, resp, err = websocket.DefaultDialer.DialContext(ctx, p.Endpoint(), nil)
	require.Error(t, err)
	require.NotNil(t, resp)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	resp.Body.Close()
	first.Close()
	// Once the first client is gone, another is admitted.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, resp, err := websocket.DefaultDialer.DialContext(ctx, p.Endpoint(), nil)
		if err == nil {
			resp.Body.Close()
			c.Close()
			break
		}
		if resp != nil {
			resp.Body.Close()
		}
		require.True(t, time.Now().Before(deadline), "second client never admitted: %v", err)
		time.Sleep(10 * time.Millisecond)
	}
}
