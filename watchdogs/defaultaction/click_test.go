package defaultaction_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

func (e *env) click(ev events.ClickElementEvent) (events.ActionResult, error) {
	ev.TabID = e.tab.ID
	return do(e, ev)
}

func TestClickPlainButton(t *testing.T) {
	e := newEnv(t, "/click.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Plain")})
	require.NoError(t, err)
	require.Nil(t, r.Dialog)
	require.False(t, r.Navigated)
	require.Equal(t, "plain", e.evalString("window.clicks.join(',')"))
}

func TestClickButtonsModifiersAndDouble(t *testing.T) {
	e := newEnv(t, "/click.html")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Plain"), Button: events.ButtonRight})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Plain"), Modifiers: []string{"Shift"}})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Twice"), ClickCount: 2})
	require.NoError(t, err)
	require.Equal(t, "context:2,plain:shift,dbl:x2", e.evalString("window.clicks.join(',')"))
}

func TestClickScrolledContainerBelowFold(t *testing.T) {
	e := newEnv(t, "/click.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Deep")})
	require.NoError(t, err)
	require.Equal(t, "deep", e.evalString("window.clicks.join(',')"))
	var y float64
	e.eval("window.scrollY", &y)
	require.Greater(t, y, 500.0, "the page scrolled to the button")
	require.NotNil(t, r.Details.X)
}

// A control outside a modal menu, while the page keeps its body from
// pointer input (pointer-events: none), is not clicked, and the error says
// why: the pointer goes through it, not that the document covers it.
func TestClickThroughPointerEventsNone(t *testing.T) {
	e := newEnv(t, "/modalmenu.html")
	settings := e.ref("button", "Settings")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Actions")})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: settings})
	requireCode(t, err, events.CodeElementCovered)
	body := actions.Describe(err)
	require.Contains(t, body.Message, "takes no pointer input: pointer-events: none on body")
	require.Contains(t, body.Message, "Escape")
	require.Equal(t, "", e.evalString("window.clicks.join(',')"))
}

func TestClickCoveredByOverlay(t *testing.T) {
	e := newEnv(t, "/overlay.html")
	ref := e.ref("button", "Under")
	start := time.Now()
	_, err := e.click(events.ClickElementEvent{Ref: ref})
	requireCode(t, err, events.CodeElementCovered)
	require.Less(t, time.Since(start), 10*time.Second)
	body := actions.Describe(err)
	require.Equal(t, `div#consent "Accept cookies"`, body.Details.Covering)
	require.Contains(t, body.Message, `div#consent "Accept cookies"`)
	var n int
	e.eval("window.underClicked || 0", &n)
	require.Zero(t, n, "a covered element is not clicked")

	r, err := e.click(events.ClickElementEvent{Ref: ref, Force: true})
	require.NoError(t, err)
	require.True(t, r.Details.Forced)
	e.eval("window.underClicked || 0", &n)
	require.Equal(t, 1, n)
}

func TestClickInsideSameOriginIframe(t *testing.T) {
	e := newEnv(t, "/frames.html")
	st := e.state(events.SnapshotOptions{})
	ref, info := findRef(t, st, "button", "Inner button", func(fid events.FrameID) bool {
		return !isOOPIF(e, fid)
	})
	require.NotEqual(t, events.FrameID(e.tab.ID), info, "the button is in the child frame")
	_, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(t, err)
	var n int
	e.eval("document.getElementById('same').contentWindow.innerClicks || 0", &n)
	require.Equal(t, 1, n)
}

func TestClickInsideCrossOriginOOPIF(t *testing.T) {
	e := newEnv(t, "/frames.html")
	var oopif *session.Target
	e.poll("the cross-origin frame to attach", func() bool {
		for _, tg := range e.s.Targets() {
			if tg.TabID == e.tab.ID && !tg.IsPage() {
				oopif = tg
				return true
			}
		}
		return false
	})
	var st events.PageState
	var ref events.Ref
	e.poll("the OOPIF's button in the snapshot", func() bool {
		st = e.state(events.SnapshotOptions{})
		ref, _ = findRefMaybe(st, "button", "Inner button", func(fid events.FrameID) bool { return fid == events.FrameID(oopif.ID) })
		return ref != ""
	})
	r, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(t, err)
	var n int
	evalOn(t, e.ctx(), oopif, "window.innerClicks || 0", &n)
	require.Equal(t, 1, n, "clicked at %v", r.Details)

	// The same-origin frame's button was not clicked by mistake.
	e.eval("document.getElementById('same').contentWindow.innerClicks || 0", &n)
	require.Zero(t, n)
}

