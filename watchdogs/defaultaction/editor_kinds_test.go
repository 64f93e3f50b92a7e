package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// typeOK types and requires success.
func (e *env) typeOK(ev events.TypeTextEvent) events.ActionResult {
	e.t.Helper()
	ev.TabID = e.tab.ID
	r, err := do[events.TypeTextEvent, events.ActionResult](e, ev)
	require.NoError(e.t, err, "typing %q into %s", ev.Text, ev.Ref)
	return r
}

// An editor built on EditContext (its focused element is 0 px wide and
// draws nothing; the editor draws the text beside it) takes text by the
// locator of its visible surface and by its own role and name: focused
// through the surface, the text inserted as an IME commit, checked in
// what the editor draws; keys pressed after it reach it too, and a clear
// replaces what it held.
func TestTypeEditContextEditor(t *testing.T) {
	e := newEnv(t, "/editcontext.html")
	r := e.typeOK(events.TypeTextEvent{Ref: "css=#surface", Text: "hello"})
	require.Equal(t, "editcontext", r.Details.Editor)
	require.Equal(t, "hello", e.evalString("view.textContent"))
	_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "!"})
	require.NoError(t, err)
	require.Equal(t, "hello!", e.evalString("view.textContent"))
	// A key by the surface's locator, with focus elsewhere, reaches it.
	e.eval(`document.activeElement.blur()`, nil)
	pr, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "?", Ref: "css=#surface"})
	require.NoError(t, err)
	require.Equal(t, "hello!?", e.evalString("view.textContent"))
	require.Equal(t, new(true), pr.Details.Changed)
	r = e.typeOK(events.TypeTextEvent{Ref: `role=textbox[name="Code"]`, Text: "fresh", Clear: true})
	require.Equal(t, "fresh", e.evalString("view.textContent"))
	require.NotNil(t, r.Details.Value)
	require.Contains(t, *r.Details.Value, "fresh")
}

// A code editor that keeps a hidden textarea focused and draws its text
// as lines takes text by its surface, by the textarea's own locator and
// after a clear; one that listens for keys only gets the text as keys.
func TestTypeHiddenTextareaEditor(t *testing.T) {
	for _, keys := range []bool{false, true} {
		path := "/codeeditor.html"
		if keys {
			path += "?keys=1"
		}
		e := newEnv(t, path)
		r := e.typeOK(events.TypeTextEvent{Ref: "css=#ed", Text: " // one"})
		require.Equal(t, "let x = 1; // one", e.evalString("text"), "keys only: %v", keys)
		require.NotEmpty(t, r.Details.Editor)
		e.typeOK(events.TypeTextEvent{Ref: "label=Source", Text: "\nlet y = 2;"})
		require.Equal(t, "let x = 1; // one\nlet y = 2;", e.evalString("text"), "keys only: %v", keys)
		r = e.typeOK(events.TypeTextEvent{Ref: "css=#ed", Text: "fresh", Clear: true})
		require.Equal(t, "fresh", e.evalString("text"), "keys only: %v", keys)
		require.Equal(t, new("fresh"), r.Details.Value)
	}
}

// A rich-text editor's surface (its toolbar and its editable host) takes
// text into the host.
func TestTypeContentEditableBySurface(t *testing.T) {
	e := newEnv(t, "/richtext.html")
	r := e.typeOK(events.TypeTextEvent{Ref: "css=#wrap", Text: "surface text"})
	require.Equal(t, "contenteditable", r.Details.Editor)
	require.Equal(t, "surface text", e.evalString("ed.innerText.trim()"))
	// A design-mode document in a frame, by its <iframe>.
	e.open("/editors.html")
	e.poll("the design-mode frame", func() bool {
		return e.evalString("String(dm.contentDocument && dm.contentDocument.designMode)") == "on"
	})
	e.typeOK(events.TypeTextEvent{Ref: "css=#dm", Text: "Designed", Clear: true})
	require.Equal(t, "Designed", e.evalString("dm.contentDocument.body.innerText.trim()"))
}

