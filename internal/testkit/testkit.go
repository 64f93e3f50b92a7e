// Package testkit is the one kit for tests that need a real browser: one
// headless Chromium per test package, launched on first use and stopped by
// Main, and a session of its own for each test, connected to that browser,
// which opens its own tab and closes it at the end of the test (the way
// chromedp's tests share a browser and give each test a fresh tab). Tests
// that are about launching, crashing or closing a browser launch their own.
// docs/testing.md says which tests use what.
//
// Only tests import it (internal/layers checks that).
package testkit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// Ceiling bounds a wait in a browser test. It is never a timing assertion:
// it only turns a hang into a failure on a loaded machine.
const Ceiling = 30 * time.Second

var shared struct {
	once sync.Once
	proc *session.Process
	err  error
}

// pkgSession is the session PackageSession starts on first use.
var pkgSession struct {
	mu   sync.Mutex
	s    *session.BrowserSession
	err  error
	done bool
}

// Main runs a package's tests, stops the shared browser, and fails the run
// when a goroutine outlived the tests (opts are goleak's, for goroutines a
// package knows to outlive them).
func Main(m *testing.M, opts ...goleak.Option) {
	code := m.Run()
	Close()
	if code == 0 {
		if err := goleak.Find(opts...); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// Close closes the package's session and stops the shared browser; Main
// calls it. A package with a TestMain of its own calls it after m.Run.
func Close() {
	if pkgSession.s != nil {
		pkgSession.s.Close()
	}
	if shared.proc != nil {
		shared.proc.Close()
	}
}

// Endpoint returns the shared browser's websocket endpoint, launching it
// (site per process, so cross-origin iframes are out of process, and with a
// DevTools port on loopback, which the tests' sessions connect to) on first
// use. It fails t when Chromium is missing or does not start.
func Endpoint(t testing.TB) string {
	t.Helper()
	chrome := testutil.RequireChrome(t)
	shared.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), Ceiling)
		defer cancel()
		shared.proc, shared.err = session.Launch(ctx, session.LaunchConfig{Path: chrome, SitePerProcess: true, DebuggingPort: session.AnyDebuggingPort})
	})
	if shared.err != nil {
		t.Fatalf("launching the shared browser: %v", shared.err)
	}
	return shared.proc.Endpoint
}

// Session connects a new session to the shared browser with cfg (its
// CDPURL and TaskID are filled in), and closes it at the end of the test.
func Session(t testing.TB, cfg session.Config) *session.BrowserSession {
	t.Helper()
	cfg.CDPURL = Endpoint(t)
	if cfg.TaskID == "" {
		cfg.TaskID = t.Name()
	}
	ctx, cancel := context.WithTimeout(context.Background(), Ceiling)
	defer cancel()
	s, err := session.Start(ctx, cfg)
	if err != nil {
		t.Fatalf("starting a session on the shared browser: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// PackageSession returns one session on the shared browser for every test
// of the package, started with the config newConfig returns (its CDPURL
// filled in) when the first test asks, and closed by Main. Each test opens its
// own tab in it and closes that tab at its end. It is for packages whose
// tests all need the same watchdogs and look only at their own tab; a test
// that counts the session's tabs or follows its events uses Session.
func PackageSession(t testing.TB, newConfig func(testing.TB) session.Config) *session.BrowserSession {
	t.Helper()
	endpoint := Endpoint(t)
	pkgSession.mu.Lock()
	defer pkgSession.mu.Unlock()
	if !pkgSession.done {
		pkgSession.done = true
		// Stays the answer if newConfig fails the test.
		pkgSession.err = errors.New("the first test that asked could not configure it")
		cfg := newConfig(t)
		cfg.CDPURL = endpoint
		if cfg.TaskID == "" {
			cfg.TaskID = "package"
		}
		ctx, cancel := context.WithTimeout(context.Background(), Ceiling)
		defer cancel()
		pkgSession.s, pkgSession.err = session.Start(ctx, cfg)
	}
	if pkgSession.err != nil {
		t.Fatalf("starting the package's session on the shared browser: %v", pkgSession.err)
	}
	return pkgSession.s
}

// WaitLoaded waits, within Ceiling, until the document of t (a tab or an
// out-of-process frame) has finished loading (document.readyState is
// "complete"), so its scripts have run; what names the document in the
// failure. It polls: no event tells a caller that holds only the target
// that its current document has loaded.
func WaitLoaded(tb testing.TB, t *session.Target, what string) {
	tb.Helper()
	deadline := time.Now().Add(Ceiling)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		r, err := session.Evaluate(ctx, t.Client, "document.readyState", false)
		cancel()
		if err == nil && r.ExceptionDetails == nil && string(r.Result.Value) == `"complete"` {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s never finished loading (last: %v)", what, err)
		}
		time.Sleep(20 * time.Millisecond) // polling the page, see above
	}
}
