package defaultaction_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

func (e *env) wait(ev events.WaitEvent) (events.ActionResult, error) {
	ev.TabID = e.tab.ID
	return do(e, ev)
}

func TestWaitModes(t *testing.T) {
	e := newEnv(t, "/click.html")

	e.eval("(setTimeout(() => document.body.insertAdjacentHTML('afterbegin', '<p>Hello later</p>'), 150), true)", nil)
	r, err := e.wait(events.WaitEvent{Text: "Hello later"})
	require.NoError(t, err)
	require.Equal(t, `text "Hello later"`, r.Details.WaitedFor)

	victim := e.ref("button", "Victim")
	r, err = e.wait(events.WaitEvent{Ref: victim})
	require.NoError(t, err, "a visible ref is there at once")
	e.eval("(setTimeout(() => document.getElementById('victim').remove(), 150), true)", nil)
	_, err = e.wait(events.WaitEvent{Gone: victim})
	require.NoError(t, err)

	// A hidden element becomes visible.
	e.eval("(document.getElementById('plain').style.display = 'none', setTimeout(() => document.getElementById('plain').style.display = '', 150), true)", nil)
	plain := e.ref("button", "Twice")
	_, err = e.wait(events.WaitEvent{Ref: plain})
	require.NoError(t, err)

	e.eval("(setTimeout(() => history.pushState({}, '', '/moved/here'), 150), true)", nil)
	_, err = e.wait(events.WaitEvent{URL: "/moved/*"})
	require.Error(t, err, "a pattern with * matches the whole URL")
	requireCode(t, err, events.CodeTimeout)
	_, err = e.wait(events.WaitEvent{URL: "*/moved/*"})
	require.NoError(t, err)
	_, err = e.wait(events.WaitEvent{URL: "moved/here"})
	require.NoError(t, err)

	_, err = e.wait(events.WaitEvent{Load: true})
	require.NoError(t, err)
}

func TestWaitTimeoutNamesWhat(t *testing.T) {
	e := newEnv(t, "/click.html")
	start := time.Now()
	_, err := e.wait(events.WaitEvent{Text: "never there", Timeout: 300 * time.Millisecond})
	requireCode(t, err, events.CodeTimeout)
	require.Contains(t, err.Error(), `text "never there"`)
	require.Less(t, time.Since(start), 5*time.Second)

	// The dispatch budget bounds it too.
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	_, err = actions.Wait(ctx, e.s, events.WaitEvent{TabID: e.tab.ID, Text: "never there"})
	requireCode(t, err, events.CodeTimeout)

	_, err = e.wait(events.WaitEvent{Text: "x", Timeout: -time.Second})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = e.wait(events.WaitEvent{})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = e.wait(events.WaitEvent{Text: "a", Load: true})
	requireCode(t, err, events.CodeInvalidArgument)
}

