package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Fill by locator sets every kind of field as a user would, the element
// deciding how, and reads each back.
func TestFillEveryKind(t *testing.T) {
	e := newEnv(t, "/inputs.html")
	fill := func(ref events.Ref, v string) events.ActionResult { t.Helper(); return e.mustFill(t, ref, v) }
	r := fill("label=Color", "Green")
	require.Equal(t, []events.OptionInfo{{Value: "g", Label: "Green"}}, r.Details.Selected)
	require.Equal(t, "g", e.evalString("sel.value"))
	fill("label=Color", "b")
	require.Equal(t, "b", e.evalString("sel.value"))

	r = fill("label=Subscribe", "true")
	require.Equal(t, new(true), r.Details.Checked)
	fill("label=Subscribe", "false")
	require.Equal(t, "false", e.evalString("String(sub.checked)"))

	fill("label=Medium", "true")
	require.Equal(t, "true", e.evalString("String(document.getElementById('size-m').checked)"))
	fill(`role=group[name="Size"]`, "Small")
	require.Equal(t, "true", e.evalString("String(document.getElementById('size-s').checked)"))

	r = fill(`role=switch[name="Dark mode"]`, "on")
	require.Equal(t, new(true), r.Details.Checked)
	require.Equal(t, "on", e.evalString("dark.textContent"))

	r = fill(`role=combobox[name="Fruit"]`, "Pear")
	require.Equal(t, "Pear", e.evalString("menu.textContent"))
	require.Equal(t, new("Pear"), r.Details.Value)

	fill("label=Delivery date", "25 Dec 2026")
	require.Equal(t, "2026-12-25", e.evalString("date.value"))
	fill("label=Nickname", "Ann")
	fill("label=Nickname", "Bo")
	require.Equal(t, "Bo", e.evalString("nick.value"), "fill replaces what was there")
	fill("label=Volume", "40")
	require.Equal(t, "40", e.evalString("range.value"))

	// What the page puts back is not_applied, naming what it shows.
	_, err := actions.Fill(e.ctx(), e.s, "label=Stuck", "Two")
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new("One"), actions.Describe(err).Details.Shown)
	_, err = actions.Fill(e.ctx(), e.s, "label=Locked", "true")
	requireCode(t, err, events.CodeNotApplied)
	_, err = actions.Fill(e.ctx(), e.s, "label=Subscribe", "maybe")
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = actions.Fill(e.ctx(), e.s, `role=combobox[name="Fruit"]`, "Kiwi")
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "Apple")
}

// A search field over a list of options (a combobox one types into) is
// filled as a user fills it: the text typed, then the option of that name
// clicked once the list offers it, so that the widget holds the choice. A
// field whose suggestions name nothing typed keeps the text.
func TestFillTypedCombobox(t *testing.T) {
	e := newEnv(t, "/fillpick.html")
	r, err := actions.Fill(e.ctx(), e.s, `role=combobox[name="City"]`, "Bern")
	require.NoError(t, err)
	require.Equal(t, "Bern", e.evalString("picked"), "the option was clicked, not only the text typed")
	require.Equal(t, "", e.evalString("city.value"))
	require.NotNil(t, r.Details.Value)

	_, err = actions.Fill(e.ctx(), e.s, `role=combobox[name="Note"]`, "Buy milk")
	require.NoError(t, err)
	require.Equal(t, "Buy milk", e.evalString("note.value"))
}

// A search field drawn as a select box, which empties itself once the
// choice is made and shows the choice in its box beside the wrapper the
// field sits in (not in the field's parent), is filled without a
// not_applied: the box drawn around the field shows the choice.
func TestFillTypedComboboxChoiceInItsBox(t *testing.T) {
	e := newEnv(t, "/fillpick.html")
	_, err := actions.Fill(e.ctx(), e.s, `role=combobox[name="Country"]`, "Japan")
	require.NoError(t, err)
	require.Equal(t, "Japan", e.evalString("country_picked"), "the option was clicked, not only the text typed")
	require.Equal(t, "", e.evalString("country.value"))
}

