package snapshot_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/devtool"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// testBrowser is one headless Chromium shared by every test in the package.
type testBrowser struct {
	cmd     *exec.Cmd
	dir     string
	httpURL string
	dt      *devtool.DevTools
	done    chan struct{}
}

var shared *testBrowser

// launchBrowser starts Chromium with a fresh profile and waits until it
// prints its DevTools endpoint.
func launchBrowser(ctx context.Context) (*testBrowser, error) {
	bin, err := chromebin.Find()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "snapshot-test-profile-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--site-per-process",
		"--remote-debugging-port=0", "--user-data-dir="+dir, "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	b := &testBrowser{cmd: cmd, dir: dir, done: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if i := strings.Index(line, "DevTools listening on "); i >= 0 && !sent {
				found <- strings.TrimSpace(line[i+len("DevTools listening on "):])
				sent = true
			}
		}
		close(b.done)
	}()
	select {
	case ws := <-found:
		// ws://127.0.0.1:PORT/devtools/browser/ID
		rest := strings.TrimPrefix(ws, "ws://")
		host := rest[:strings.Index(rest, "/")]
		b.httpURL = "http://" + host
		b.dt = devtool.New(b.httpURL)
		return b, nil
	case <-b.done:
		b.close()
		return nil, errors.New("chromium exited before printing its devtools endpoint")
	case <-ctx.Done():
		b.close()
		return nil, fmt.Errorf("waiting for chromium: %w", ctx.Err())
	}
}

// close kills the browser's process group and removes its profile.
func (b *testBrowser) close() {
	if b.cmd.Process != nil {
		_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		_ = b.cmd.Wait()
	}
	<-b.done
	os.RemoveAll(b.dir)
}

func TestMain(m *testing.M) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	b, err := launchBrowser(ctx)
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "launching chromium:", err)
		os.Exit(1)
	}
	shared = b
	code := m.Run()
	b.close()
	if code == 0 {
		// Every goroutine the engine starts ends within its call.
		if err := goleak.Find(goleak.IgnoreTopFunction("net/http.(*persistConn).readLoop"),
			goleak.IgnoreTopFunction("net/http.(*persistConn).writeLoop")); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
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
	target, err := shared.dt.Create(ctx)
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
