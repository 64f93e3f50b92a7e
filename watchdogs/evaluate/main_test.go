package evaluate_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
)

// The tests share one headless Chromium (internal/testkit), launched on
// first use; each test connects its own session to it, which opens (and at
// the end closes) its own tab.

func TestMain(m *testing.M) { testkit.Main(m) }

// browser returns the shared browser's websocket endpoint.
func browser(t testing.TB) string { return testkit.Endpoint(t) }

// ceiling bounds every wait in these tests. It is never a timing
// assertion: it only turns a hang into a failure.
const ceiling = 20 * time.Second

// startOn connects a session to endpoint with the DefaultActionWatchdog
// (clicks) and the EvaluateWatchdog, plus extra fx options.
func startOn(t testing.TB, endpoint string, extra ...fx.Option) *session.BrowserSession {
	t.Helper()
	return startWith(t, endpoint, append([]fx.Option{defaultaction.Module}, extra...)...)
}

// startWith connects a session to endpoint with the EvaluateWatchdog and
// whatever extra provides, and no other watchdog.
func startWith(t testing.TB, endpoint string, extra ...fx.Option) *session.BrowserSession {
	t.Helper()
	var m *watchdogs.Manager
	app := fx.New(fx.NopLogger, watchdogs.Module, evaluate.Module, fx.Options(extra...), fx.Populate(&m))
	require.NoError(t, app.Err())
	ctx, cancel := context.WithTimeout(context.Background(), ceiling)
	defer cancel()
	s, err := session.Start(ctx, session.Config{TaskID: t.Name(), CDPURL: endpoint, Extensions: []session.Extension{m},
		Launch: session.LaunchConfig{Path: testutil.RequireChrome(t), SitePerProcess: true}})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func start(t testing.TB, extra ...fx.Option) *session.BrowserSession {
	t.Helper()
	if overPipe {
		// An empty endpoint launches the session's own browser, driven
		// over its pipe: the engine shares that one transport.
		return startOn(t, "", extra...)
	}
	return startOn(t, browser(t), extra...)
}

// site serves the test pages. /started answers a synchronous XHR from a
// script and reports it on the returned channel, so a test knows that a
// script is running without reading the (blocked) page.
type site struct {
	*testutil.Servers
	started chan string
}

const counterHTML = `<!doctype html><title>counter</title><style>body{margin:0}</style>
<button id=b style="position:absolute;left:10px;top:10px;width:100px;height:40px" onclick="n.textContent=+n.textContent+1">add</button>
<input id=in style="position:absolute;left:10px;top:60px;width:200px;height:30px">
<p id=n style="position:absolute;top:100px">0</p>`

const framesHTML = `<!doctype html><title>frames</title>
<p id=top class="lead big">top text</p><div id=box class="a b"></div>
<iframe id=same src="/inner" width=300 height=100></iframe>
<iframe id=cross src="{{CROSS}}/cross" width=300 height=100></iframe>`

func serve(t testing.TB) *site {
	t.Helper()
	st := &site{started: make(chan string, 16)}
	st.Servers = testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/counter":
			fmt.Fprint(w, counterHTML)
		case "/frames":
			fmt.Fprint(w, framesHTML)
		case "/inner":
			fmt.Fprint(w, `<!doctype html><p id=x>same-origin text</p><script>window.innerMark = "same-inner"</script>`)
		case "/cross":
			fmt.Fprint(w, `<!doctype html><p id=x>cross-origin text</p><script>window.innerMark = "cross-inner"</script>`)
		case "/started":
			st.started <- r.URL.Query().Get("id")
			w.Header().Set("Access-Control-Allow-Origin", "*")
			fmt.Fprint(w, "ok")
		default:
			http.NotFound(w, r)
		}
	}))
	return st
}

// waitStarted waits for the script that reports id to be running.
func (st *site) waitStarted(t testing.TB, id string) {
	t.Helper()
	deadline := time.After(ceiling)
	for {
		select {
		case got := <-st.started:
			if got == id {
				return
			}
		case <-deadline:
			t.Fatalf("script %q never started", id)
		}
	}
}

// spin is a script that reports id and then never ends, counting in
// window.__n.
func spin(id string) string {
	return fmt.Sprintf(`(() => { const x = new XMLHttpRequest(); x.open("GET", "/started?id=%s", false); x.send();
for (;;) { window.__n = (window.__n || 0) + 1 } })()`, id)
}

// open loads url in tab (the active tab when empty) with raw CDP, so that
// sessions without the DefaultActionWatchdog can navigate too, and waits
// for the load event.
func open(t testing.TB, s *session.BrowserSession, tab events.TargetID, url string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	tgt, err := s.Tab(tab)
	require.NoError(t, err)
	loaded, err := tgt.Client.Page.LoadEventFired(ctx)
	require.NoError(t, err)
	defer loaded.Close()
	_, err = tgt.Client.Page.Navigate(ctx, page.NewNavigateArgs(url))
	require.NoError(t, err)
	_, err = loaded.Recv()
	require.NoError(t, err)
}

// eval evaluates e, awaited, with a generous budget, and fails the test
// on an error.
func eval(t testing.TB, s *session.BrowserSession, e events.EvaluateEvent) events.EvaluateResult {
	t.Helper()
	e.AwaitPromise = true
	return evalAsIs(t, s, e)
}

// evalAsIs is eval with e's AwaitPromise as it is.
func evalAsIs(t testing.TB, s *session.BrowserSession, e events.EvaluateEvent) events.EvaluateResult {
	t.Helper()
	r, err, _ := evalWithinAsIs(t.Context(), s, ceiling, e)
	require.NoError(t, err, "evaluating %+v", e)
	return r
}

func evalIn(t testing.TB, s *session.BrowserSession, tab events.TargetID, expr string) any {
	t.Helper()
	return eval(t, s, events.EvaluateEvent{TabID: tab, Expression: expr}).Value
}

// evalWithin runs e within budget and returns its error and how long it
// took.
func evalWithin(ctx context.Context, s *session.BrowserSession, budget time.Duration, e events.EvaluateEvent) (events.EvaluateResult, error, time.Duration) {
	e.AwaitPromise = true
	return evalWithinAsIs(ctx, s, budget, e)
}

// evalWithinAsIs is evalWithin with e's AwaitPromise as it is.
func evalWithinAsIs(ctx context.Context, s *session.BrowserSession, budget time.Duration, e events.EvaluateEvent) (events.EvaluateResult, error, time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	start := time.Now()
	r, err := actions.Do(ctx, s, e)
	return r, err, time.Since(start)
}

func activeTab(t testing.TB, s *session.BrowserSession) events.TargetID {
	t.Helper()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	return tab.ID
}

// errorOf returns err as a coded error.
func errorOf(t testing.TB, err error) *events.Error {
	t.Helper()
	require.Error(t, err)
	b := actions.Describe(err)
	return &events.Error{Code: b.Code, Message: b.Message, Details: b.Details}
}

// waitFor polls cond until it holds, each time the session's targets change
// or every 20 ms, within the ceiling.
func waitFor(t testing.TB, s *session.BrowserSession, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(ceiling)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		select {
		case <-s.Changed():
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func supply(cfg *evaluate.Config) fx.Option { return fx.Supply(cfg) }

func pageDismiss() *page.HandleJavaScriptDialogArgs { return page.NewHandleJavaScriptDialogArgs(false) }

func fxDefaultAction() fx.Option { return defaultaction.Module }
