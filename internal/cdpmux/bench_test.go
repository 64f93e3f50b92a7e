package cdpmux_test

import (
	"bytes"
	"context"
	"errors"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/protocol/target"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/internal/cdpmux"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// The benchmarks compare one Runtime.evaluate round trip on a flat session
// of the browser websocket (through cdpmux) with the same call on the page's
// own websocket (plain rpcc). They share one headless Chromium, started on
// first use and stopped by TestMain; without a browser they are skipped.

var browser struct {
	once   sync.Once
	cmd    *exec.Cmd
	dir    string
	exited chan struct{}
	ws     string // browser websocket URL
	err    error
}

func browserURL(b *testing.B) string {
	b.Helper()
	browser.once.Do(func() { browser.ws, browser.err = launchBrowser() })
	if browser.err != nil {
		b.Skipf("no browser: %v", browser.err)
	}
	return browser.ws
}

// devtoolsLine finds the endpoint Chromium prints on stderr.
var devtoolsLine = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// stderrScanner passes the DevTools URL on found and discards the rest.
type stderrScanner struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	found chan string
	sent  bool
}

func (w *stderrScanner) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sent {
		return len(p), nil
	}
	w.buf.Write(p)
	if m := devtoolsLine.FindSubmatch(w.buf.Bytes()); m != nil {
		w.sent = true
		w.found <- string(m[1])
		w.buf = bytes.Buffer{}
	}
	return len(p), nil
}

func launchBrowser() (string, error) {
	bin, err := chromebin.Find()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "cdpmux-bench-")
	if err != nil {
		return "", err
	}
	cmd := exec.Command(bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync",
		"--remote-debugging-port=0", "--user-data-dir="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	found := make(chan string, 1)
	cmd.Stderr = &stderrScanner{found: found}
	// A helper that left the process group must not hold Wait on stderr.
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	browser.cmd, browser.dir, browser.exited = cmd, dir, make(chan struct{})
	go func() {
		cmd.Wait()
		close(browser.exited)
	}()
	select {
	case u := <-found:
		return u, warmUp(u)
	case <-browser.exited:
		return "", errors.New("chromium exited before printing its DevTools URL")
	case <-time.After(30 * time.Second):
		return "", errors.New("chromium printed no DevTools URL within 30 s")
	}
}

// warmUp runs evaluations in a throwaway tab so that whichever benchmark
// comes first does not pay for the browser's first tab and first calls.
func warmUp(ws string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := rpcc.DialContext(ctx, ws)
	if err != nil {
		return err
	}
	defer conn.Close()
	bc := cdp.NewClient(conn)
	tgt, err := bc.Target.CreateTarget(ctx, target.NewCreateTargetArgs("about:blank"))
	if err != nil {
		return err
	}
	defer bc.Target.CloseTarget(ctx, target.NewCloseTargetArgs(tgt.TargetID))
	u, err := url.Parse(ws)
	if err != nil {
		return err
	}
	page, err := rpcc.DialContext(ctx, "ws://"+u.Host+"/devtools/page/"+string(tgt.TargetID))
	if err != nil {
		return err
	}
	defer page.Close()
	pc := cdp.NewClient(page)
	for range 1000 {
		if _, err := pc.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("1")); err != nil {
			return err
		}
	}
	return nil
}

// stopBrowser kills the benchmark browser's process group, if one was
// started, and removes its profile.
func stopBrowser() {
	if browser.cmd == nil {
		return
	}
	syscall.Kill(-browser.cmd.Process.Pid, syscall.SIGKILL)
	<-browser.exited
	os.RemoveAll(browser.dir)
	browser.cmd = nil
}

// newTab opens about:blank through bc and closes it when b ends.
func newTab(b *testing.B, bc *cdp.Client) target.ID {
	b.Helper()
	tgt, err := bc.Target.CreateTarget(b.Context(), target.NewCreateTargetArgs("about:blank"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		bc.Target.CloseTarget(ctx, target.NewCloseTargetArgs(tgt.TargetID))
	})
	return tgt.TargetID
}

func evaluateLoop(b *testing.B, c *cdp.Client) {
	b.Helper()
	ctx := b.Context()
	args := runtime.NewEvaluateArgs("1")
	for b.Loop() {
		rep, err := c.Runtime.Evaluate(ctx, args)
		if err != nil {
			b.Fatal(err)
		}
		if string(rep.Result.Value) != "1" {
			b.Fatalf("evaluate returned %s", rep.Result.Value)
		}
	}
}

func BenchmarkEvaluateFlatMux(b *testing.B) {
	ws := browserURL(b)
	conn, err := cdpmux.Dial(b.Context(), ws, cdpmux.Options{})
	if err != nil {
		b.Fatal(err)
	}
	// Cleanups run last in, first out: the tab closes before the socket.
	b.Cleanup(func() { conn.Close() })
	bc := cdp.NewClient(conn.Browser())
	id := newTab(b, bc)
	att, err := bc.Target.AttachToTarget(b.Context(), target.NewAttachToTargetArgs(id).SetFlatten(true))
	if err != nil {
		b.Fatal(err)
	}
	sid := string(att.SessionID)
	conn.Register(sid)
	rc, err := conn.Session(sid)
	if err != nil {
		b.Fatal(err)
	}
	evaluateLoop(b, cdp.NewClient(rc))
}

func BenchmarkEvaluateDirectPage(b *testing.B) {
	ws := browserURL(b)
	u, err := url.Parse(ws)
	if err != nil {
		b.Fatal(err)
	}
	bconn, err := rpcc.DialContext(b.Context(), ws)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bconn.Close() })
	id := newTab(b, cdp.NewClient(bconn))
	page, err := rpcc.DialContext(b.Context(), "ws://"+u.Host+"/devtools/page/"+string(id))
	if err != nil {
		b.Fatal(err)
	}
	defer page.Close()
	evaluateLoop(b, cdp.NewClient(page))
}
