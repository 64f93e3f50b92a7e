// Package testutil holds helpers shared by integration tests: finding the
// browser (failing, never skipping, when it is missing in CI) and serving
// test pages on two loopback origins.
package testutil

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
)

// RequireChrome returns the browser binary or fails the test: a test that
// needs Chromium must fail, not skip, when it is missing. It looks where the
// library looks (internal/chromebin).
func RequireChrome(t testing.TB) string {
	t.Helper()
	p, err := chromebin.Find()
	if err != nil {
		t.Fatalf("%v; 'make test' installs it", err)
	}
	return p
}

// HeadlessShell reports whether the browser under test is
// chromium-headless-shell (the old headless mode), which behaves otherwise
// where Chromium's window shows: it has no tab strip, so every tab is shown,
// and it writes no temporary files.
func HeadlessShell(t testing.TB) bool {
	t.Helper()
	return strings.Contains(filepath.Base(RequireChrome(t)), "headless-shell")
}

// Servers are two loopback origins serving the same handler: Main on
// 127.0.0.1 and Cross on localhost, so that a page on one embedding the
// other is cross-origin (and, with --site-per-process, out of process).
type Servers struct {
	Main  *httptest.Server
	Cross *httptest.Server

	// The base URLs are fixed before either server starts, so handlers
	// read them without racing the servers' start.
	mainBase, crossBase string
}

// MainURL returns the URL of path on the 127.0.0.1 origin.
func (s *Servers) MainURL(path string) string { return s.mainBase + path }

// CrossURL returns the URL of path on the localhost origin.
func (s *Servers) CrossURL(path string) string { return s.crossBase + path }

// Serve starts both origins with h and closes them at the end of the test.
// Pages may write {{CROSS}} and {{MAIN}}; they are replaced with the
// origins' base URLs.
func Serve(t testing.TB, h http.Handler) *Servers {
	t.Helper()
	s := &Servers{}
	wrap := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &rewriter{ResponseWriter: w, s: s}
		h.ServeHTTP(rec, r)
		rec.flush()
	})
	s.Main = httptest.NewUnstartedServer(wrap)
	s.Cross = httptest.NewUnstartedServer(wrap)
	s.mainBase = "http://" + s.Main.Listener.Addr().String()
	s.crossBase = "http://" + strings.Replace(s.Cross.Listener.Addr().String(), "127.0.0.1", "localhost", 1)
	s.Main.Start()
	s.Cross.Start()
	t.Cleanup(func() {
		s.Main.Close()
		s.Cross.Close()
	})
	return s
}

// rewriter buffers HTML bodies to replace the origin placeholders.
type rewriter struct {
	http.ResponseWriter
	s      *Servers
	buf    []byte
	status int
}

func (r *rewriter) WriteHeader(code int) { r.status = code }
func (r *rewriter) Write(b []byte) (int, error) {
	r.buf = append(r.buf, b...)
	return len(b), nil
}

func (r *rewriter) flush() {
	body := string(r.buf)
	body = strings.ReplaceAll(body, "{{CROSS}}", r.s.CrossURL(""))
	body = strings.ReplaceAll(body, "{{MAIN}}", r.s.MainURL(""))
	r.ResponseWriter.Header().Del("Content-Length")
	if r.status != 0 {
		r.ResponseWriter.WriteHeader(r.status)
	}
	r.ResponseWriter.Write([]byte(body))
}