func TestClickLinkTargetBlankReportsNewTab(t *testing.T) {
	e := newEnv(t, "/click.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("link", "Open new tab")})
	require.NoError(t, err)
	require.NotNil(t, r.NewTab, "the new tab is reported")
	require.Equal(t, e.tab.ID, r.NewTab.OpenerID)
	t.Cleanup(func() { _ = e.s.CloseTab(e.ctx(), r.NewTab.ID) })
	require.False(t, r.Navigated)

	// Chrome put the new tab in front of the window; the active tab, where
	// the agent goes on, goes back there (a hidden page runs no animation
	// frames), and the new tab waits behind it until it is switched to.
	popup, err := e.s.Tab(r.NewTab.ID)
	require.NoError(t, err)
	requireVisibility(t, e.ctx(), e.tab, "visible")
	requireVisibility(t, e.ctx(), popup, "hidden")
	act, err := e.s.ActiveTab()
	require.NoError(t, err)
	require.Equal(t, e.tab.ID, act.ID, "the opener stays the active tab")
}

func TestClickLinkReportsNavigation(t *testing.T) {
	e := newEnv(t, "/click.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("link", "Go to target")})
	require.NoError(t, err)
	require.True(t, r.Navigated)
	require.True(t, strings.HasSuffix(r.URL, "/target.html"), r.URL)

	e.open("/click.html")
	r, err = e.click(events.ClickElementEvent{Ref: e.ref("link", "Jump")})
	require.NoError(t, err)
	require.True(t, r.Navigated)
	require.True(t, strings.HasSuffix(r.URL, "#section2"), r.URL)
}

func TestClickAlertReturnsPromptlyWithDialog(t *testing.T) {
	e := newEnv(t, "/click.html")
	ref := e.ref("button", "Alert me")
	start := time.Now()
	r, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(t, err)
	require.Less(t, time.Since(start), 5*time.Second)
	require.NotNil(t, r.Dialog)
	require.Equal(t, "alert", r.Dialog.Type)
	require.Equal(t, "hello from alert", r.Dialog.Message)

	// The state answers while the dialog blocks the page.
	st, err := actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID})
	require.NoError(t, err)
	require.Contains(t, text(st), "blocked by a JavaScript alert dialog")

	require.NoError(t, e.tab.Client.Page.HandleJavaScriptDialog(e.ctx(), page.NewHandleJavaScriptDialogArgs(true)))
	e.poll("the page to answer again", func() bool {
		st := e.state(events.SnapshotOptions{})
		return strings.Contains(text(st), "Alert me")
	})
}

func TestClickSelectListsOptions(t *testing.T) {
	e := newEnv(t, "/click.html")
	st := e.state(events.SnapshotOptions{})
	ref, _ := findRef(t, st, "combobox", "", nil)
	r, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(t, err)
	b, err := json.Marshal(r.Details.Options)
	require.NoError(t, err)
	require.JSONEq(t, `[{"value":"a","label":"Apple"},{"value":"b","label":"Banana","selected":true},{"value":"c","label":"Cherry"}]`, string(b))
}

func TestHover(t *testing.T) {
	e := newEnv(t, "/click.html")
	e.eval("(() => { window.hovered = ''; document.getElementById('plain').addEventListener('mouseover', () => window.hovered = 'plain'); return true })()", nil)
	_, err := do(e, events.HoverEvent{TabID: e.tab.ID, Ref: e.ref("button", "Plain")})
	require.NoError(t, err)
	require.Equal(t, "plain", e.evalString("window.hovered"))
}

func TestClickCoordinateStillWorks(t *testing.T) {
	e := newEnv(t, "/click.html")
	var xy []float64
	e.eval("(() => { const r = document.getElementById('plain').getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2] })()", &xy)
	_, err := do(e, events.ClickCoordinateEvent{TabID: e.tab.ID, X: xy[0], Y: xy[1]})
	require.NoError(t, err)
	require.Equal(t, "plain", e.evalString("window.clicks.join(',')"))
}

func TestClickHiddenElement(t *testing.T) {
	e := newEnv(t, "/click.html")
	ref := e.ref("button", "Plain")
	e.eval("(document.getElementById('plain').style.display = 'none', true)", nil)
	_, err := e.click(events.ClickElementEvent{Ref: ref})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), "not visible")
}

// TestClickElementMovedBeforePress clicks an option that the page moves
// away from the aimed point after the aim and before the press (the list
// filters itself when the pointer first comes over it): the click lands on
// the option where it went, and the page sees no press where it was.
func TestClickElementMovedBeforePress(t *testing.T) {
	e := newEnv(t, "/refilter.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("option", "Python")})
	require.NoError(t, err)
	require.Equal(t, "py", e.evalString("window.picked.join(',')"), "the click picked the option named")
	var outside bool
	e.eval("!!window.pressedOutside", &outside)
	require.False(t, outside, "no press reached the page where the option was")
	require.NotNil(t, r.Details.Y)
	var top float64
	e.eval("document.querySelector('li').getBoundingClientRect().top", &top)
	require.Less(t, *r.Details.Y, top+28, "the result gives the point the click landed on")
}

// A menu item that opens its submenu a moment after the pointer rests on
// it (a timer its pointermove queued; the click itself opens nothing
// sooner): the click's answer waits for that timer, so that the submenu is
// open when it comes and the next snapshot shows it, rather than a click
// that changed nothing.
func TestClickWaitsForHoverTimer(t *testing.T) {
	e := newEnv(t, "/hoversubmenu.html")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("menuitem", "Move to")})
	require.NoError(t, err)
	require.Equal(t, "false", e.evalString("String(document.getElementById('sub').hidden)"), "the submenu is open when the click answers")
}
