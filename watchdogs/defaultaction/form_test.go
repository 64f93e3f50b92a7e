package defaultaction_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func (e *env) typeText(ev events.TypeTextEvent) (events.ActionResult, error) {
	ev.TabID = e.tab.ID
	return do(e, ev)
}

func TestTypePlainInput(t *testing.T) {
	e := newEnv(t, "/form.html")
	r, err := e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Plain"), Text: "hello world"})
	require.NoError(t, err)
	require.Equal(t, new("hello world"), r.Details.Value)
	require.Equal(t, "hello world", e.evalString("document.getElementById('plain').value"))
	var n int
	e.eval("window.inputEvents", &n)
	require.Positive(t, n, "frameworks see input events")

	// Without --clear the text is added.
	_, err = e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Plain"), Text: "!"})
	require.NoError(t, err)
	require.Equal(t, "hello world!", e.evalString("document.getElementById('plain').value"))
}

func TestTypeClearReplaces(t *testing.T) {
	e := newEnv(t, "/form.html")
	ref := e.ref("textbox", "Prefilled")
	_, err := e.typeText(events.TypeTextEvent{Ref: ref, Text: "new", Clear: true})
	require.NoError(t, err)
	require.Equal(t, "new", e.evalString("document.getElementById('prefilled').value"))
	// Clearing alone empties it.
	_, err = e.typeText(events.TypeTextEvent{Ref: ref, Clear: true})
	require.NoError(t, err)
	require.Equal(t, "", e.evalString("document.getElementById('prefilled').value"))
}

func TestTypeControlledInputKeepsText(t *testing.T) {
	e := newEnv(t, "/form.html")
	ref := e.ref("textbox", "Controlled")
	_, err := e.typeText(events.TypeTextEvent{Ref: ref, Text: "kept"})
	require.NoError(t, err)
	require.Equal(t, "kept", e.evalString("window.controlledState()"))
	// Let the component render a few times: the text stays.
	e.eval("new Promise(r => setTimeout(r, 60)).then(() => true)", nil)
	require.Equal(t, "kept", e.evalString("document.getElementById('controlled').value"))

	_, err = e.typeText(events.TypeTextEvent{Ref: ref, Text: "fresh", Clear: true})
	require.NoError(t, err)
	e.eval("new Promise(r => setTimeout(r, 60)).then(() => true)", nil)
	require.Equal(t, "fresh", e.evalString("document.getElementById('controlled').value"))
	require.Equal(t, "fresh", e.evalString("window.controlledState()"))
}

func TestTypeContentEditable(t *testing.T) {
	e := newEnv(t, "/form.html")
	ref := e.ref("textbox", "Editor")
	_, err := e.typeText(events.TypeTextEvent{Ref: ref, Text: "rich", Clear: true})
	require.NoError(t, err)
	require.Equal(t, "rich", e.evalString("document.getElementById('editor').innerText.trim()"))
	_, err = e.typeText(events.TypeTextEvent{Ref: ref, Text: " text"})
	require.NoError(t, err)
	require.Equal(t, "rich text", e.evalString("document.getElementById('editor').innerText.trim()"))
}

func TestTypeSubmitSubmitsForm(t *testing.T) {
	e := newEnv(t, "/form.html")
	r, err := e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Query"), Text: "cats", Submit: true})
	require.NoError(t, err)
	require.True(t, r.Navigated, "the submit is reported as a navigation")
	require.Contains(t, r.URL, "/submitted?q=cats")
	e.poll("the result page", func() bool { return strings.Contains(e.evalString("location.href"), "q=cats") })
}

func TestTypeIntoNonEditable(t *testing.T) {
	e := newEnv(t, "/form.html")
	_, err := e.typeText(events.TypeTextEvent{Ref: e.ref("button", "Button"), Text: "x"})
	requireCode(t, err, events.CodeInvalidArgument)
}

func TestTypeIntoOOPIFInput(t *testing.T) {
	e := newEnv(t, "/frames.html")
	var ref events.Ref
	var fid events.FrameID
	e.poll("the OOPIF's input in the snapshot", func() bool {
		st := e.state(events.SnapshotOptions{})
		ref, fid = findRefMaybe(st, "textbox", "Inner input", func(f events.FrameID) bool { return isOOPIF(e, f) })
		return ref != ""
	})
	_, err := e.typeText(events.TypeTextEvent{Ref: ref, Text: "far away"})
	require.NoError(t, err)
	oopif, ok := e.s.TargetByID(events.TargetID(fid))
	require.True(t, ok)
	var v string
	evalOn(t, e.ctx(), oopif, "document.getElementById('inner-input').value", &v)
	require.Equal(t, "far away", v)
}

