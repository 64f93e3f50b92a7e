package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// A click on an option of a drop-down <select> picks it, as a user's pick
// from the popup does; a disabled one is refused with the way forward.
func TestClickOptionPicksIt(t *testing.T) {
	e := newEnv(t, "/concealed.html")
	r, err := e.click(events.ClickElementEvent{Ref: e.ref("option", "Green")})
	require.NoError(t, err)
	require.Equal(t, []events.OptionInfo{{Value: "Green", Label: "Green"}}, r.Details.Selected)
	require.Equal(t, "plain Green", e.evalString("out.textContent"))

	_, err = e.click(events.ClickElementEvent{Ref: e.ref("option", "Blue")})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "disabled")
}

// Controls a user cannot see (a <select> at opacity 0 under a widget of
// the page's own, a field clipped to a pixel, one off the page) are not
// set through script with a success the page contradicts: the error
// names what the page shows in their place.
func TestConcealedControlsAreRefused(t *testing.T) {
	e := newEnv(t, "/concealed.html")
	st := e.state(events.SnapshotOptions{})
	var widget events.Ref
	for r, info := range st.Tree.Refs {
		if info.Role == "combobox" && info.Name == "City picker" {
			widget = r
		}
	}
	require.NotEmpty(t, widget, st.Tree.Text)
	// The select the widget is drawn over has no line of its own (the
	// snapshot shows the control once); a locator still reaches it.
	require.NotContains(t, st.Tree.Text, `combobox "City"`+" [ref=")

	_, err := do[events.SelectOptionEvent, events.ActionResult](e, events.SelectOptionEvent{TabID: e.tab.ID, Ref: `role=combobox[name="City"]`, Values: []string{"Berlin"}})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), "transparent")
	require.Equal(t, string(widget)+` combobox "City picker"`, actions.Describe(err).Details.Covering)
	require.Equal(t, "Pick a city", e.evalString("city.value"), "nothing was selected")

	_, err = e.click(events.ClickElementEvent{Ref: `css=#city > option:last-child`})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), string(widget))

	for _, name := range []string{"Tiny", "Far"} {
		_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", name), Text: "x"})
		requireCode(t, err, events.CodeElementCovered)
	}
	require.Equal(t, "", e.evalString("tiny.value + far.value"))

	// A transparent <select> laid over the label that shows its value,
	// which a click at its middle reaches, is the control a user works.
	_, err = do[events.SelectOptionEvent, events.ActionResult](e, events.SelectOptionEvent{TabID: e.tab.ID, Ref: e.ref("combobox", "Month"), Values: []string{"June"}})
	require.NoError(t, err)
	require.Equal(t, "June", e.evalString("month.value"))

	// A checkbox hidden behind its label is checked as a user does it,
	// through the label.
	_, err = do[events.SetCheckedEvent, events.ActionResult](e, events.SetCheckedEvent{TabID: e.tab.ID, Ref: e.ref("checkbox", "Agree"), Checked: true})
	require.NoError(t, err)
	require.Equal(t, "true", e.evalString("String(agree.checked)"))

	// One with no label drawn is refused: the page shows its own switch.
	_, err = do[events.SetCheckedEvent, events.ActionResult](e, events.SetCheckedEvent{TabID: e.tab.ID, Ref: e.ref("checkbox", "Notify"), Checked: true})
	requireCode(t, err, events.CodeElementCovered)
	require.Equal(t, "false", e.evalString("String(notify.checked)"))
}

// A control drawn in full but under another control of the page (a
// custom widget stacked over its native one) is not set through script
// either; what a click there would still bring to it (its own label, an
// overlay that is no control) does not count as covering it.
func TestCoveredControlsAreRefused(t *testing.T) {
	e := newEnv(t, "/concealed.html")
	_, err := do[events.SelectOptionEvent, events.ActionResult](e, events.SelectOptionEvent{TabID: e.tab.ID, Ref: e.ref("combobox", "Size"), Values: []string{"M"}})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), "covered by another control")
	require.Contains(t, actions.Describe(err).Details.Covering, `combobox "Size picker"`)
	require.Equal(t, "S", e.evalString("size.value"))

	_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Under"), Text: "x"})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, actions.Describe(err).Details.Covering, `textbox "Over field"`)
	require.Equal(t, "", e.evalString("under.value"))

	for _, name := range []string{"Floated", "Glass"} {
		_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", name), Text: "ok"})
		require.NoError(t, err, name)
	}
	require.Equal(t, "ok ok", e.evalString("floated.value + ' ' + glass.value"))
}
