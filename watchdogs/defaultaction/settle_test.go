package defaultaction_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/page"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/chromebin"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

// TestClickReportsSetTimeoutNavigation: a click whose handler navigates in
// setTimeout(0) reports navigated and the new URL every time (it did in
// about half the runs when the action only made one round trip to the
// renderer after the input).
func TestClickReportsSetTimeoutNavigation(t *testing.T) {
	e := newEnv(t, "")
	for i := range 20 {
		e.open("/navdelay.html")
		r, err := e.click(events.ClickElementEvent{TabID: e.tab.ID, Ref: e.ref("button", "Soon")})
		require.NoError(t, err, "run %d", i)
		require.True(t, r.Navigated, "run %d: a setTimeout(0) navigation is reported", i)
		require.Contains(t, r.URL, "/target.html?soon=", "run %d", i)
	}
}

// TestClickReportsChainedSetTimeoutNavigation: a handler's setTimeout(0)
// that queues another, which navigates, is the click's too; by ref (the
// settle sent along with the input) and by coordinates (the settle sent
// after the input's replies).
func TestClickReportsChainedSetTimeoutNavigation(t *testing.T) {
	e := newEnv(t, "")
	for i := range 10 {
		e.open("/navdelay.html")
		ref := e.ref("button", "Twice")
		var r events.ActionResult
		var err error
		if i%2 == 0 {
			r, err = e.click(events.ClickElementEvent{TabID: e.tab.ID, Ref: ref})
		} else {
			var at []float64
			e.eval(`(() => { const r = document.getElementById('twice').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()`, &at)
			r, err = do(e, events.ClickCoordinateEvent{TabID: e.tab.ID, X: at[0], Y: at[1]})
		}
		require.NoError(t, err, "run %d", i)
		require.True(t, r.Navigated, "run %d: a navigation two zero-delay timers after the click is reported", i)
		require.Contains(t, r.URL, "/target.html?twice=", "run %d", i)
	}
}

// TestKeyPressReportsSetTimeoutNavigation is the same for a key press.
func TestKeyPressReportsSetTimeoutNavigation(t *testing.T) {
	e := newEnv(t, "")
	for i := range 5 {
		e.open("/navdelay.html")
		field := e.ref("textbox", "Field")
		_, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: field, Text: "x"})
		require.NoError(t, err)
		r, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Enter"})
		require.NoError(t, err, "run %d", i)
		require.True(t, r.Navigated, "run %d: a setTimeout(0) navigation after a key press is reported", i)
		require.Contains(t, r.URL, "/target.html?key=", "run %d", i)
	}
}

// TestTypeReportsSetTimeoutNavigation is the same for typing by ref: an
// input handler that navigates in setTimeout(0) makes the typing report
// navigated and the new URL, every time.
func TestTypeReportsSetTimeoutNavigation(t *testing.T) {
	e := newEnv(t, "")
	for i := range 5 {
		e.open("/navdelay.html")
		r, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Typed"), Text: "go"})
		require.NoError(t, err, "run %d", i)
		require.True(t, r.Navigated, "run %d: a setTimeout(0) navigation after the text is reported", i)
		require.Contains(t, r.URL, "/target.html?typed=go", "run %d", i)
	}
}

// TestTypeReportsValueAfterHandlers: the value typing reports is the one
// the page's input handlers left, a zero-delay timer later; a field whose
// handler cancels the edit fails with not_applied and its unchanged value,
// without waiting for an input event that never comes.
func TestTypeReportsValueAfterHandlers(t *testing.T) {
	e := newEnv(t, "/navdelay.html")
	r, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Upper"), Text: "abc"})
	require.NoError(t, err)
	require.Equal(t, new("ABC"), r.Details.Value)
	_, err = do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Refuses"), Text: "abc"})
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new(""), actions.Describe(err).Details.Shown)
	require.Equal(t, "", e.evalString("refuses.value"))
}

// TestTypeReportsDialogOnFocus: a field whose focus handler opens an alert
// makes the typing return the dialog, not hang on it, and types nothing.
func TestTypeReportsDialogOnFocus(t *testing.T) {
	e := newEnv(t, "/navdelay.html")
	r, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Alerts"), Text: "x"})
	require.NoError(t, err)
	require.NotNil(t, r.Dialog, "the alert is reported")
	require.Equal(t, "focused", r.Dialog.Message)
	require.NoError(t, e.tab.Client.Page.HandleJavaScriptDialog(e.ctx(), page.NewHandleJavaScriptDialogArgs(true)))
	require.Equal(t, "", e.evalString("alerts.value"), "nothing was typed behind the dialog")
}

// TestLateNavigationIsReportedByTheNextState: a navigation that starts
// after the settle window is not the click's, and the next command's
// state reports it.
func TestLateNavigationIsReportedByTheNextState(t *testing.T) {
	e := newEnv(t, "/navdelay.html")
	r, err := e.click(events.ClickElementEvent{TabID: e.tab.ID, Ref: e.ref("button", "Later")})
	require.NoError(t, err)
	if r.Navigated {
		// Only on a machine so slow that 400 ms passed within the click.
		require.Contains(t, r.URL, "/target.html?later=")
		return
	}
	e.poll("the late navigation in the state", func() bool {
		st, err := actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID})
		require.NoError(t, err)
		u := st.URL
		return strings.Contains(u, "/target.html?later=")
	})
}

// TestNavSettleWidensTheWindow: with Config.NavSettle longer than the
// page's timer, the navigation the "Later" button starts (after 400 ms)
// is the click's.
func TestNavSettleWidensTheWindow(t *testing.T) {
	srv := site(t)
	chrome, err := chromebin.Find()
	require.NoError(t, err)
	w, err := defaultaction.New(defaultaction.Params{Config: &defaultaction.Config{NavSettle: 1500 * time.Millisecond}})
	require.NoError(t, err)
	m, err := watchdogs.NewManager(watchdogs.ManagerParams{Watchdogs: []watchdogs.Watchdog{w}})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	s, err := session.Start(ctx, session.Config{TaskID: "navsettle-test", Launch: session.LaunchConfig{Path: chrome}, Extensions: []session.Extension{m}})
	require.NoError(t, err)
	defer s.Close()
	_, err = actions.Navigate(ctx, s, srv.MainURL("/navdelay.html"), actions.NavigateOptions{})
	require.NoError(t, err)
	snap, err := actions.Snapshot(ctx, s, events.SnapshotOptions{})
	require.NoError(t, err)
	var later events.Ref
	for r, info := range snap.Refs {
		if info.Role == "button" && info.Name == "Later" {
			later = r
		}
	}
	require.NotEmpty(t, later, "no Later button in:\n%s", snap.Text)
	r, err := actions.Click(ctx, s, later)
	require.NoError(t, err)
	require.True(t, r.Navigated, "a navigation within NavSettle is the click's")
	require.Contains(t, r.URL, "/target.html?later=")
}