// select on a combobox the page draws itself (an element of role
// combobox, one typed into or not, or a button that opens a listbox) picks
// the option of that name as fill does, as a user picks it; several values
// on it stay invalid.
func TestSelectCustomCombobox(t *testing.T) {
	e := newEnv(t, "/fillpick.html")
	_, err := actions.Select(e.ctx(), e.s, `role=combobox[name="Country"]`, "Japan")
	require.NoError(t, err)
	require.Equal(t, "Japan", e.evalString("country_picked"))
	_, err = actions.Select(e.ctx(), e.s, `role=combobox[name="Country"]`, "Japan", "Jordan")
	requireCode(t, err, events.CodeInvalidArgument)

	// A button that opens a listbox, by fill and by select.
	_, err = actions.Fill(e.ctx(), e.s, `role=button[name="Assignee Wade Cooper"]`, "Tom Cook")
	require.NoError(t, err)
	require.Equal(t, "Tom Cook", e.evalString("assignee_picked"))
	_, err = actions.Select(e.ctx(), e.s, `role=button[name="Assignee Tom Cook"]`, "Tanya Fox")
	require.NoError(t, err)
	require.Equal(t, "Tanya Fox", e.evalString("assignee_picked"))

	e = newEnv(t, "/inputs.html")
	_, err = actions.Select(e.ctx(), e.s, `role=combobox[name="Fruit"]`, "Pear")
	require.NoError(t, err)
	require.Equal(t, "Pear", e.evalString("menu.textContent"))
}

// A mask that always shows its template is cleared down to the template
// and filled in by what is typed; a field whose script keeps its text in
// front of what is typed is not_applied.
func TestFillMaskTemplate(t *testing.T) {
	e := newEnv(t, "/fillpick.html")
	r, err := actions.Fill(e.ctx(), e.s, "label=Phone", "(555) 987-6543")
	require.NoError(t, err)
	require.Equal(t, "+1 (555) 987-6543", e.evalString("phone.value"))
	require.Equal(t, new("+1 (555) 987-6543"), r.Details.Value)
	_, err = actions.Fill(e.ctx(), e.s, "label=Phone", "(555) 123-4567")
	require.NoError(t, err, "a filled-in template is cleared again")
	require.Equal(t, "+1 (555) 123-4567", e.evalString("phone.value"))

	_, err = actions.Fill(e.ctx(), e.s, "label=Stuck", "Two")
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, "abcTwo", e.evalString("stuck.value"))
}

// mustFill fills ref with v through actions.Fill and fails the test on an
// error.
func (e *env) mustFill(t *testing.T, ref events.Ref, v string) events.ActionResult {
	t.Helper()
	r, err := actions.Fill(e.ctx(), e.s, ref, v)
	require.NoError(t, err, "fill %s with %q", ref, v)
	return r
}

// A searchable select whose options for assistive technology have no box
// (role option, beside a list drawn for the eye without roles) is filled
// by a click on the drawn item of that name, and the choice it then shows
// is checked.
func TestFillDrawnOption(t *testing.T) {
	e := newEnv(t, "/drawnlist.html")
	r, err := actions.Fill(e.ctx(), e.s, `role=combobox[name="City"]`, "Lisbon")
	require.NoError(t, err)
	require.Equal(t, "Lisbon", e.evalString("picked"), "the drawn item was clicked, not only the text typed")
	require.Equal(t, "Lisbon", e.evalString("chosen.textContent"))
	require.NotNil(t, r.Details.Value)
}

// The same searchable select drawn by a component in its shadow root:
// the drawn item is found through the shadow root, whether the options
// for assistive technology are the component's own (and its field names
// no list) or its host's, shown through a slot in the list the field
// controls.
func TestFillDrawnOptionInShadowRoot(t *testing.T) {
	e := newEnv(t, "/shadowpick.html")
	for _, field := range []string{"Airport", "Port"} {
		_, err := actions.Fill(e.ctx(), e.s, events.Ref(`role=combobox[name="`+field+`"]`), "Lisbon")
		require.NoError(t, err, field)
		require.Equal(t, "Lisbon", e.evalString("picked['"+field+"'] || ''"), "%s: the drawn item was clicked, not only the text typed", field)
	}
}

