package frame_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
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
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// pages serves the test documents. /p/NAME?kids=URL|URL... (see pageURL) is
// a page titled NAME embedding one iframe per URL (relative URLs stay on the
// origin that served the page; "cross:" and "main:" prefixes switch origin).
func pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/p/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/p/")
		fmt.Fprintf(w, "<!doctype html><title>%s</title><h1>%s</h1>", name, name)
		if kids := r.URL.Query().Get("kids"); kids != "" {
			for i, k := range strings.Split(kids, "|") {
				k = strings.Replace(k, "cross:", "{{CROSS}}", 1)
				k = strings.Replace(k, "main:", "{{MAIN}}", 1)
				fmt.Fprintf(w, "<iframe name=f%d src=%q></iframe>", i, k)
			}
		}
	})
	mux.HandleFunc("/many", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>many</title>")
		for i := range 35 {
			fmt.Fprintf(w, "<iframe name=m%d src=\"/p/leaf%d\"></iframe>", i, i)
		}
	})
	return mux
}

// start launches a browser (site per process, so cross-origin iframes are
// OOPIFs) with only the frame watchdog attached.
// pageURL is the path of a page named name with iframes at kids.
func pageURL(name string, kids ...string) string {
	u := "/p/" + name
	if len(kids) > 0 {
		u += "?kids=" + url.QueryEscape(strings.Join(kids, "|"))
	}
	return u
}

func start(t *testing.T, cfg *frame.Config) *session.BrowserSession {
	t.Helper()
	opts := []fx.Option{fx.NopLogger, watchdogs.Module, frame.Module}
	if cfg != nil {
		opts = append(opts, fx.Supply(cfg))
	}
	var m *watchdogs.Manager
	app := fx.New(append(opts, fx.Populate(&m))...)
	require.NoError(t, app.Err())
	return testkit.Session(t, session.Config{Extensions: []session.Extension{m}})
}

// navigate loads url in the active tab and waits for its load event.
func navigate(t *testing.T, s *session.BrowserSession, u string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	load, err := tab.Client.Page.LoadEventFired(ctx)
	require.NoError(t, err)
	defer load.Close()
	_, err = tab.Client.Page.Navigate(ctx, pageNavigate(u))
	require.NoError(t, err)
	_, err = load.Recv()
	require.NoError(t, err)
}

func eval(t *testing.T, s *session.BrowserSession, expr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	r, err := session.Evaluate(ctx, tab.Client, expr, true)
	require.NoError(t, err)
	require.Nil(t, r.ExceptionDetails)
}

func frameTree(t *testing.T, s *session.BrowserSession) events.FrameTree {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	res, err := bus.Dispatch(ctx, s.Bus(), events.BrowserStateRequestEvent{})
	require.NoError(t, err)
	for _, h := range res.Handlers {
		if h.Handler == frame.Name {
			require.NoError(t, h.Err)
			return h.Value.(events.FrameTree)
		}
	}
	t.Fatal("no frame section")
	return events.FrameTree{}
}

func frames(t *testing.T, s *session.BrowserSession) events.FramesResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	r, err := actions.Frames(ctx, s)
	require.NoError(t, err)
	return r
}

