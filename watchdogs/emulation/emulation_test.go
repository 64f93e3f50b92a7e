package emulation_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func serve(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/echo":
			w.Header().Set("Access-Control-Allow-Origin", "*")
			fmt.Fprintf(w, "%s|%s", r.Header.Get("X-Test"), r.Header.Get("Accept-Language"))
		case "/frame":
			fmt.Fprint(w, `<!doctype html><title>frame</title>`)
		default:
			fmt.Fprint(w, `<!doctype html><meta name=viewport content="width=device-width"><title>page</title><iframe src="{{CROSS}}/frame"></iframe>`)
		}
	}))
}

func start(t *testing.T) *session.BrowserSession {
	m, err := standard.NewManager()
	require.NoError(t, err)
	return testkit.Session(t, session.Config{Extensions: []session.Extension{m}})
}

func tctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(t.Context(), testkit.Ceiling)
	t.Cleanup(cancel)
	return c
}

// eval evaluates expr in the tab ctx aims at (the active tab by default)
// and prints the value.
func eval(t *testing.T, ctx context.Context, s *session.BrowserSession, expr string) string {
	t.Helper()
	r, err := actions.Evaluate(ctx, s, expr)
	require.NoError(t, err, expr)
	return fmt.Sprint(r.Value)
}

const probe = `[innerWidth, innerHeight, devicePixelRatio, navigator.maxTouchPoints,
 matchMedia('(prefers-color-scheme: dark)').matches, matchMedia('(prefers-reduced-motion: reduce)').matches,
 navigator.onLine, Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language].join(' ')`

// Every setting reaches the page, in the tabs open when it is made and in
// those opened after.
func TestEmulateEverySetting(t *testing.T) {
	srv := serve(t)
	s := start(t)
	ctx := tctx(t)
	_, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)

	st, err := actions.Do(ctx, s, events.EmulateEvent{
		Viewport:      &events.Viewport{Width: 500, Height: 400, DPR: 2, Touch: true},
		ColorScheme:   events.ColorSchemeDark,
		ReducedMotion: new(true),
		Timezone:      "Asia/Tokyo",
		Locale:        "fr-FR",
		UserAgent:     "AgentTest/1.0",
		Headers:       map[string]string{"X-Test": "hello"},
	})
	require.NoError(t, err)
	assert.Equal(t, "Asia/Tokyo", st.Timezone)
	want := "500 400 2 5 true true true Asia/Tokyo fr-FR"
	assert.Equal(t, want, eval(t, ctx, s, probe))
	assert.Equal(t, "AgentTest/1.0", eval(t, ctx, s, "navigator.userAgent"))
	assert.Equal(t, "hello|fr-FR", eval(t, ctx, s, "fetch('/echo').then(r => r.text())"))

	// A tab opened later starts with the settings.
	nt, err := actions.NewTab(ctx, s, srv.MainURL("/"))
	require.NoError(t, err)
	later := actions.WithTab(ctx, nt.Tab.ID)
	assert.Equal(t, want, eval(t, later, s, probe))
	assert.Equal(t, "hello|fr-FR", eval(t, later, s, "fetch('/echo').then(r => r.text())"))

	// Its cross-origin iframe, which has a session of its own, too.
	frames, err := actions.Do(later, s, events.FramesEvent{})
	require.NoError(t, err)
	var frame events.FrameID
	for _, f := range frames.Frames {
		if f.IsOOPIF {
			frame = f.FrameID
		}
	}
	require.NotEmpty(t, frame, "no out-of-process frame: %+v", frames)
	r, err := actions.Do(later, s, events.EvaluateEvent{FrameID: frame, ReturnByValue: true,
		Expression: "[Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language, navigator.userAgent].join(' ')"})
	require.NoError(t, err)
	assert.Equal(t, "Asia/Tokyo fr-FR AgentTest/1.0", fmt.Sprint(r.Value))

	// Offline, then online again.
	_, err = actions.Do(ctx, s, events.EmulateEvent{Offline: new(true)})
	require.NoError(t, err)
	assert.Equal(t, "false", eval(t, ctx, s, "navigator.onLine"))
	assert.Equal(t, "failed", eval(t, ctx, s, "fetch('/echo').then(() => 'fetched', () => 'failed')"))
	_, err = actions.Do(ctx, s, events.EmulateEvent{Offline: new(false)})
	require.NoError(t, err)
	assert.Equal(t, "hello|fr-FR", eval(t, ctx, s, "fetch('/echo').then(r => r.text())"))

	// Reset drops every setting.
	st, err = actions.Do(ctx, s, events.EmulateEvent{Reset: true})
	require.NoError(t, err)
	assert.Equal(t, events.Emulation{}, st)
	assert.NotEqual(t, "AgentTest/1.0", eval(t, ctx, s, "navigator.userAgent"))
	assert.Equal(t, "|", strings.SplitN(eval(t, ctx, s, "fetch('/echo').then(r => r.text())"), "|", 2)[0]+"|")
	assert.Equal(t, "false", eval(t, ctx, s, "matchMedia('(prefers-color-scheme: dark)').matches"))
}

