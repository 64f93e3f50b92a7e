package snapshot_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/devtool"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
)

// The tests share one headless Chromium (internal/testkit), launched on
// first use; each test opens its own tab in it and talks to that tab over
// the tab's own websocket.
var shared struct {
	once sync.Once
	dt   *devtool.DevTools
}

// browser returns the DevTools HTTP API of the shared browser.
func browser(tb testing.TB) *devtool.DevTools {
	tb.Helper()
	endpoint := testkit.Endpoint(tb)
	shared.once.Do(func() {
		// ws://127.0.0.1:PORT/devtools/browser/ID
		if u, err := url.Parse(endpoint); err == nil {
			shared.dt = devtool.New("http://" + u.Host)
		}
	})
	if shared.dt == nil {
		tb.Fatalf("the shared browser's endpoint %q is not a websocket URL", endpoint)
	}
	return shared.dt
}

func TestMain(m *testing.M) {
	// Every goroutine the engine starts ends within its call; the HTTP
	// client of the DevTools API keeps its connections.
	testkit.Main(m, goleak.IgnoreTopFunction("net/http.(*persistConn).readLoop"),
		goleak.IgnoreTopFunction("net/http.(*persistConn).writeLoop"))
}

// testPage is a fresh tab with its own websocket.
type testPage struct {
	tb     testing.TB
	target *devtool.Target
	conn   *rpcc.Conn
	client *cdp.Client
}

func dialTarget(ctx context.Context, wsURL string) (*rpcc.Conn, *cdp.Client, error) {
	conn, err := rpcc.DialContext(ctx, wsURL, rpcc.WithWriteBufferSize(1<<20))
	if err != nil {
		return nil, nil, err
	}
	return conn, cdp.NewClient(conn), nil
}

// newPage opens a tab, dials it and enables the Page domain. The tab is
// closed when the test ends.
func newPage(tb testing.TB) *testPage {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	target, err := browser(tb).Create(ctx)
	if err != nil {
		tb.Fatalf("creating target: %v", err)
	}
	conn, client, err := dialTarget(ctx, target.WebSocketDebuggerURL)
	if err != nil {
		tb.Fatalf("dialing target: %v", err)
	}
	p := &testPage{tb: tb, target: target, conn: conn, client: client}
	tb.Cleanup(func() {
		conn.Close()
		cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer ccancel()
		_ = shared.dt.Close(cctx, target)
	})
	if err := client.Page.Enable(ctx); err != nil {
		tb.Fatalf("enabling page: %v", err)
	}
	// As a session does on every tab it attaches to.
	if err := snapshot.InstallRecorder(ctx, conn); err != nil {
		tb.Fatalf("installing the listener record: %v", err)
	}
	return p
}

// navigate loads url and waits for its load event.
func (p *testPage) navigate(ctx context.Context, url string) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	loaded, err := p.client.Page.LoadEventFired(ctx)
	if err != nil {
		p.tb.Fatalf("subscribing to load: %v", err)
	}
	defer loaded.Close()
	reply, err := p.client.Page.Navigate(ctx, page.NewNavigateArgs(url))
	if err != nil {
		p.tb.Fatalf("navigating to %s: %v", url, err)
	}
	if reply.ErrorText != nil {
		p.tb.Fatalf("navigating to %s: %s", url, *reply.ErrorText)
	}
	if _, err := loaded.Recv(); err != nil {
		p.tb.Fatalf("waiting for load of %s: %v", url, err)
	}
}

// eval evaluates expr in the page's main world and returns its JSON value.
func (p *testPage) eval(ctx context.Context, expr string) string {
	p.tb.Helper()
	reply, err := p.client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr).SetReturnByValue(true).SetAwaitPromise(true))
	if err != nil {
		p.tb.Fatalf("evaluating %q: %v", expr, err)
	}
	if reply.ExceptionDetails != nil {
		p.tb.Fatalf("evaluating %q: %s", expr, reply.ExceptionDetails.Error())
	}
	return string(reply.Result.Value)
}

// servers serves test pages (testdata/*.html and pages added with add):
// main on 127.0.0.1 and other addressed as localhost, so that frames from
// other are cross-site to main.
type servers struct {
	main, other *httptest.Server
	mu          sync.Mutex
	pages       map[string]string
}

func newServers(tb testing.TB) *servers {
	s := &servers{pages: map[string]string{}}
	files := http.FileServer(http.Dir("testdata"))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		body, ok := s.pages[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	})
	s.main = httptest.NewServer(h)
	s.other = httptest.NewServer(h)
	tb.Cleanup(s.main.Close)
	tb.Cleanup(s.other.Close)
	return s
}

// add registers a page body under path on both servers.
func (s *servers) add(path, body string) {
	s.mu.Lock()
	s.pages[path] = body
	s.mu.Unlock()
}

// url returns the main server's URL for path.
func (s *servers) url(path string) string { return s.main.URL + path }

// otherURL returns the second server's URL for path, addressed as
// localhost so it is a different site from 127.0.0.1.
func (s *servers) otherURL(path string) string {
	return strings.Replace(s.other.URL, "127.0.0.1", "localhost", 1) + path
}

// eventually polls cond until it holds, failing the test after 10s.
func eventually(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline.C:
			t.Fatal("condition not met within 10s")
		case <-tick.C:
		}
	}
}