// waitFrames polls the full frame list until cond holds.
func waitFrames(t *testing.T, s *session.BrowserSession, what string, cond func(events.FramesResult) bool) events.FramesResult {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r := frames(t, s)
		if cond(r) {
			return r
		}
		if time.Now().After(deadline) {
			b, _ := json.MarshalIndent(r, "", "  ")
			t.Fatalf("waiting for %s; frames:\n%s", what, b)
		}
		select {
		case <-s.Changed():
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func byURL(r events.FramesResult, suffix string) (events.FrameInfo, bool) {
	for _, f := range r.Frames {
		if strings.HasSuffix(strings.SplitN(f.URL, "?", 2)[0], suffix) {
			return f, true
		}
	}
	return events.FrameInfo{}, false
}

func hasAll(suffixes ...string) func(events.FramesResult) bool {
	return func(r events.FramesResult) bool {
		for _, s := range suffixes {
			f, ok := byURL(r, s)
			if !ok || f.Origin == "" {
				return false
			}
		}
		return true
	}
}

func pageNavigate(u string) *page.NavigateArgs { return page.NewNavigateArgs(u) }

// nestedPage is top (127.0.0.1) > same (127.0.0.1) and cross (localhost) >
// nested (127.0.0.1 again: cross-site to its parent, so an OOPIF too).
func nestedPage(srv *testutil.Servers) string {
	return srv.MainURL(pageURL("top", pageURL("same"), "cross:"+pageURL("cross", "main:"+pageURL("nested"))))
}

func TestFrameTreeSameOriginOOPIFAndNested(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, nestedPage(srv))
	all := waitFrames(t, s, "three frames", hasAll("/p/same", "/p/cross", "/p/nested"))
	tab, err := s.ActiveTab()
	require.NoError(t, err)

	same, _ := byURL(all, "/p/same")
	cross, _ := byURL(all, "/p/cross")
	nested, _ := byURL(all, "/p/nested")
	require.Equal(t, events.FrameID(tab.ID), all.Top.FrameID)
	require.Equal(t, all.Top.FrameID, same.ParentFrameID)
	require.False(t, same.IsOOPIF)
	require.Equal(t, tab.SessionID, same.SessionID, "a same-origin frame is hosted by the page session")
	require.Equal(t, "f0", same.Name)
	require.True(t, cross.IsOOPIF)
	require.Equal(t, all.Top.FrameID, cross.ParentFrameID)
	require.Equal(t, srv.CrossURL(""), cross.Origin)
	oopif, ok := s.TargetBySession(cross.SessionID)
	require.True(t, ok, "the OOPIF's session is an attached target")
	require.Equal(t, events.TargetID(cross.FrameID), oopif.ID)
	require.True(t, nested.IsOOPIF)
	require.Equal(t, cross.FrameID, nested.ParentFrameID)
	require.Equal(t, srv.MainURL(""), nested.Origin)
	require.NotEqual(t, cross.SessionID, nested.SessionID)

	tree := frameTree(t, s)
	require.False(t, tree.Truncated)
	require.Equal(t, all.Top.FrameID, tree.Top.FrameID)
	require.Equal(t, srv.MainURL(""), tree.Top.Origin)
	require.Len(t, tree.Children, 3)
	// Breadth first: the top's children before the grandchild.
	require.Equal(t, nested.FrameID, tree.Children[2].FrameID)
	for _, c := range tree.Children {
		if c.IsOOPIF {
			require.NotEmpty(t, c.SessionID)
		} else {
			require.Empty(t, c.SessionID, "only OOPIFs carry a session in the tree")
		}
	}

	// The JSON shape agents see.
	b, err := json.Marshal(tree)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	require.ElementsMatch(t, []string{"top", "children", "truncated"}, keys(raw))
	require.ElementsMatch(t, []string{"frame_id", "url", "origin"}, keys(raw["top"].(map[string]any)))
	require.ElementsMatch(t, []string{"frame_id", "url", "origin", "parent_frame_id", "is_oopif", "session_id", "name"},
		keys(raw["children"].([]any)[1].(map[string]any)))
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestOOPIFDepthCap(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	// top(main) > a(cross) > b(main) > c(cross): c is the third OOPIF on
	// its path, deeper than the cap of 2.
	navigate(t, s, srv.MainURL(pageURL("top", "cross:"+pageURL("a", "main:"+pageURL("b", "cross:"+pageURL("c"))))))
	all := waitFrames(t, s, "three OOPIFs", hasAll("/p/a", "/p/b", "/p/c"))
	require.Equal(t, 4, all.Count, "the top frame is counted")
	c, _ := byURL(all, "/p/c")
	require.True(t, c.IsOOPIF)

	tree := frameTree(t, s)
	require.True(t, tree.Truncated)
	require.Len(t, tree.Children, 2)
	for _, ch := range tree.Children {
		require.NotEqual(t, c.FrameID, ch.FrameID)
	}
}

func TestMoreThanThirtyFramesTruncated(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, srv.MainURL("/many"))
	all := waitFrames(t, s, "35 frames", func(r events.FramesResult) bool {
		n := 0
		for _, f := range r.Frames {
			if strings.Contains(f.URL, "/p/leaf") {
				n++
			}
		}
		return n == 35
	})
	require.Equal(t, 36, all.Count, "FramesEvent lists every frame, the top one included")
	tree := frameTree(t, s)
	require.True(t, tree.Truncated)
	require.Len(t, tree.Children, 30)
	// Document order: the first 30 iframes.
	for i, c := range tree.Children {
		require.Equal(t, fmt.Sprintf("m%d", i), c.Name)
	}
}

func TestConfigCaps(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, &frame.Config{MaxChildren: 1})
	navigate(t, s, nestedPage(srv))
	waitFrames(t, s, "three frames", hasAll("/p/same", "/p/cross", "/p/nested"))
	tree := frameTree(t, s)
	require.True(t, tree.Truncated)
	require.Len(t, tree.Children, 1)

	_, err := frame.New(frame.Params{Config: &frame.Config{MaxChildren: -1}})
	require.Error(t, err)
}