func (e *env) press(key string) {
	e.t.Helper()
	_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: key})
	require.NoError(e.t, err, "pressing %s", key)
}

func TestPressKeys(t *testing.T) {
	e := newEnv(t, "/form.html")
	_, err := e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Plain"), Text: "abc"})
	require.NoError(t, err)
	e.eval("(window.keys = [], true)", nil)

	e.press("Control+A")
	var sel []int
	e.eval("[document.activeElement.selectionStart, document.activeElement.selectionEnd]", &sel)
	require.Equal(t, []int{0, 3}, sel, "Control+A selects all")

	e.press("Tab")
	require.Equal(t, "prefilled", e.evalString("document.activeElement.id"))
	e.press("Shift+Tab")
	require.Equal(t, "plain", e.evalString("document.activeElement.id"))
	e.press("End")
	e.press("x")
	e.press("Backspace")
	e.press("Shift+y")
	require.Equal(t, "abcY", e.evalString("document.activeElement.value"))
	e.press("Escape")
	e.press("ArrowDown")
	var keys []string
	e.eval("window.keys", &keys)
	require.Equal(t, []string{"Control+Control", "Control+a", "Tab", "Shift", "Shift+Tab", "End", "x", "Backspace", "Shift", "Shift+Y", "Escape", "ArrowDown"}, keys)

	// Enter in a form's input submits it.
	_, err = e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Query"), Text: "dogs"})
	require.NoError(t, err)
	r, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Enter"})
	require.NoError(t, err)
	require.True(t, r.Navigated)
	require.Contains(t, r.URL, "q=dogs")
}

func TestPressBadKey(t *testing.T) {
	e := newEnv(t, "/form.html")
	for _, k := range []string{"", "Nope", "Enter+A", "Control+"} {
		_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: k})
		requireCode(t, err, events.CodeInvalidArgument)
	}
}

func (e *env) scroll(ev events.ScrollEvent) events.ActionResult {
	e.t.Helper()
	ev.TabID = e.tab.ID
	r, err := do(e, ev)
	require.NoError(e.t, err)
	return r
}

func TestScroll(t *testing.T) {
	e := newEnv(t, "/scroll.html")
	r := e.scroll(events.ScrollEvent{DY: 300})
	require.Equal(t, new(300.0), r.Details.Y)
	require.Equal(t, new(true), r.Details.Moved)
	var pos []float64
	e.eval("[scrollX, scrollY]", &pos)
	require.Equal(t, []float64{0, 300}, pos)

	r = e.scroll(events.ScrollEvent{DX: 250})
	require.Equal(t, new(250.0), r.Details.X)
	e.eval("[scrollX, scrollY]", &pos)
	require.Equal(t, []float64{250, 300}, pos)
	r = e.scroll(events.ScrollEvent{DX: -100})
	require.Equal(t, new(150.0), r.Details.X)

	// Back to the top, then a scroll with no delta goes one screen down.
	e.scroll(events.ScrollEvent{DX: -1000, DY: -1000})
	r = e.scroll(events.ScrollEvent{})
	require.NotNil(t, r.Details.Y)
	require.Greater(t, *r.Details.Y, 100.0)

	// Inside an element: the page does not move, the element does.
	e.scroll(events.ScrollEvent{DX: -1000, DY: -1000})
	ref := e.ref("region", "Scroller")
	r = e.scroll(events.ScrollEvent{Ref: ref, DY: 120, DX: 80})
	require.Equal(t, "div#scroller", r.Details.Scrolled)
	require.Equal(t, new(120.0), r.Details.Y)
	require.Equal(t, new(80.0), r.Details.X)
	e.eval("[document.getElementById('scroller').scrollLeft, document.getElementById('scroller').scrollTop, scrollX, scrollY]", &pos)
	require.Equal(t, []float64{80, 120, 0, 0}, pos)

	// A ref of a child scrolls its scrollable ancestor.
	r = e.scroll(events.ScrollEvent{Ref: e.ref("button", "Inside"), DY: 30})
	require.Equal(t, "div#scroller", r.Details.Scrolled)
	require.Equal(t, new(150.0), r.Details.Y)
}

