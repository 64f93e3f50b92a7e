package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// A click on an editor's text input that shows nothing of itself reaches
// the surface the editor draws its text on, as a user's click does, and
// succeeds only once the editor has focus: an EditContext's 0-px focus
// target (beside a read-only textarea of the editor's own), a transparent
// textarea under its editor's own scroller (focused a moment after the
// press), and a textarea in a 0-px wrapper that hides its overflow. Keys
// and text sent after the click reach the editor.
func TestClickHiddenEditorInput(t *testing.T) {
	e := newEnv(t, "/hiddeninputs.html")
	for _, c := range []struct {
		target, surface, text, model string
	}{
		{"css=#ec-caret", "ec-surface", "first line!", "ec.text"},
		{"css=#sc-input", "sc-editor", "SELECT 1!", "sc.text"},
		{"css=#cl-input", "cl-editor", "body {}!", "cl.text"},
	} {
		e.eval(`document.activeElement.blur(), 0`, nil)
		r, err := e.click(events.ClickElementEvent{Ref: events.Ref(c.target)})
		require.NoError(t, err, c.target)
		require.NotNil(t, r.Details.X, c.target)
		var box struct{ Left, Top, Right, Bottom float64 }
		e.eval(`(() => { const r = document.getElementById('`+c.surface+`').getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })()`, &box)
		require.True(t, *r.Details.X >= box.Left && *r.Details.X <= box.Right && *r.Details.Y >= box.Top && *r.Details.Y <= box.Bottom,
			"%s: clicked (%v, %v), inside the surface %+v", c.target, *r.Details.X, *r.Details.Y, box)
		require.Equal(t, c.target[len("css=#"):], e.evalString("document.activeElement.id"), c.target)
		_, err = do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Control+End"})
		require.NoError(t, err)
		e.typeOK(events.TypeTextEvent{Text: "!"})
		require.Equal(t, c.text, e.evalString(c.model), c.target)
	}
}

// Typing into such an input, with a clear, goes through the same surface:
// the EditContext's read-only textarea of its own does not make its
// surface look like a form, and a textarea clipped to nothing by its
// wrapper is no field drawn in full (whose cover would be another
// control).
func TestTypeHiddenEditorInput(t *testing.T) {
	e := newEnv(t, "/hiddeninputs.html")
	r := e.typeOK(events.TypeTextEvent{Ref: `role=textbox[name="Notes"]`, Text: "print(42)", Clear: true})
	require.Equal(t, "editcontext", r.Details.Editor)
	require.Equal(t, "print(42)", e.evalString("ec.text"))
	r = e.typeOK(events.TypeTextEvent{Ref: "css=#cl-input", Text: "p { margin: 0 }", Clear: true})
	require.Equal(t, "textarea", r.Details.Editor)
	require.Equal(t, "p { margin: 0 }", e.evalString("cl.text"))
	_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Enter", Ref: "css=#sc-input"})
	require.NoError(t, err)
	require.Equal(t, "SELECT 1\n", e.evalString("sc.text"))
}

// The rule reaches only the editor's own surface: an input under an
// overlay that is not its editor's is covered, as any element is, and a
// surface whose click gives the input no focus fails the click.
func TestClickHiddenEditorInputRefused(t *testing.T) {
	e := newEnv(t, "/hiddeninputs.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#dead-input"})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), "did not give it focus")
	require.NotEmpty(t, actions.Describe(err).Details.Ref)

	e.eval(`document.getElementById('ov').style.display = 'block', 0`, nil)
	_, err = e.click(events.ClickElementEvent{Ref: "css=#sc-input"})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, actions.Describe(err).Details.Covering, "div#ov")
	require.NotEqual(t, "sc-input", e.evalString("document.activeElement.id"))
}