func TestDetachedFramesDisappear(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, nestedPage(srv))
	all := waitFrames(t, s, "three frames", hasAll("/p/same", "/p/cross", "/p/nested"))
	cross, _ := byURL(all, "/p/cross")

	eval(t, s, `document.querySelector('iframe[name=f0]').remove()`)
	waitFrames(t, s, "the same-origin frame gone", func(r events.FramesResult) bool {
		_, ok := byURL(r, "/p/same")
		return !ok && r.Count == 3
	})

	// Removing the OOPIF takes the frame nested in it along.
	eval(t, s, `document.querySelector('iframe[name=f1]').remove()`)
	waitFrames(t, s, "no frames", func(r events.FramesResult) bool { return r.Count == 1 })
	require.Empty(t, frameTree(t, s).Children)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, ok := s.TargetByID(events.TargetID(cross.FrameID)); !ok {
			break
		}
		require.True(t, time.Now().Before(deadline), "the OOPIF target was not detached")
		select {
		case <-s.Changed():
		case <-time.After(50 * time.Millisecond):
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err := actions.LookupFrame(ctx, s, cross.FrameID)
	require.ErrorIs(t, err, events.ErrFrameNotFound)
}

func TestFrameSwappedIntoItsOwnProcessIsKept(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, srv.MainURL(pageURL("top", pageURL("same"))))
	all := waitFrames(t, s, "the same-origin frame", hasAll("/p/same"))
	same, _ := byURL(all, "/p/same")
	require.False(t, same.IsOOPIF)

	eval(t, s, fmt.Sprintf(`document.querySelector('iframe').src = %q`, srv.CrossURL(pageURL("moved"))))
	moved := waitFrames(t, s, "the frame in its own process", func(r events.FramesResult) bool {
		f, ok := byURL(r, "/p/moved")
		return ok && f.IsOOPIF && f.Origin != ""
	})
	f, _ := byURL(moved, "/p/moved")
	require.Equal(t, same.FrameID, f.FrameID, "the frame keeps its id across the process swap")
	require.Equal(t, 2, moved.Count)
	require.Equal(t, srv.CrossURL(""), f.Origin)

	// And back into the page's process, once the frame runs there: its
	// target is held paused while the session sets it up, and Chrome
	// (156) never commits a navigation away from a frame whose renderer
	// was still paused when it began (seen in 2-7 of 30 runs under load,
	// the src set 20-40 ms before the resume's reply). A paused document
	// does not finish loading.
	oopif, ok := s.TargetByID(events.TargetID(f.FrameID))
	require.True(t, ok, "the frame's target")
	testkit.WaitLoaded(t, oopif, "the frame's document in its own process")
	eval(t, s, fmt.Sprintf(`document.querySelector('iframe').src = %q`, srv.MainURL(pageURL("back"))))
	back := waitFrames(t, s, "the frame back in the page's process", func(r events.FramesResult) bool {
		f, ok := byURL(r, "/p/back")
		return ok && !f.IsOOPIF && r.Count == 2
	})
	f, _ = byURL(back, "/p/back")
	require.Equal(t, same.FrameID, f.FrameID)
}

func cdpCall(t *testing.T, s *session.BrowserSession, method, params string, frameID events.FrameID) (json.RawMessage, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	return actions.CDP(ctx, s, method, json.RawMessage(params), frameID)
}

func titleOf(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var r struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(raw, &r), string(raw))
	return r.Result.Value
}