// A range input clipped to nothing inside its slider's thumb, left in the
// tab order, is the thumb's own input: fill sets it and the page moves the
// thumb. Taken out of the tab order, it is refused as any concealed
// control is.
func TestFillThumbInput(t *testing.T) {
	e := newEnv(t, "/drawnlist.html")
	e.mustFill(t, "label=Effort", "8")
	require.Equal(t, "8", e.evalString("effort.value"))
	require.Equal(t, "80%", e.evalString("thumb.style.left"))

	_, err := actions.Fill(e.ctx(), e.s, "label=Size", "8")
	requireCode(t, err, events.CodeElementCovered)
	require.Equal(t, "3", e.evalString("size.value"))
}

// A range input in a visually hidden wrapper inside its slider's thumb
// (a box of 1 px that hides its overflow), left in the tab order, is the
// thumb's own input too, though its middle lies beyond the thumb: fill
// sets it and the page moves the thumb.
func TestFillThumbInputInVisuallyHiddenWrapper(t *testing.T) {
	e := newEnv(t, "/drawnlist.html")
	e.mustFill(t, "label=Load", "7")
	require.Equal(t, "7", e.evalString("load.value"))
	require.Equal(t, "70%", e.evalString("thumb3.style.left"))
}

// A fill of a combobox one types into picks nothing when its list offers
// no option of that name; the text typed is its value only when the page
// keeps it once the field is left. A searchable select that puts its
// choice back is not_applied, naming what it shows and the options it
// offered, as is one whose options no script reaches (a closed shadow
// root); a tags field that makes an item of new text and a search field
// with suggestions keep it, the search field with focus for an Enter.
func TestFillComboboxPicksNothing(t *testing.T) {
	e := newEnv(t, "/searchselect.html")
	_, err := actions.Fill(e.ctx(), e.s, `role=combobox[name="Country"]`, "Port")
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "Portugal", "the options offered are named")
	require.Equal(t, new(""), actions.Describe(err).Details.Shown)

	e.mustFill(t, `role=combobox[name="Country"]`, "Portugal")
	require.Equal(t, "Portugal", e.evalString("chosen"))
	_, err = actions.Fill(e.ctx(), e.s, `role=combobox[name="Country"]`, "Atlantis")
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new("Portugal"), actions.Describe(err).Details.Shown, "the choice the page put back")
	_, err = actions.Fill(e.ctx(), e.s, `role=combobox[name="Country"]`, "Port")
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new("Portugal"), actions.Describe(err).Details.Shown, "a choice that contains the text is not the text")

	_, err = actions.Fill(e.ctx(), e.s, `role=combobox[name="Airport"]`, "Lisbon")
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, "", e.evalString("airport"))

	r := e.mustFill(t, `role=combobox[name="Tags"]`, "urgent")
	require.Equal(t, "urgent", e.evalString("tagNames.join()"))
	require.NotNil(t, r.Details.Value)

	r = e.mustFill(t, `role=combobox[name="Search"]`, "running shoes")
	require.Equal(t, new("running shoes"), r.Details.Value)
	require.Equal(t, "search", e.evalString("document.activeElement.id"), "the field has focus again")
	e.press("Enter")
	require.Equal(t, "running shoes", e.evalString("searched.textContent"))

	// A field whose popup is a dialog (a calendar) takes the text it is
	// given as its value, as a date field does: it is not left to be
	// judged (leaving one field of a range before the other is filled
	// puts back what the range held).
	e.mustFill(t, `role=combobox[name="Leave from"]`, "2027-02-01")
	e.mustFill(t, `role=combobox[name="Leave until"]`, "2027-02-05")
	e.press("Tab")
	require.Equal(t, "2027-02-01,2027-02-05", e.evalString("range.join()"))
}