func TestSelectOption(t *testing.T) {
	e := newEnv(t, "/form.html")
	fruit := e.ref("combobox", "Fruit")
	sel := func(ref events.Ref, vals ...string) (events.ActionResult, error) {
		return do(e, events.SelectOptionEvent{TabID: e.tab.ID, Ref: ref, Values: vals})
	}
	_, err := sel(fruit, "c")
	require.NoError(t, err)
	require.Equal(t, "c", e.evalString("document.getElementById('fruit').value"))
	_, err = sel(fruit, "Banana")
	require.NoError(t, err)
	require.Equal(t, "b", e.evalString("document.getElementById('fruit').value"))
	_, err = sel(fruit, "cherry PIE")
	require.NoError(t, err)
	require.Equal(t, "c", e.evalString("document.getElementById('fruit').value"))
	var changes int
	e.eval("window.changes", &changes)
	require.Equal(t, 3, changes)

	_, err = sel(fruit, "a", "b")
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = sel(fruit, "Durian")
	requireCode(t, err, events.CodeInvalidArgument)
	require.NotNil(t, actions.Describe(err).Details.Options)

	r, err := sel(e.ref("listbox", "Colours"), "Red", "bl")
	require.NoError(t, err)
	var got []string
	e.eval("Array.from(document.getElementById('colours').selectedOptions).map(o => o.value)", &got)
	require.Equal(t, []string{"r", "bl"}, got)
	require.Len(t, r.Details.Selected, 2)

	// select on something that is not a <select>.
	_, err = sel(e.ref("button", "Button"), "x")
	requireCode(t, err, events.CodeInvalidArgument)
}

func TestSetChecked(t *testing.T) {
	e := newEnv(t, "/form.html")
	set := func(ref events.Ref, on bool) (events.ActionResult, error) {
		return do(e, events.SetCheckedEvent{TabID: e.tab.ID, Ref: ref, Checked: on})
	}
	agree := e.ref("checkbox", "I agree")
	checked := func() bool {
		var b bool
		e.eval("document.getElementById('agree').checked", &b)
		return b
	}
	for _, want := range []bool{true, true, false, false, true} {
		r, err := set(agree, want)
		require.NoError(t, err)
		require.Equal(t, new(want), r.Details.Checked)
		require.Equal(t, want, checked())
	}
	large := e.ref("radio", "Large")
	_, err := set(large, true)
	require.NoError(t, err)
	require.Equal(t, "l", e.evalString("document.querySelector('input[name=size]:checked').value"))
	_, err = set(large, false)
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = set(e.ref("button", "Button"), true)
	requireCode(t, err, events.CodeInvalidArgument)
}

func TestUploadFile(t *testing.T) {
	e := newEnv(t, "/form.html")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	require.NoError(t, os.WriteFile(a, []byte("alpha"), 0o600))
	require.NoError(t, os.WriteFile(b, []byte("beta"), 0o600))
	up := func(ref events.Ref, files ...string) (events.ActionResult, error) {
		return do(e, events.UploadFileEvent{TabID: e.tab.ID, Ref: ref, Files: files})
	}
	files := e.ref("button", "Files")
	r, err := up(files, a, b)
	require.NoError(t, err)
	require.Equal(t, []string{a, b}, r.Details.Files)
	var names []string
	e.eval("window.fileNames", &names)
	require.Equal(t, []string{"a.txt", "b.txt"}, names)

	_, err = up(files, filepath.Join(dir, "missing.txt"))
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "missing.txt")
	_, err = up(e.ref("button", "One file"), a, b)
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = up(e.ref("textbox", "Plain"), a)
	requireCode(t, err, events.CodeInvalidArgument)
}

// TestUploadFileChooseButton uploads through the button a dropzone draws
// beside its hidden file input (the input is neither inside the button nor
// labelled by it): the files go to that input, not to the other
// uploader's; a button with no file input nearer than the others' is
// refused.
func TestUploadFileChooseButton(t *testing.T) {
	e := newEnv(t, "/dropzone.html")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.pdf")
	require.NoError(t, os.WriteFile(a, []byte("alpha"), 0o600))
	require.NoError(t, os.WriteFile(b, []byte("beta"), 0o600))
	up := func(ref events.Ref, files ...string) (events.ActionResult, error) {
		return do(e, events.UploadFileEvent{TabID: e.tab.ID, Ref: ref, Files: files})
	}
	r, err := up(e.ref("button", "Choose file"), a)
	require.NoError(t, err)
	require.Equal(t, []string{a}, r.Details.Files)
	var names []string
	e.eval("window.avatar", &names)
	require.Equal(t, []string{"a.png"}, names)

	_, err = up(e.ref("button", "Browse"), a, b)
	require.NoError(t, err)
	e.eval("window.docs", &names)
	require.Equal(t, []string{"a.png", "b.pdf"}, names)

	_, err = up(e.ref("button", "Choose file"), a, b)
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = up(e.ref("button", "Save"), a)
	requireCode(t, err, events.CodeInvalidArgument)
	require.Contains(t, err.Error(), "opens none")
}