func TestEmulateDeviceAndGeolocation(t *testing.T) {
	srv := serve(t)
	s := start(t)
	ctx := tctx(t)
	_, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	st, err := actions.Do(ctx, s, events.EmulateEvent{Device: "iphone-15", Geolocation: &events.Geolocation{Latitude: 48.8584, Longitude: 2.2945}})
	require.NoError(t, err)
	assert.Equal(t, "iPhone 15", st.Device)
	assert.Equal(t, "393 852 3 5", eval(t, ctx, s, "[innerWidth, innerHeight, devicePixelRatio, navigator.maxTouchPoints].join(' ')"))
	assert.Contains(t, eval(t, ctx, s, "navigator.userAgent"), "iPhone")
	assert.Equal(t, "48.8584 2.2945", eval(t, ctx, s,
		`new Promise((ok, no) => navigator.geolocation.getCurrentPosition(p => ok(p.coords.latitude + ' ' + p.coords.longitude), e => ok('error ' + e.message)))`))

	// A viewport given later wins over the device's; the device is no
	// longer claimed.
	st, err = actions.Do(ctx, s, events.EmulateEvent{Viewport: &events.Viewport{Width: 700, Height: 500}})
	require.NoError(t, err)
	assert.Empty(t, st.Device)
	assert.Equal(t, "700 500", eval(t, ctx, s, "innerWidth + ' ' + innerHeight"))
	assert.Len(t, emulation.Devices(), 10)
}

// Bad input is invalid_argument naming what is wrong, and changes nothing:
// not even what only the browser could refuse (a time zone it does not
// know), given beside good settings.
func TestEmulateRejectsBadInput(t *testing.T) {
	srv := serve(t)
	s := start(t)
	ctx := tctx(t)
	_, err := actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)
	_, err = actions.Do(ctx, s, events.EmulateEvent{Timezone: "Europe/Paris", ColorScheme: "dark"})
	require.NoError(t, err)
	before := eval(t, ctx, s, probe)

	_, err = actions.Do(ctx, s, events.EmulateEvent{Device: "Nokia 3310"})
	require.Error(t, err)
	assert.Equal(t, events.CodeInvalidArgument, actions.Code(err))
	assert.Contains(t, err.Error(), "iPhone 15, iPhone 15 Pro Max")
	var ce *events.Error
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, emulation.DeviceNames(), ce.Details.Known)

	for _, c := range []struct {
		e    events.EmulateEvent
		part string
	}{
		{events.EmulateEvent{Viewport: &events.Viewport{Width: 0, Height: 10}}, "viewport 0x10"},
		{events.EmulateEvent{Viewport: &events.Viewport{Width: 10, Height: 10, DPR: 50}}, "dpr 50"},
		{events.EmulateEvent{Geolocation: &events.Geolocation{Latitude: 91}}, "latitude"},
		{events.EmulateEvent{ColorScheme: "blue"}, `"blue"`},
		{events.EmulateEvent{Headers: map[string]string{"Bad Header": "x"}}, `"Bad Header"`},
		{events.EmulateEvent{Locale: "not a locale"}, `locale "not a locale"`},
		{events.EmulateEvent{Timezone: "Mars/Olympus", Locale: "de-DE", Offline: new(true)}, `"Mars/Olympus"`},
		{events.EmulateEvent{Timezone: "Asia/Tokyo", Locale: "zz-Qqqq-Www", ReducedMotion: new(true)}, `"zz-Qqqq-Www"`},
	} {
		_, err := actions.Do(ctx, s, c.e)
		require.Error(t, err, "%+v", c.e)
		assert.Equal(t, events.CodeInvalidArgument, actions.Code(err), "%+v: %v", c.e, err)
		assert.Contains(t, err.Error(), c.part)
	}
	assert.Equal(t, before, eval(t, ctx, s, probe), "bad input changed the page's emulation")
	st, err := actions.Do(ctx, s, events.EmulationEvent{})
	require.NoError(t, err)
	assert.Equal(t, events.Emulation{Timezone: "Europe/Paris", ColorScheme: "dark"}, st)
}
