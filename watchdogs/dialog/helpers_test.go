package dialog_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// The tests share one headless Chromium (internal/testkit), launched on
// first use; each test's session opens its own tab in it. The storm test
// launches its own.
func TestMain(m *testing.M) { testkit.Main(m) }

// askJS lets a page (or frame) open a dialog on request and report what the
// dialog returned: ask(kind, message, default) from the frame itself, or a
// {kind, message, def} message posted to it. Results go to the top page's
// results queue; next() waits for one.
const askJS = `<script>
window.results = [];
window.ask = (kind, message, def) => setTimeout(() => {
  const r = kind === 'alert' ? alert(message) : kind === 'confirm' ? confirm(message) : prompt(message, def);
  const out = {kind, result: r === undefined ? null : r, from: location.origin};
  if (parent !== window) parent.postMessage(out, '*'); else results.push(out);
}, 0);
addEventListener('message', (e) => {
  if (!e.data) return;
  if ('result' in e.data) results.push(e.data);
  else if (e.data.kind) ask(e.data.kind, e.data.message, e.data.def);
});
window.post = (id, kind, message, def) => document.getElementById(id).contentWindow.postMessage({kind, message, def}, '*');
window.next = () => new Promise((res) => { const f = () => results.length ? res(results.shift()) : setTimeout(f, 5); f(); });
</script>`

func pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>plain</title><p>hello</p>`+askJS)
	})
	mux.HandleFunc("/frames", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>frames</title>`+askJS+
			`<iframe id=same src="{{MAIN}}/child"></iframe><iframe id=cross src="{{CROSS}}/child"></iframe>`)
	})
	mux.HandleFunc("/child", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><p>child</p>`+askJS)
	})
	return mux
}

// env is one session with the dialog watchdog, following its dialog
// notifications.
type env struct {
	t      *testing.T
	s      *session.BrowserSession
	srv    *testutil.Servers
	opened chan events.DialogInfo
	closed chan events.DialogInfo
}

func newEnv(t *testing.T, cfg dialog.Config) *env {
	return newEnvWith(t, cfg, session.Config{TaskID: t.Name(), CDPURL: testkit.Endpoint(t)}, nil)
}

func newEnvWith(t *testing.T, cfg dialog.Config, sc session.Config, srv *testutil.Servers) *env {
	t.Helper()
	testutil.RequireChrome(t)
	if srv == nil {
		srv = testutil.Serve(t, pages())
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := standard.Start(ctx, sc, fx.Supply(&cfg))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	e := &env{t: t, s: s, srv: srv, opened: make(chan events.DialogInfo, 16), closed: make(chan events.DialogInfo, 16)}
	bus.Observe(s.Bus(), "test", func(ctx context.Context, ev events.DialogOpenedEvent) { e.opened <- ev.Dialog })
	bus.Observe(s.Bus(), "test", func(ctx context.Context, ev events.DialogClosedEvent) { e.closed <- ev.Dialog })
	return e
}

func (e *env) ctx() context.Context {
	ctx, cancel := context.WithTimeout(e.t.Context(), 20*time.Second)
	e.t.Cleanup(cancel)
	return ctx
}

func (e *env) open(path string) *session.Target {
	e.t.Helper()
	_, err := actions.Navigate(e.ctx(), e.s, e.srv.MainURL(path), actions.NavigateOptions{})
	require.NoError(e.t, err)
	tab, err := e.s.ActiveTab()
	require.NoError(e.t, err)
	return tab
}

// openTab opens path in a new background tab and returns once the page
// has loaded, so its script (ask) has run: session.NewTab does not wait
// for the load.
func (e *env) openTab(path string) *session.Target {
	e.t.Helper()
	tab, err := e.s.NewTab(e.ctx(), e.srv.MainURL(path))
	require.NoError(e.t, err)
	testkit.WaitLoaded(e.t, tab, "the new tab's page")
	return tab
}

// eval runs JS in tab ("" = active) with a plain Runtime.evaluate on the
// tab's session and returns its value. The tests open their dialogs and read
// the page's results this way, apart from the evaluate engine, whose own
// handling of dialogs is not under test here.
func (e *env) eval(tab events.TargetID, expr string) any {
	e.t.Helper()
	t, err := e.s.Tab(tab)
	require.NoError(e.t, err)
	r, err := session.Evaluate(e.ctx(), t.Client, expr, true)
	require.NoError(e.t, err)
	require.Nil(e.t, r.ExceptionDetails, "evaluating %s", expr)
	var v any
	if len(r.Result.Value) > 0 {
		require.NoError(e.t, json.Unmarshal(r.Result.Value, &v))
	}
	return v
}

// act runs JS in tab through EvaluateEvent, an action the guard watches.
func (e *env) act(tab events.TargetID, expr string) (any, error) {
	r, err := actions.Do(e.ctx(), e.s,
		events.EvaluateEvent{TabID: tab, Expression: expr, AwaitPromise: true, ReturnByValue: true})
	return r.Value, err
}

// next waits for the page's next dialog result.
func (e *env) next(tab events.TargetID) map[string]any {
	e.t.Helper()
	v, ok := e.eval(tab, "next()").(map[string]any)
	require.True(e.t, ok)
	return v
}

func (e *env) waitOpened() events.DialogInfo {
	e.t.Helper()
	select {
	case d := <-e.opened:
		return d
	case <-time.After(10 * time.Second):
		e.t.Fatal("no dialog opened")
	}
	return events.DialogInfo{}
}

func (e *env) waitClosed() events.DialogInfo {
	e.t.Helper()
	select {
	case d := <-e.closed:
		return d
	case <-time.After(10 * time.Second):
		e.t.Fatal("no dialog closed")
	}
	return events.DialogInfo{}
}

func (e *env) dialogs() events.DialogsResult {
	e.t.Helper()
	r, err := actions.Dialogs(e.ctx(), e.s)
	require.NoError(e.t, err)
	return r
}

func (e *env) respond(accept bool, text *string, id string) (events.DialogInfo, error) {
	return actions.RespondDialog(e.ctx(), e.s, actions.DialogResponse{Accept: accept, PromptText: text, ID: id})
}

func (e *env) state() map[string]any {
	e.t.Helper()
	res, err := bus.Dispatch(e.ctx(), e.s.Bus(), events.BrowserStateRequestEvent{SkipTree: true})
	require.NoError(e.t, err)
	for _, h := range res.Handlers {
		if h.Handler == dialog.Name {
			sec, ok := h.Value.(events.StatePart)
			require.True(e.t, ok)
			var st events.PageState
			sec.ApplyState(&st)
			// Round-trip through JSON, as an agent sees it.
			b, err := json.Marshal(st)
			require.NoError(e.t, err)
			var m map[string]any
			require.NoError(e.t, json.Unmarshal(b, &m))
			return m
		}
	}
	e.t.Fatal("no dialog state section")
	return nil
}

func code(err error) events.Code {
	var ce *events.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return ""
}

func ptr[T any](v T) *T { return &v }
