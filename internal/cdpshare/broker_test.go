package cdpshare_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"sync"
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
	p, sock := serveShared(t, ctx, session.LaunchConfig{Path: chrome, SitePerProcess: true})
	require.Empty(t, p.Endpoint, "no DevTools port")

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

// A shared browser that answers slowly (a loaded machine, a browser still
// starting) is not taken for lost: the liveness checks that fail a quiet
// network endpoint within seconds leave a unix socket alone, whose peer
// closes it when it dies. Here a relay between the session and the broker
// holds the browser's replies for ten times the liveness timeout while a
// call waits; the call gets its answer and the session lives.
func TestSlowSharedBrowserIsNotLost(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	_, sock := serveShared(t, ctx, session.LaunchConfig{Path: chrome})

	rl := newRelay(t, sock, filepath.Join(t.TempDir(), "slow.sock"))
	defer rl.close()
	const timeout = 100 * time.Millisecond
	cfg := session.Config{CDPURL: "unix:" + rl.path,
		Liveness: session.LivenessConfig{Timeout: timeout, BusyQuiet: timeout / 2, QuietAfter: timeout / 2}}
	s, err := session.Start(ctx, cfg)
	if err != nil {
		// Once, under a full CI run, the first connection through the
		// relay was closed before the browser's version came back (not
		// reproduced in isolation); the stall below is what this test is
		// about, so the start gets a second try, and a second failure
		// fails it.
		t.Logf("starting through the relay: %v; trying once more", err)
		s, err = session.Start(ctx, cfg)
	}
	require.NoError(t, err)
	defer s.Close()

	release := rl.hold()
	got := make(chan error, 1)
	go func() {
		var v struct {
			Product string `json:"product"`
		}
		got <- s.Call(ctx, "", "Browser.getVersion", nil, &v)
	}()
	// The stall is the fault: ten liveness timeouts with a call waiting.
	select {
	case <-s.Done():
		t.Fatalf("the session was taken for lost while the browser was slow: %v", s.Err())
	case <-time.After(10 * timeout):
	}
	release()
	require.NoError(t, <-got)
	require.NoError(t, s.CheckAlive(ctx))
	require.NoError(t, s.Err())
}

// serveShared launches Chromium over its pipe with a broker on it
// (cdpshare.Launch) and serves it on a unix socket, all closed when the
// test ends.
func serveShared(t *testing.T, ctx context.Context, cfg session.LaunchConfig) (*session.Process, string) {
	t.Helper()
	p, b, err := launch(ctx, cfg)
	require.NoError(t, err)
	sock := filepath.Join(t.TempDir(), "browser.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- b.Serve(ln, nil) }()
	t.Cleanup(func() {
		b.Close()
		require.NoError(t, <-served)
		p.Close()
	})
	return p, sock
}

// launch is cdpshare.Launch of session.Launch with cfg.
func launch(ctx context.Context, cfg session.LaunchConfig) (*session.Process, *cdpshare.Broker, error) {
	return cdpshare.Launch(ctx, func(ctx context.Context) (*session.Process, error) {
		return session.Launch(ctx, cfg)
	}, zerolog.Nop())
}

// A browser that dies as it starts is launched once more: a stand-in that
// dies on its first start gives a broker whose browser answers; one that
// dies twice is reported, with what it printed; one that cannot be started
// at all is reported after one try.
func TestLaunchRelaunchesABrowserThatDiedAsItStarted(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	path, starts := testutil.DiesFirst(t, chrome, 1)
	_, sock := serveShared(t, ctx, session.LaunchConfig{Path: path})
	require.Equal(t, 2, starts())
	require.NoError(t, answers(ctx, sock))

	path, starts = testutil.DiesFirst(t, chrome, 2)
	_, _, err := launch(ctx, session.LaunchConfig{Path: path})
	require.ErrorContains(t, err, testutil.DiedMessage)
	require.Equal(t, 2, starts())

	// A browser that cannot be started is not tried again.
	tries := 0
	_, _, err = cdpshare.Launch(ctx, func(context.Context) (*session.Process, error) {
		tries++
		return nil, errors.New("no such browser")
	}, zerolog.Nop())
	require.ErrorContains(t, err, "no such browser")
	require.Equal(t, 1, tries)
}

// answers asks the browser behind the broker at sock for its version, on
// a connection of its own.
func answers(ctx context.Context, sock string) error {
	d := websocket.Dialer{NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var nd net.Dialer
		return nd.DialContext(ctx, "unix", sock)
	}}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	ws, _, err := d.DialContext(ctx, "ws://localhost/", nil)
	if err != nil {
		return err
	}
	defer ws.Close()
	if dl, ok := ctx.Deadline(); ok {
		ws.SetReadDeadline(dl)
	}
	if err := ws.WriteJSON(map[string]any{"id": 1, "method": "Browser.getVersion"}); err != nil {
		return err
	}
	var reply struct {
		ID     int `json:"id"`
		Result struct {
			Product string `json:"product"`
		} `json:"result"`
	}
	if err := ws.ReadJSON(&reply); err != nil {
		return err
	}
	if reply.ID != 1 || reply.Result.Product == "" {
		return fmt.Errorf("unexpected reply to Browser.getVersion: %+v", reply)
	}
	return nil
}

// relay copies bytes between clients of path and the socket at to, and
// can hold what comes back from to.
type relay struct {
	path string
	ln   net.Listener
	mu   sync.Mutex
	gate chan struct{} // closed: replies flow
	wg   sync.WaitGroup
	cs   []net.Conn
}

func newRelay(t *testing.T, to, path string) *relay {
	t.Helper()
	ln, err := net.Listen("unix", path)
	require.NoError(t, err)
	rl := &relay{path: path, ln: ln, gate: make(chan struct{})}
	close(rl.gate)
	rl.wg.Add(1)
	go func() {
		defer rl.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("unix", to)
			if err != nil {
				c.Close()
				return
			}
			rl.mu.Lock()
			rl.cs = append(rl.cs, c, up)
			rl.mu.Unlock()
			rl.wg.Add(2)
			go func() { defer rl.wg.Done(); io.Copy(up, c); up.Close() }()
			go func() {
				defer rl.wg.Done()
				defer c.Close()
				buf := make([]byte, 64<<10)
				for {
					n, err := up.Read(buf)
					if n > 0 {
						rl.mu.Lock()
						gate := rl.gate
						rl.mu.Unlock()
						<-gate
						if _, werr := c.Write(buf[:n]); werr != nil {
							return
						}
					}
					if err != nil {
						return
					}
				}
			}()
		}
	}()
	return rl
}

// hold stops the replies until the returned function is called.
func (rl *relay) hold() (release func()) {
	rl.mu.Lock()
	rl.gate = make(chan struct{})
	rl.mu.Unlock()
	return rl.release
}

func (rl *relay) release() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	select {
	case <-rl.gate:
	default:
		close(rl.gate)
	}
}

func (rl *relay) close() {
	rl.ln.Close()
	rl.release()
	rl.mu.Lock()
	for _, c := range rl.cs {
		c.Close()
	}
	rl.mu.Unlock()
	rl.wg.Wait()
}