func TestHistoryAndReload(t *testing.T) {
	e := newEnv(t, "/click.html")
	e.open("/target.html")
	r, err := do(e, events.GoBackEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	require.Equal(t, e.srv.MainURL("/click.html"), r.URL)
	r, err = do(e, events.GoForwardEvent{TabID: e.tab.ID, WaitUntil: events.WaitDOMContentLoaded})
	require.NoError(t, err)
	require.Equal(t, e.srv.MainURL("/target.html"), r.URL)
	require.Equal(t, "target", r.Title)
	e.eval("(window.marker = 1, true)", nil)
	r, err = do(e, events.ReloadEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	require.Equal(t, e.srv.MainURL("/target.html"), r.URL)
	var gone bool
	e.eval("window.marker === undefined", &gone)
	require.True(t, gone, "the page was reloaded")
	_, err = do(e, events.GoForwardEvent{TabID: e.tab.ID})
	requireCode(t, err, events.CodeNavigationFailed)
}

// History entries of one document (pushState, a fragment) commit no new
// document and fire no load: back and forward over them finish when the
// page moved, as a single-page app's router expects.
func TestHistoryWithinDocument(t *testing.T) {
	e := newEnv(t, "/click.html")
	e.eval(`(window.keep = 1, history.pushState({}, "", "?a"), location.hash = "x", true)`, nil)
	base := e.srv.MainURL("/click.html")
	r, err := do(e, events.GoBackEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	require.Equal(t, base+"?a", r.URL)
	r, err = do(e, events.GoBackEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	require.Equal(t, base, r.URL)
	r, err = do(e, events.GoForwardEvent{TabID: e.tab.ID, WaitUntil: events.WaitDOMContentLoaded})
	require.NoError(t, err)
	require.Equal(t, base+"?a", r.URL)
	var same bool
	e.eval("window.keep === 1", &same)
	require.True(t, same, "the document was not replaced")
}

func TestTabs(t *testing.T) {
	e := newEnv(t, "/click.html")
	nt, err := actions.NewTab(e.ctx(), e.s, e.srv.MainURL("/target.html"))
	require.NoError(t, err)
	require.True(t, nt.Tab.Active)
	require.Equal(t, e.srv.MainURL("/target.html"), nt.Tab.URL)
	tabs, err := actions.Tabs(e.ctx(), e.s)
	require.NoError(t, err)
	ids := map[events.TargetID]bool{}
	for _, tb := range tabs {
		ids[tb.ID] = true
	}
	require.True(t, ids[nt.Tab.ID] && ids[e.tab.ID])

	info, err := actions.SwitchTab(e.ctx(), e.s, e.tab.ID)
	require.NoError(t, err)
	require.True(t, info.Active)
	closed, err := actions.CloseTab(e.ctx(), e.s, nt.Tab.ID)
	require.NoError(t, err)
	require.Equal(t, nt.Tab.ID, closed.Closed)
	_, err = actions.SwitchTab(e.ctx(), e.s, nt.Tab.ID)
	requireCode(t, err, events.CodeTabNotFound)
}

// requireVisibility waits until tab's document reports state
// (document.visibilityState). chromium-headless-shell has no tab strip and
// shows every tab: there, a tab behind the active one is visible too.
func requireVisibility(t *testing.T, ctx context.Context, tab *session.Target, state string) {
	t.Helper()
	if state == "hidden" && testutil.HeadlessShell(t) {
		state = "visible"
	}
	require.EventuallyWithT(t, func(c *assert.CollectT) {
		r, err := session.Evaluate(ctx, tab.Client, "document.visibilityState", true)
		if !assert.NoError(c, err) || !assert.Nil(c, r.ExceptionDetails) {
			return
		}
		var got string
		assert.NoError(c, json.Unmarshal(r.Result.Value, &got))
		assert.Equal(c, state, got, "visibility of tab %s", tab.ID)
	}, 10*time.Second, 20*time.Millisecond)
}

// TestTabsKeepTheActiveTabInFront: Chrome shows one tab per window and
// counts the others hidden; the session keeps its active tab the shown one
// as tabs open, switch and close.
func TestTabsKeepTheActiveTabInFront(t *testing.T) {
	e := newEnv(t, "/click.html")
	ctx := e.ctx()
	requireVisibility(t, ctx, e.tab, "visible")

	// The new-tab action makes the new tab active, and shows it.
	nt, err := actions.NewTab(ctx, e.s, "")
	require.NoError(t, err)
	b, err := e.s.Tab(nt.Tab.ID)
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.s.CloseTab(context.Background(), b.ID) })
	requireVisibility(t, ctx, b, "visible")
	requireVisibility(t, ctx, e.tab, "hidden")

	// A tab opened through the session, not made active, opens behind.
	c, err := e.s.NewTab(ctx, "")
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.s.CloseTab(context.Background(), c.ID) })
	requireVisibility(t, ctx, c, "hidden")
	requireVisibility(t, ctx, b, "visible")

	// Switching shows the tab switched to.
	_, err = actions.SwitchTab(ctx, e.s, e.tab.ID)
	require.NoError(t, err)
	requireVisibility(t, ctx, e.tab, "visible")
	requireVisibility(t, ctx, b, "hidden")

	// Closing the active tab shows the one that becomes active, which is
	// not the neighbour Chrome would show.
	_, err = actions.CloseTab(ctx, e.s, e.tab.ID)
	require.NoError(t, err)
	act, err := e.s.ActiveTab()
	require.NoError(t, err)
	require.Equal(t, c.ID, act.ID, "the newest remaining tab becomes active")
	requireVisibility(t, ctx, c, "visible")
	requireVisibility(t, ctx, b, "hidden")
}

func (e *env) shot(ev events.ScreenshotEvent) events.ScreenshotResult {
	e.t.Helper()
	ev.TabID = e.tab.ID
	r, err := do(e, ev)
	require.NoError(e.t, err)
	return r
}

func decodePNG(t *testing.T, b64 string) image.Image {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(b64)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	return img
}

