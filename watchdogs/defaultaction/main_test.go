package defaultaction_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// The tests share one headless Chromium (internal/testkit) and one session
// on it with only the DefaultActionWatchdog, so that these tests do not
// depend on the other watchdogs; each test opens its own tab in it.
// A copy of the test binary run as another user with checkUploadEnv set
// only checks that file (see TestCheckUploadFileAsAnotherUser).
func TestMain(m *testing.M) {
	if f := os.Getenv(checkUploadEnv); f != "" {
		_, err := defaultaction.CheckUploadFile(f)
		fmt.Print(err)
		os.Exit(0)
	}
	testkit.Main(m)
}

// sharedSession is the package's session, started on first use.
func sharedSession(tb testing.TB) *session.BrowserSession {
	tb.Helper()
	return testkit.PackageSession(tb, func(tb testing.TB) session.Config {
		w, err := defaultaction.New(defaultaction.Params{})
		require.NoError(tb, err)
		m, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{w}})
		require.NoError(tb, err)
		return session.Config{TaskID: "defaultaction-test", Extensions: []session.Extension{m}}
	})
}

// site serves testdata on the two test origins.
func site(t *testing.T) *testutil.Servers {
	t.Helper()
	testutil.RequireChrome(t)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	mux.HandleFunc("/submitted", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, "testdata/submitted.html")
	})
	// A slow image: a page that shows it loads well after it is parsed.
	mux.HandleFunc("/slow.svg", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(300 * time.Millisecond):
		case <-r.Context().Done():
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)
	})
	// An image that never comes (until the page lets it go, or a minute
	// passes): a page that shows it never loads.
	mux.HandleFunc("/never.svg", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(time.Minute):
		case <-r.Context().Done():
		}
	})
	return testutil.Serve(t, mux)
}

// env is one test's tab.
type env struct {
	t   *testing.T
	s   *session.BrowserSession
	tab *session.Target
	srv *testutil.Servers
}

// newEnv opens a fresh active tab at path and closes it after the test.
func newEnv(t *testing.T, path string) *env {
	t.Helper()
	srv := site(t)
	shared := sharedSession(t)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	r, err := actions.NewTab(ctx, shared, "")
	require.NoError(t, err)
	tab, err := shared.Tab(r.Tab.ID)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		// A tab left open would keep its refs in the shared session (each
		// tab numbers its refs from e1), and a later test's "ref of
		// another tab" would find it.
		if err := shared.CloseTab(ctx, tab.ID); err != nil && !errors.Is(err, session.ErrTabNotFound) {
			t.Errorf("closing the test's tab: %v", err)
		}
	})
	e := &env{t: t, s: shared, tab: tab, srv: srv}
	if path != "" {
		e.open(path)
	}
	return e
}

func (e *env) ctx() context.Context {
	ctx, cancel := context.WithTimeout(e.t.Context(), 15*time.Second)
	e.t.Cleanup(cancel)
	return ctx
}

func (e *env) open(path string) events.NavigationResult {
	e.t.Helper()
	r, err := actions.Do(e.ctx(), e.s,
		events.NavigateToURLEvent{TabID: e.tab.ID, URL: e.srv.MainURL(path)})
	require.NoError(e.t, err)
	return r
}

// state takes the tab's state with a full snapshot.
func (e *env) state(opts events.SnapshotOptions) events.PageState {
	e.t.Helper()
	st, err := actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID, Snapshot: opts})
	require.NoError(e.t, err)
	return st
}

// ref finds the ref of the element with role and name in a fresh snapshot.
func (e *env) ref(role, name string) events.Ref {
	e.t.Helper()
	st := e.state(events.SnapshotOptions{})
	require.NotNil(e.t, st.Tree, "no snapshot in the state")
	for r, info := range st.Tree.Refs {
		if info.Role == role && info.Name == name {
			return r
		}
	}
	e.t.Fatalf("no %s %q in snapshot:\n%s", role, name, st.Tree.Text)
	return ""
}

// eval evaluates expr in the tab's main world and decodes the value.
func (e *env) eval(expr string, out any) {
	e.t.Helper()
	evalOn(e.t, e.ctx(), e.tab, expr, out)
}

func evalOn(t *testing.T, ctx context.Context, target *session.Target, expr string, out any) {
	t.Helper()
	r, err := session.Evaluate(ctx, target.Client, expr, true)
	require.NoError(t, err)
	require.Nil(t, r.ExceptionDetails, "evaluating %s", expr)
	if out != nil {
		require.NoError(t, json.Unmarshal(r.Result.Value, out), "decoding %s", r.Result.Value)
	}
}

func (e *env) evalString(expr string) string {
	var s string
	e.eval(expr, &s)
	return s
}

// poll waits until cond holds, failing the test after a generous ceiling.
func (e *env) poll(what string, cond func() bool) {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			e.t.Fatalf("timed out waiting for %s", what)
		}
		tm := time.NewTimer(20 * time.Millisecond)
		select {
		case <-tm.C:
		case <-e.t.Context().Done():
			tm.Stop()
			e.t.Fatal("test ended")
		}
	}
}

func do[E bus.Request[R], R any](e *env, ev E) (R, error) {
	return actions.Do(e.ctx(), e.s, ev)
}

// requireCode asserts err is a coded error with code.
func requireCode(t *testing.T, err error, code events.Code) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, actions.Code(err), "error: %v", err)
}