func TestCDPCallRouting(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, nestedPage(srv))
	all := waitFrames(t, s, "three frames", hasAll("/p/same", "/p/cross", "/p/nested"))
	same, _ := byURL(all, "/p/same")
	cross, _ := byURL(all, "/p/cross")
	nested, _ := byURL(all, "/p/nested")
	const title = `{"expression":"document.title","returnByValue":true}`

	raw, err := cdpCall(t, s, "Runtime.evaluate", title, "")
	require.NoError(t, err)
	require.Equal(t, "top", titleOf(t, raw))
	raw, err = cdpCall(t, s, "Runtime.evaluate", title, all.Top.FrameID)
	require.NoError(t, err)
	require.Equal(t, "top", titleOf(t, raw))
	raw, err = cdpCall(t, s, "Runtime.evaluate", title, cross.FrameID)
	require.NoError(t, err)
	require.Equal(t, "cross", titleOf(t, raw))
	raw, err = cdpCall(t, s, "Runtime.evaluate", title, nested.FrameID)
	require.NoError(t, err)
	require.Equal(t, "nested", titleOf(t, raw))
	raw, err = cdpCall(t, s, "Page.getFrameTree", "", cross.FrameID)
	require.NoError(t, err)
	require.Contains(t, string(raw), string(cross.FrameID))

	_, err = cdpCall(t, s, "Runtime.evaluate", title, same.FrameID)
	require.Equal(t, events.CodeSameOriginFrame, actions.Code(err))
	require.Contains(t, err.Error(), "contentDocument")

	_, err = cdpCall(t, s, "Runtime.evaluate", title, "0123456789ABCDEF")
	require.Equal(t, events.CodeFrameNotFound, actions.Code(err))

	_, err = cdpCall(t, s, "Nope.doesNotExist", "", "")
	require.Equal(t, events.CodeCDPError, actions.Code(err))
	require.Contains(t, actions.Describe(err).Message, "wasn't found", "the browser's message is kept")
	_, err = cdpCall(t, s, "Nope.doesNotExist", "", cross.FrameID)
	require.Equal(t, events.CodeCDPError, actions.Code(err))

	for _, bad := range []struct{ method, params string }{
		{"Runtime.evaluate", `{"expression":`},
		{"Runtime.evaluate", `[1,2]`},
		{"Runtime.evaluate", `"x"`},
		{"", ""},
		{"evaluate", ""},
		{"Runtime.", ""},
		{".evaluate", ""},
		{"Runtime.evaluate x", ""},
	} {
		_, err := cdpCall(t, s, bad.method, bad.params, "")
		require.Equal(t, events.CodeInvalidArgument, actions.Code(err), "%q %q: %v", bad.method, bad.params, err)
	}
}

func TestLookupRoutesSameOriginFrameThroughItsContext(t *testing.T) {
	srv := testutil.Serve(t, pages())
	s := start(t, nil)
	navigate(t, s, nestedPage(srv))
	all := waitFrames(t, s, "three frames", hasAll("/p/same", "/p/cross", "/p/nested"))
	same, _ := byURL(all, "/p/same")
	cross, _ := byURL(all, "/p/cross")
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()

	info, err := actions.LookupFrame(ctx, s, same.FrameID)
	require.NoError(t, err)
	require.False(t, info.IsOOPIF)
	require.NotZero(t, info.ContextID, "the same-origin frame's main world is known")
	var reply struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	require.NoError(t, s.Call(ctx, info.SessionID, "Runtime.evaluate",
		map[string]any{"expression": "document.title", "contextId": info.ContextID, "returnByValue": true}, &reply))
	require.Equal(t, "same", reply.Result.Value)

	info, err = actions.LookupFrame(ctx, s, cross.FrameID)
	require.NoError(t, err)
	require.True(t, info.IsOOPIF)
	require.Equal(t, events.TargetID(cross.FrameID), info.TargetID)
	require.Equal(t, cross.SessionID, info.SessionID)

	_, err = actions.LookupFrame(ctx, s, "nope")
	require.Equal(t, events.CodeFrameNotFound, actions.Code(err))
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
		var m *watchdogs.Manager
		app := fx.New(fx.NopLogger, watchdogs.Module, frame.Module, fx.Populate(&m))
		require.NoError(t, app.Err())
		s, err := session.Start(ctx, session.Config{TaskID: name, CDPURL: p.Endpoint, Extensions: []session.Extension{m}})
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		return s
	}
	s1, s2 := connect("one"), connect("two")
	navigate(t, s1, srv.MainURL(pageURL("one", "cross:"+pageURL("one-cross"))))
	navigate(t, s2, srv.MainURL(pageURL("two", pageURL("two-same"), "cross:"+pageURL("two-cross"))))
	r1 := waitFrames(t, s1, "s1's frame", hasAll("/p/one-cross"))
	r2 := waitFrames(t, s2, "s2's frames", hasAll("/p/two-same", "/p/two-cross"))
	require.Equal(t, 2, r1.Count)
	require.Equal(t, 3, r2.Count)
	require.NotEqual(t, r1.TabID, r2.TabID)
	oneCross, _ := byURL(r1, "/p/one-cross")
	lctx, lcancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer lcancel()
	_, err = actions.LookupFrame(lctx, s2, oneCross.FrameID)
	require.Equal(t, events.CodeFrameNotFound, actions.Code(err), "a session never sees another's frames")
	_, err = actions.CDP(lctx, s2, "Runtime.evaluate", json.RawMessage(`{"expression":"1"}`), oneCross.FrameID)
	require.Equal(t, events.CodeFrameNotFound, actions.Code(err))
}
