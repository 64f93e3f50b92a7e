package console_test

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/console"
)

func TestMain(m *testing.M) { testkit.Main(m) }

const topPage = `<!doctype html><title>top</title>
<script>
console.error('top-error', 42, {a: 1});
console.warn('top-warn %d items', 3);
console.log('top-log');
console.assert(false, 'top-assert');
setTimeout(() => { throw new Error('top-boom') }, 0);
</script>
<iframe name=same src="/child?name=same"></iframe>
<iframe name=cross src="{{CROSS}}/child?name=cross"></iframe>`

func pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/top", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(topPage)) })
	mux.HandleFunc("/child", func(w http.ResponseWriter, r *http.Request) {
		n := r.URL.Query().Get("name")
		fmt.Fprintf(w, `<!doctype html><title>%s</title><script>console.error('%s-error');
setTimeout(() => { throw new Error('%s-boom') }, 0);</script>`, n, n, n)
	})
	mux.HandleFunc("/quiet", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>quiet</title><p>%s</p>`, r.URL.Query().Get("say"))
	})
	return mux
}

func manager(t *testing.T, cfg *console.Config) *watchdogs.Manager {
	t.Helper()
	opts := []fx.Option{fx.NopLogger, watchdogs.Module, console.Module}
	if cfg != nil {
		opts = append(opts, fx.Supply(cfg))
	}
	var m *watchdogs.Manager
	app := fx.New(append(opts, fx.Populate(&m))...)
	require.NoError(t, app.Err())
	return m
}

// start launches a browser (site per process, so cross-origin iframes are
// OOPIFs) with only the console watchdog attached.
func start(t *testing.T, cfg *console.Config) *session.BrowserSession {
	t.Helper()
	return testkit.Session(t, session.Config{Extensions: []session.Extension{manager(t, cfg)}})
}

// navigate loads u in the active tab and waits for its load event.
func navigate(t *testing.T, s *session.BrowserSession, u string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	load, err := tab.Client.Page.LoadEventFired(ctx)
	require.NoError(t, err)
	defer load.Close()
	_, err = tab.Client.Page.Navigate(ctx, page.NewNavigateArgs(u))
	require.NoError(t, err)
	_, err = load.Recv()
	require.NoError(t, err)
}

func eval(t *testing.T, s *session.BrowserSession, expr string) {
	t.Helper()
	// A deadline, not a timing: the tight loop's 20,000 messages reach us
	// before the evaluate's reply, which under the race detector on a
	// loaded machine takes well over 20 s.
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	_, err = session.Evaluate(ctx, tab.Client, expr, true)
	require.NoError(t, err)
}

func messages(t *testing.T, s *session.BrowserSession, all, clear bool) events.ConsoleResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	r, err := actions.Console(ctx, s, actions.ConsoleOptions{All: all, Clear: clear})
	require.NoError(t, err)
	return r
}

// waitFor polls the error/warning ring until every text is in it.
func waitFor(t *testing.T, s *session.BrowserSession, texts ...string) events.ConsoleResult {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := messages(t, s, false, false)
		missing := ""
		for _, want := range texts {
			if _, ok := find(r, want); !ok {
				missing = want
				break
			}
		}
		if missing == "" {
			return r
		}
		require.True(t, time.Now().Before(deadline), "waiting for %q in %+v", missing, r.Messages)
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
}

func find(r events.ConsoleResult, text string) (events.ConsoleMessage, bool) {
	for _, m := range r.Messages {
		if strings.Contains(m.Text, text) {
			return m, true
		}
	}
	return events.ConsoleMessage{}, false
}

func counts(t *testing.T, s *session.BrowserSession) events.ConsoleCounts {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	res, err := bus.Dispatch(ctx, s.Bus(), events.BrowserStateRequestEvent{})
	require.NoError(t, err)
	for _, h := range res.Handlers {
		if h.Handler == console.Name {
			require.NoError(t, h.Err)
			return h.Value.(events.ConsoleCounts)
		}
	}
	t.Fatal("no console section")
	return events.ConsoleCounts{}
}

// frameIDs finds the same-origin child's frame id through the page's frame
// tree and the OOPIF's as its target id.
func frameIDs(t *testing.T, s *session.BrowserSession) (top, same, cross events.FrameID) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	tree, err := tab.Client.Page.GetFrameTree(ctx)
	require.NoError(t, err)
	for _, c := range tree.FrameTree.ChildFrames {
		if c.Frame.Name != nil && *c.Frame.Name == "same" {
			same = events.FrameID(c.Frame.ID)
		}
	}
	for _, tg := range s.Targets() {
		if !tg.IsPage() && tg.TabID == tab.ID {
			cross = events.FrameID(tg.ID)
		}
	}
	require.NotEmpty(t, same)
	require.NotEmpty(t, cross)
	return events.FrameID(tab.ID), same, cross
}

func TestErrorsWarningsExceptionsAndOOPIFMessages(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, srv.MainURL("/top"))
	r := waitFor(t, s, "top-error", "top-warn", "top-assert", "top-boom", "same-error", "same-boom", "cross-error", "cross-boom")
	top, same, cross := frameIDs(t, s)

	m, _ := find(r, "top-error")
	require.Equal(t, "top-error 42 Object", m.Text)
	require.Equal(t, events.ConsoleError, m.Level)
	require.Equal(t, "error", m.Type)
	require.Equal(t, top, m.FrameID)
	require.Equal(t, srv.MainURL("/top"), m.URL)
	require.Equal(t, 3, m.Line)
	require.WithinDuration(t, time.Now(), m.At, time.Minute)

	m, _ = find(r, "top-warn")
	require.Equal(t, "top-warn 3 items", m.Text)
	require.Equal(t, events.ConsoleWarning, m.Level)

	m, _ = find(r, "top-assert")
	require.Equal(t, events.ConsoleError, m.Level)
	require.Equal(t, "assert", m.Type)

	m, _ = find(r, "top-boom")
	require.Equal(t, events.ConsoleError, m.Level)
	require.Equal(t, "exception", m.Type)
	require.True(t, strings.HasPrefix(m.Text, "Uncaught Error: top-boom"), m.Text)
	require.Equal(t, top, m.FrameID)
	require.Equal(t, srv.MainURL("/top"), m.URL)

	for name, frame := range map[string]events.FrameID{"same": same, "cross": cross} {
		m, _ = find(r, name+"-error")
		require.Equal(t, frame, m.FrameID, name)
		m, _ = find(r, name+"-boom")
		require.Equal(t, frame, m.FrameID, name)
		require.Equal(t, "exception", m.Type)
	}
	_, ok := find(r, "top-log")
	require.False(t, ok, "the default view holds errors and warnings only")
	require.Len(t, r.Messages, 8)

	all := messages(t, s, true, false)
	m, ok = find(all, "top-log")
	require.True(t, ok, "--all holds every level")
	require.Equal(t, events.ConsoleLog, m.Level)

	// Counts since the last state request, then reset.
	c := counts(t, s)
	require.Equal(t, events.ConsoleCounts{Errors: 7, Warnings: 1}, c)
	require.Equal(t, events.ConsoleCounts{}, counts(t, s))
	eval(t, s, `console.warn('later')`)
	waitFor(t, s, "later")
	require.Equal(t, events.ConsoleCounts{Warnings: 1}, counts(t, s))

	// Clear returns the messages, then forgets them.
	cleared := messages(t, s, false, true)
	require.Len(t, cleared.Messages, 9)
	require.Empty(t, messages(t, s, false, false).Messages)
	require.Empty(t, messages(t, s, true, false).Messages)
}

func TestTightLoopKeepsOnlyTheLastMessages(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, srv.MainURL("/quiet"))

	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)

	eval(t, s, `for (let i = 0; i < 10000; i++) { console.error('m' + i); console.log('l' + i) }`)
	r := waitFor(t, s, "m9999")
	require.Len(t, r.Messages, 50)
	require.Equal(t, "m9950", r.Messages[0].Text)
	require.Equal(t, "m9999", r.Messages[49].Text)
	require.Equal(t, 9950, r.Dropped)
	all := messages(t, s, true, false)
	require.Len(t, all.Messages, 50)
	require.Equal(t, "l9999", all.Messages[49].Text)
	require.Equal(t, 19950, all.Dropped)
	require.Equal(t, 10000, counts(t, s).Errors)

	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	growth := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	require.Less(t, growth, int64(50<<20), "heap grew by %d bytes", growth)
}

func TestConfig(t *testing.T) {
	_, err := console.New(console.Params{Config: &console.Config{Capacity: -1}})
	require.Error(t, err)

	srv := testutil.Serve(t, pages())
	s := start(t, &console.Config{Capacity: 2, MaxText: 6})
	navigate(t, s, srv.MainURL("/quiet"))
	eval(t, s, `console.error('first'); console.warn('second'); console.error('third-and-long')`)
	r := waitFor(t, s, "third")
	require.Len(t, r.Messages, 2)
	require.Equal(t, "second", r.Messages[0].Text)
	require.Equal(t, "third-…", r.Messages[1].Text)
	require.Equal(t, 1, r.Dropped)
}

func TestTwoSessionsOnOneBrowserDoNotMix(t *testing.T) {
	chrome := testutil.RequireChrome(t)
	srv := testutil.Serve(t, pages())
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	p, err := session.Launch(ctx, session.LaunchConfig{DebuggingPort: session.AnyDebuggingPort, Path: chrome, SitePerProcess: true})
	require.NoError(t, err)
	defer p.Close()
	connect := func(name string) *session.BrowserSession {
		s, err := session.Start(ctx, session.Config{TaskID: name, CDPURL: p.Endpoint, Extensions: []session.Extension{manager(t, nil)}})
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		return s
	}
	s1, s2 := connect("one"), connect("two")
	navigate(t, s1, srv.MainURL("/top"))
	navigate(t, s2, srv.MainURL("/quiet"))
	eval(t, s2, `console.error('only-two')`)
	r1 := waitFor(t, s1, "cross-boom", "top-error")
	r2 := waitFor(t, s2, "only-two")
	_, ok := find(r1, "only-two")
	require.False(t, ok)
	require.Len(t, r2.Messages, 1)
	require.Equal(t, events.ConsoleCounts{Errors: 1}, counts(t, s2))
}
