package route_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// site serves a page that loads a script, an image, and data through
// fetch and XHR, and counts what reaches the server.
type site struct {
	*testutil.Servers
	mu   sync.Mutex
	hits map[string]int
}

func newSite(t *testing.T) *site {
	s := &site{hits: map[string]int{}}
	s.Servers = testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		switch r.URL.Path {
		case "/api/data":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"from":"server"}`)
		case "/script.js":
			fmt.Fprint(w, `window.loaded = 'server'`)
		case "/img.png":
			w.Header().Set("Content-Type", "image/svg+xml")
			fmt.Fprint(w, `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>page</title><p id=out></p>`)
		}
	}))
	return s
}

func (s *site) hit(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func start(t *testing.T) *session.BrowserSession {
	m, err := standard.NewManager()
	require.NoError(t, err)
	return testkit.Session(t, session.Config{Extensions: []session.Extension{m}})
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(t.Context(), testkit.Ceiling)
	t.Cleanup(cancel)
	return c
}

// eval runs an expression (awaiting a promise) in the active tab and
// returns its value as a string.
func eval(t *testing.T, s *session.BrowserSession, expr string) string {
	t.Helper()
	r, err := actions.Evaluate(ctx(t), s, expr)
	require.NoError(t, err, expr)
	return fmt.Sprint(r.Value)
}

const (
	fetchBody = `fetch('/api/data').then(r => r.text().then(b => r.status + ' ' + b))`
	xhrBody   = `new Promise(ok => { const x = new XMLHttpRequest(); x.open('GET', '/api/data'); x.onload = () => ok(x.status + ' ' + x.responseText); x.onerror = () => ok('error'); x.send() })`
	script    = `new Promise(ok => { const s = document.createElement('script'); s.src = '/script.js'; s.onload = () => ok('load ' + window.loaded); s.onerror = () => ok('error'); document.body.append(s) })`
	image     = `new Promise(ok => { const i = new Image(); i.onload = () => ok('load'); i.onerror = () => ok('error'); i.src = '/img.png?' + Math.random() })`
)

// Routes answer every kind of request in the browser's place: fetch, XHR,
// scripts, images and documents, in tabs opened before and after.
func TestRoutesAnswerEveryKindOfRequest(t *testing.T) {
	srv := newSite(t)
	s := start(t)
	_, err := actions.Navigate(ctx(t), s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	require.Equal(t, `200 {"from":"server"}`, eval(t, s, fetchBody))

	r, err := actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/api/*", Status: 201, Body: []byte(`{"from":"route"}`),
		Headers: []events.Header{{Name: "Content-Type", Value: "application/json"}}})
	require.NoError(t, err)
	require.Len(t, r.Routes, 1)
	before := srv.hit("/api/data")
	assert.Equal(t, `201 {"from":"route"}`, eval(t, s, fetchBody))
	assert.Equal(t, `201 {"from":"route"}`, eval(t, s, xhrBody))
	assert.Equal(t, before, srv.hit("/api/data"), "a routed request reached the server")

	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/script.js", Status: 200, Body: []byte(`window.loaded = 'route'`),
		Headers: []events.Header{{Name: "Content-Type", Value: "text/javascript"}}})
	require.NoError(t, err)
	assert.Equal(t, "load route", eval(t, s, script))

	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/img.png?*", Abort: "connection-refused"})
	require.NoError(t, err)
	assert.Equal(t, "error", eval(t, s, image))

	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: srv.MainURL("/doc"), Status: 200,
		Body: []byte(`<!doctype html><title>Routed doc</title><h1>from a route</h1>`), Headers: []events.Header{{Name: "Content-Type", Value: "text/html"}}})
	require.NoError(t, err)
	_, err = actions.Navigate(ctx(t), s, srv.MainURL("/doc"), actions.NavigateOptions{})
	require.NoError(t, err)
	assert.Equal(t, "Routed doc", eval(t, s, "document.title"))
	assert.Zero(t, srv.hit("/doc"))

	// A tab opened later is routed too.
	nt, err := actions.NewTab(ctx(t), s, srv.MainURL("/"))
	require.NoError(t, err)
	tctx := actions.WithTab(ctx(t), nt.Tab.ID)
	v, err := actions.Evaluate(tctx, s, fetchBody)
	require.NoError(t, err)
	assert.Equal(t, `201 {"from":"route"}`, fmt.Sprint(v.Value))

	list, err := actions.Do(ctx(t), s, events.RoutesEvent{})
	require.NoError(t, err)
	require.Len(t, list.Routes, 4)
	assert.Equal(t, "**/api/*", list.Routes[0].Pattern)
	assert.Equal(t, int64(3), list.Routes[0].Hits)
	assert.Equal(t, "abort", list.Routes[2].Action)
	assert.Equal(t, "connectionrefused", list.Routes[2].Reason)

	// Removing one route lets its requests through again; removing all
	// stops interception.
	r, err = actions.Do(ctx(t), s, events.UnrouteEvent{Pattern: "**/api/*"})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Removed)
	assert.Len(t, r.Routes, 3)
	assert.Equal(t, `200 {"from":"server"}`, eval(t, s, fetchBody))
	r, err = actions.Do(ctx(t), s, events.UnrouteEvent{})
	require.NoError(t, err)
	assert.Equal(t, 3, r.Removed)
	assert.Empty(t, r.Routes)
	assert.False(t, s.Intercepting(), "no owner left pausing requests")
	assert.Equal(t, "load server", eval(t, s, script))
}

// A later route for the same pattern replaces the earlier; of two patterns
// that match, the route added last answers.
func TestRouteReplacesAndLatestWins(t *testing.T) {
	srv := newSite(t)
	s := start(t)
	_, err := actions.Navigate(ctx(t), s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	for _, body := range []string{"one", "two"} {
		_, err := actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/api/*", Status: 200, Body: []byte(body)})
		require.NoError(t, err)
	}
	assert.Equal(t, "200 two", eval(t, s, fetchBody))
	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/data", Status: 404})
	require.NoError(t, err)
	assert.Equal(t, "404 ", eval(t, s, fetchBody))
	list, err := actions.Do(ctx(t), s, events.RoutesEvent{})
	require.NoError(t, err)
	require.Len(t, list.Routes, 2)
	assert.Equal(t, len("two"), list.Routes[0].BodyBytes)
}

// Bad input is invalid_argument naming what is wrong, and changes no
// route.
func TestRouteRejectsBadInput(t *testing.T) {
	srv := newSite(t)
	s := start(t)
	_, err := actions.Navigate(ctx(t), s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/api/*", Status: 200, Body: []byte("kept")})
	require.NoError(t, err)
	for _, c := range []struct {
		e    events.RouteEvent
		part string
	}{
		{events.RouteEvent{Pattern: "api/*", Status: 200}, "must start with * or a scheme"},
		{events.RouteEvent{Pattern: "", Status: 200}, "empty"},
		{events.RouteEvent{Pattern: "** /x", Status: 200}, "white space"},
		{events.RouteEvent{Pattern: "**/api/*", Status: 700}, "status 700"},
		{events.RouteEvent{Pattern: "**/api/*"}, "give abort"},
		{events.RouteEvent{Pattern: "**/api/*", Abort: "nope"}, `"nope" is not one of`},
		{events.RouteEvent{Pattern: "**/api/*", Abort: "failed", Status: 200}, "not both"},
		{events.RouteEvent{Pattern: "**/api/*", Status: 200, Headers: []events.Header{{Name: "Bad Name", Value: "x"}}}, "header 1"},
	} {
		_, err := actions.Do(ctx(t), s, c.e)
		require.Error(t, err)
		assert.Equal(t, events.CodeInvalidArgument, actions.Code(err), "%+v: %v", c.e, err)
		assert.Contains(t, err.Error(), c.part)
	}
	_, err = actions.Do(ctx(t), s, events.UnrouteEvent{Pattern: "**/nothing"})
	assert.Equal(t, events.CodeNotFound, actions.Code(err))
	list, err := actions.Do(ctx(t), s, events.RoutesEvent{})
	require.NoError(t, err)
	require.Len(t, list.Routes, 1)
	assert.Equal(t, "200 kept", eval(t, s, fetchBody))
	assert.True(t, strings.HasPrefix(eval(t, s, "location.href"), srv.MainURL("/")))
}

// Requests of a cross-origin iframe, which has a session of its own, are
// routed as well.
func TestRoutesReachOutOfProcessFrames(t *testing.T) {
	srv := newSite(t)
	s := start(t)
	_, err := actions.Do(ctx(t), s, events.RouteEvent{Pattern: "**/api/*", Status: 200, Body: []byte("framed"),
		Headers: []events.Header{{Name: "Access-Control-Allow-Origin", Value: "*"}}})
	require.NoError(t, err)
	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: srv.MainURL("/outer"), Status: 200, Headers: []events.Header{{Name: "Content-Type", Value: "text/html"}},
		Body: []byte(fmt.Sprintf(`<!doctype html><p id=out>waiting</p><iframe src=%q></iframe>
<script>addEventListener('message', e => out.textContent = e.data)</script>`, srv.CrossURL("/inner")))})
	require.NoError(t, err)
	_, err = actions.Do(ctx(t), s, events.RouteEvent{Pattern: srv.CrossURL("/inner"), Status: 200, Headers: []events.Header{{Name: "Content-Type", Value: "text/html"}},
		Body: []byte(`<!doctype html><script>fetch('/api/data').then(r => r.text()).then(b => parent.postMessage('inner got ' + b, '*'))</script>`)})
	require.NoError(t, err)
	_, err = actions.Navigate(ctx(t), s, srv.MainURL("/outer"), actions.NavigateOptions{})
	require.NoError(t, err)
	deadline := time.Now().Add(testkit.Ceiling)
	for eval(t, s, "out.textContent") != "inner got framed" {
		require.True(t, time.Now().Before(deadline), "the frame's fetch was not routed: %s", eval(t, s, "out.textContent"))
		time.Sleep(20 * time.Millisecond) // polling the page for the frame's message
	}
	frames, err := actions.Do(ctx(t), s, events.FramesEvent{})
	require.NoError(t, err)
	oop := false
	for _, f := range frames.Frames {
		oop = oop || f.IsOOPIF
	}
	assert.True(t, oop, "the frame was out of process: %+v", frames)
}
