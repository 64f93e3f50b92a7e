package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// A transparent readonly field under the words its control shows (a
// select drawn by script) is clicked through those words: they are a
// see-through part of the box that holds only the field, and the click
// lands where that box listens. So is a field that lets the pointer
// through to the see-through box around it.
func TestClickFieldUnderItsOwnWords(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#dept"})
	require.NoError(t, err)
	require.Equal(t, []string{"dept opened"}, e.logged())
	_, err = e.click(events.ClickElementEvent{Ref: "css=#size"})
	require.NoError(t, err)
	require.Equal(t, []string{"size opened"}, e.logged())
}

// What lies over a field stays a cover when it paints a background (a
// veil), or when the box around the field holds something else to act on
// (a button of its own).
func TestClickFieldUnderOtherThingsIsCovered(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#team"})
	requireCode(t, err, events.CodeElementCovered)
	_, err = e.click(events.ClickElementEvent{Ref: "css=#city"})
	requireCode(t, err, events.CodeElementCovered)
	require.Empty(t, e.logged())
}

// A checkbox whose native input has no box (the label draws it) is
// clicked through that label: the click toggles it, as a user's click on
// the drawn box does.
func TestClickCheckboxDrawnByItsLabel(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#go"})
	require.NoError(t, err)
	require.Equal(t, []string{"go true"}, e.logged())
	_, err = e.click(events.ClickElementEvent{Ref: "css=#go"})
	require.NoError(t, err)
	require.Equal(t, []string{"go false"}, e.logged())
}

// A switch whose native input lies in a visually hidden wrapper (a box of
// 1 px that hides its overflow) is clicked, and checked, through its
// label: that wrapper is no box the page scrolls itself to show it.
func TestClickSwitchInVisuallyHiddenWrapper(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#pub"})
	require.NoError(t, err)
	require.Equal(t, []string{"pub true"}, e.logged())
	_, err = actions.SetChecked(e.ctx(), e.s, "css=#pub", false)
	require.NoError(t, err)
	require.Equal(t, []string{"pub false"}, e.logged())
}

// Fill on a combobox that takes focus but no text (its keys only move
// through the list) opens the list and picks the option named.
func TestFillComboboxThatTakesNoText(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	r, err := actions.Fill(e.ctx(), e.s, `role=combobox[name="Shipping"]`, "Express")
	require.NoError(t, err)
	require.Equal(t, new("Express"), r.Details.Value)
	require.Equal(t, "Express", e.evalString("ship.value"))
	require.Equal(t, []string{"ship Express"}, e.logged())
}

// Select on a combobox whose list the page draws picks the option named,
// as fill does, and as a user does from what the widget shows.
func TestSelectOnDrawnCombobox(t *testing.T) {
	e := newEnv(t, "/drawnfields.html")
	r, err := actions.Select(e.ctx(), e.s, `role=combobox[name="Shipping"]`, "Overnight")
	require.NoError(t, err)
	require.Equal(t, new("Overnight"), r.Details.Value)
	require.Equal(t, "Overnight", e.evalString("ship.value"))
	require.Equal(t, []string{"ship Overnight"}, e.logged())
}