// A field whose handler rejects or cuts what is typed fails with
// not_applied, naming what the page shows; one whose mask rewrites it in
// its own form does not.
func TestTypeNotApplied(t *testing.T) {
	e := newEnv(t, "/inputs.html")
	_, err := do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "label=Resets", Text: "abc"})
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new(""), actions.Describe(err).Details.Shown)
	_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "label=Code", Text: "abcdef", Clear: true})
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new("abc"), actions.Describe(err).Details.Shown)
	r := e.typeOK(events.TypeTextEvent{Ref: "label=Phone", Text: "5551234567"})
	require.Equal(t, new("(555) 123-4567"), r.Details.Value)
	// Text typed into whatever has focus when nothing that takes text has
	// it changes nothing, and says so.
	e.eval(`document.activeElement.blur()`, nil)
	_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Text: "lost"})
	requireCode(t, err, events.CodeNotApplied)
}

// Inputs whose value a user picks take it in their own form or a common
// one, converted, with the input and change events a user's pick fires.
func TestTypeEveryInputType(t *testing.T) {
	e := newEnv(t, "/inputs.html")
	for _, c := range []struct{ label, text, id, want string }{
		{"Delivery date", "2026-12-25", "date", "2026-12-25"},
		{"Delivery date", "12/24/2026", "date", "2026-12-24"},
		{"Delivery date", "23 Dec 2026", "date", "2026-12-23"},
		{"Delivery date", "22.12.2026", "date", "2026-12-22"},
		{"Start time", "2:30 PM", "time", "14:30"},
		{"Start time", "09:15", "time", "09:15"},
		{"Meeting", "2026-12-25 14:30", "dtl", "2026-12-25T14:30"},
		{"Meeting", "12/26/2026 9:00 AM", "dtl", "2026-12-26T09:00"},
		{"Billing month", "Dec 2026", "month", "2026-12"},
		{"Billing month", "2027-01", "month", "2027-01"},
		{"Sprint week", "2026-W52", "week", "2026-W52"},
		{"Sprint week", "2026-03-04", "week", "2026-W10"},
		{"Favourite colour", "#00ff00", "color", "#00ff00"},
		{"Favourite colour", "red", "color", "#ff0000"},
		{"Volume", "35", "range", "35"},
		{"Quantity", "42", "qty", "42"},
		{"Nickname", "Bo", "nick", "Bo"},
	} {
		before := e.evalString("JSON.stringify(seen." + c.id + ")")
		r := e.typeOK(events.TypeTextEvent{Ref: events.Ref("label=" + c.label), Text: c.text, Clear: true})
		require.Equal(t, c.want, e.evalString(c.id+".value"), "%s %q", c.label, c.text)
		require.Equal(t, new(c.want), r.Details.Value, "%s %q", c.label, c.text)
		var n struct{ Input, Change int }
		e.eval("seen."+c.id, &n)
		require.Positive(t, n.Input, "%s: input fired (before %s)", c.label, before)
		if c.id != "qty" && c.id != "nick" {
			require.Positive(t, n.Change, "%s: change fired", c.label)
		}
	}
	// A value the input cannot hold (a range clamps it) is not_applied.
	_, err := do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "label=Volume", Text: "250"})
	requireCode(t, err, events.CodeNotApplied)
	require.Equal(t, new("100"), actions.Describe(err).Details.Shown)
	_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "label=Delivery date", Text: "someday"})
	requireCode(t, err, events.CodeInvalidArgument)
}

// A grid cell, which takes no text itself, is clicked as a user clicks
// it; the grid focuses a textarea of its own elsewhere and opens an editor
// over the cell at the first key: typing into the cell's locator gets the
// text there (as keys, since the grid listens for keys), and Enter by the
// cell writes it.
func TestTypeIntoGridCell(t *testing.T) {
	e := newEnv(t, "/grid.html")
	r := e.typeOK(events.TypeTextEvent{Ref: "css=#b2", Text: "42"})
	require.Equal(t, "keys", r.Details.Editor)
	require.Equal(t, "42", e.evalString("document.querySelector('.editor').value"))
	_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Enter"})
	require.NoError(t, err)
	require.Equal(t, "42", e.evalString("b2.textContent"))
}