func TestScreenshots(t *testing.T) {
	e := newEnv(t, "/click.html")
	var vp []int
	e.eval("[innerWidth, innerHeight, document.documentElement.scrollHeight]", &vp)

	r := e.shot(events.ScreenshotEvent{})
	img := decodePNG(t, r.Data)
	require.Equal(t, "png", r.Format)
	require.Equal(t, vp[0], img.Bounds().Dx())
	require.Equal(t, vp[1], img.Bounds().Dy())
	require.Equal(t, r.Width, img.Bounds().Dx())

	full := e.shot(events.ScreenshotEvent{Full: true})
	require.Equal(t, vp[2], full.Height, "the full page is as tall as the document")

	var box []float64
	e.eval("(() => { const r = document.getElementById('plain').getBoundingClientRect(); return [r.width, r.height] })()", &box)
	el := e.shot(events.ScreenshotEvent{Ref: e.ref("button", "Plain")})
	require.InDelta(t, box[0], float64(el.Width), 2)
	require.InDelta(t, box[1], float64(el.Height), 2)

	labelled := e.shot(events.ScreenshotEvent{Labels: true})
	require.Positive(t, labelled.Labels)
	require.NotEqual(t, r.Data, labelled.Data, "labels change the picture")
	again := e.shot(events.ScreenshotEvent{})
	require.Equal(t, r.Data, again.Data, "nothing was drawn in the page")

	path := filepath.Join(t.TempDir(), "shot.jpg")
	j := e.shot(events.ScreenshotEvent{Path: path, Format: "jpeg", Quality: 70})
	require.Equal(t, path, j.Path)
	require.Empty(t, j.Data)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	jimg, err := jpeg.Decode(f)
	require.NoError(t, err)
	require.Equal(t, vp[0], jimg.Bounds().Dx())

	_, err = do(e, events.ScreenshotEvent{TabID: e.tab.ID, Format: "gif"})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = do(e, events.ScreenshotEvent{TabID: e.tab.ID, Path: "/no/such/dir/x.png"})
	requireCode(t, err, events.CodeInvalidArgument)
}

func TestBadInput(t *testing.T) {
	e := newEnv(t, "/click.html")
	st := e.state(events.SnapshotOptions{})
	plain, _ := findRef(t, st, "button", "Plain", nil)

	_, err := e.click(events.ClickElementEvent{Ref: "e9999"})
	requireCode(t, err, events.CodeUnknownRef)
	// A bare CSS selector is a target (here one that matches several);
	// what is neither a ref nor CSS is refused.
	_, err = e.click(events.ClickElementEvent{Ref: "button"})
	requireCode(t, err, events.CodeAmbiguousLocator)
	_, err = e.click(events.ClickElementEvent{Ref: "@button"})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = e.click(events.ClickElementEvent{Ref: plain, Button: "fourth"})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = e.click(events.ClickElementEvent{Ref: plain, Modifiers: []string{"Hyper"}})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID, Snapshot: events.SnapshotOptions{MaxDepth: -1}})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID, Snapshot: events.SnapshotOptions{Scope: "e9999"}})
	requireCode(t, err, events.CodeUnknownRef)

	// A ref from a closed tab.
	other, err := actions.NewTab(e.ctx(), e.s, e.srv.MainURL("/form.html"))
	require.NoError(t, err)
	ost, err := actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: other.Tab.ID})
	require.NoError(t, err)
	// Each tab numbers its refs from e1: take one this tab never issued.
	var agree events.Ref
	mine := refsOf(t, st)
	for r := range refsOf(t, ost) {
		if _, ok := mine[r]; !ok {
			agree = r
			break
		}
	}
	require.NotEmpty(t, agree)
	// It is not a ref of this tab.
	_, err = e.click(events.ClickElementEvent{Ref: agree})
	require.Error(t, err)
	require.Contains(t, []events.Code{events.CodeUnknownRef, events.CodeStaleRef}, actions.Code(err))
	_, err = actions.CloseTab(e.ctx(), e.s, other.Tab.ID)
	require.NoError(t, err)
	_, err = actions.Do(e.ctx(), e.s, events.ClickElementEvent{Ref: agree})
	requireCode(t, err, events.CodeStaleRef)
	require.True(t, strings.Contains(err.Error(), "closed"), err.Error())
	_, err = actions.Do(e.ctx(), e.s, events.ClickElementEvent{TabID: other.Tab.ID, Ref: agree})
	requireCode(t, err, events.CodeStaleRef)
	_, err = actions.SwitchTab(e.ctx(), e.s, e.tab.ID)
	require.NoError(t, err)

	// The session still works.
	_, err = e.click(events.ClickElementEvent{Ref: plain})
	require.NoError(t, err)
	require.Equal(t, "plain", e.evalString("window.clicks.join(',')"))
}
