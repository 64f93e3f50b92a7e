package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Fill sets an ARIA slider or spinbutton that is not an input with the
// keys a user presses, each widget's own handlers moving it, and reads
// back what it shows: both thumbs of a range, a slider in steps of 5 shown
// as dollars, a spin button, a slider that names its values in words.
func TestFillSlider(t *testing.T) {
	e := newEnv(t, "/sliders.html")
	fill := func(ref events.Ref, v string) events.ActionResult {
		t.Helper()
		r := e.mustFill(t, ref, v)
		require.Equal(t, "keys", r.Details.Editor)
		return r
	}
	now := func(id string) string {
		t.Helper()
		return e.evalString("document.getElementById('" + id + "').getAttribute('aria-valuenow')")
	}

	r := fill(`role=slider[name="Minimum price"]`, "25")
	require.Equal(t, "25", now("lo"))
	require.Equal(t, new("$25"), r.Details.Value)
	require.NotNil(t, r.Details.Changed)
	require.True(t, *r.Details.Changed)
	fill("label=Maximum price", "$70")
	require.Equal(t, "70", now("hi"))
	require.Equal(t, "25", now("lo"), "the other thumb stays")
	// The maximum thumb bounds the minimum one: past it is out of range,
	// said before any key.
	_, err := actions.Fill(e.ctx(), e.s, `role=slider[name="Minimum price"]`, "80")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "from 0 to 70")
	require.Equal(t, "25", now("lo"))
	// The ends: End and Home.
	fill(`role=slider[name="Maximum price"]`, "100")
	require.Equal(t, "100", now("hi"))
	fill(`role=slider[name="Minimum price"]`, "0")
	require.Equal(t, "0", now("lo"))
	// Page Up covers the distance in tens, the arrows the rest.
	e.eval("keysSeen = 0", nil)
	fill(`role=slider[name="Minimum price"]`, "63")
	require.Equal(t, "63", now("lo"))
	var keys int
	e.eval("keysSeen", &keys)
	require.Less(t, keys, 15, "keys pressed for 0 to 63")
	require.Equal(t, "0", e.evalString("String(pointerPresses)"), "no press moved a thumb")
	// Not a number, and no words to match.
	_, err = actions.Fill(e.ctx(), e.s, `role=slider[name="Minimum price"]`, "cheap")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "takes a number from 0 to 100")
	require.Contains(t, err.Error(), `"$63"`)

	// Steps of 5, shown as "$35.00", with no Page Up or Page Down; a
	// value between two steps takes the nearer.
	r = fill("label=Budget", "35.00")
	require.Equal(t, "35", now("budget"))
	require.Equal(t, new("$35.00"), r.Details.Value)
	fill("label=Budget", "$90")
	require.Equal(t, "90", now("budget"))
	r = fill("label=Budget", "12")
	require.Equal(t, "10", now("budget"))
	require.Equal(t, new("$10.00"), r.Details.Value)

	// A spin button: Up and Down.
	r = fill(`role=spinbutton[name="Quantity"]`, "7")
	require.Equal(t, "7", now("qty"))
	require.Equal(t, new("7"), r.Details.Value)
	fill(`role=spinbutton[name="Quantity"]`, "3")
	require.Equal(t, "3", now("qty"))

	// Words, shown a frame after the key.
	r = fill(`role=slider[name="Size"]`, "Extra large")
	require.Equal(t, "3", now("size"))
	require.Equal(t, new("Extra large"), r.Details.Value)
	fill(`role=slider[name="Size"]`, "small")
	require.Equal(t, "0", now("size"))
	_, err = actions.Fill(e.ctx(), e.s, `role=slider[name="Size"]`, "Huge")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "Small, Medium, Large, Extra large")
	require.Equal(t, "0", now("size"), "a value it does not show leaves it where it was")
}

// A slider the page moves only with the pointer fails with not_applied,
// naming what it shows; a disabled one is refused before any key.
func TestFillSliderRefused(t *testing.T) {
	e := newEnv(t, "/sliders.html")
	_, err := actions.Fill(e.ctx(), e.s, `role=slider[name="Volume"]`, "30")
	requireCode(t, err, events.CodeNotApplied)
	d := actions.Describe(err).Details
	require.Equal(t, new("30"), d.Wanted)
	require.Equal(t, new("50"), d.Shown)
	require.Contains(t, err.Error(), "no key moved it")
	require.NotEqual(t, "0", e.evalString("String(keysSeen)"), "the keys reached the slider")

	_, err = actions.Fill(e.ctx(), e.s, `role=slider[name="Size"]`, "")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), `or the words of one of its values, not ""; it shows "Medium" now`)

	_, err = actions.Fill(e.ctx(), e.s, `role=slider[name="Locked level"]`, "5")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "disabled")
	require.Equal(t, "3", e.evalString("document.getElementById('locked').getAttribute('aria-valuenow')"))
}

// Fill moves a handle between resizable panes (a focusable separator with
// a value) as it moves a slider, by the keys its handlers take; a
// separator one cannot focus is no field.
func TestFillSeparatorHandle(t *testing.T) {
	e := newEnv(t, "/splitpanes.html")
	snap, err := actions.Snapshot(actions.WithTab(e.ctx(), e.tab.ID), e.s, events.SnapshotOptions{})
	require.NoError(t, err)
	require.Contains(t, snap.Text, `separator "Resize the files pane"`)
	require.Regexp(t, `separator "Resize the files pane" \[ref=e\d+\] value="50"`, snap.Text, "the snapshot shows where the handle is")
	r := e.mustFill(t, `role=separator[name="Resize the files pane"]`, "30")
	require.Equal(t, "keys", r.Details.Editor)
	require.Equal(t, "30", e.evalString("document.getElementById('handle').getAttribute('aria-valuenow')"))
	require.Equal(t, "30%", e.evalString("document.getElementById('left').style.flexBasis"))
	_, err = actions.Fill(e.ctx(), e.s, `role=separator[name="Rule"]`, "30")
	requireCode(t, err, events.CodeInvalidArgument)
}
