package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// Typing into an editable host that does not have the keyboard focuses it
// as a user does: a click where its text ends, so that the text goes on
// after what the host holds (not before it, where DOM focus leaves the
// caret) and a page that learns the block being edited from the press
// knows it; a host that has the keyboard keeps the caret where it is.
func TestTypeFocusesEditableHostByClick(t *testing.T) {
	e := newEnv(t, "/blocks.html")
	r := e.typeOK(events.TypeTextEvent{Ref: "css=#note", Text: " world"})
	require.Equal(t, "Hello world", e.evalString("note.textContent"))
	require.Equal(t, new("Hello world"), r.Details.Value)

	// Focused, with the caret put at its start: the text goes there.
	e.eval(`(() => { const s = getSelection(); s.removeAllRanges(); const r = document.createRange(); r.setStart(note.firstChild, 0); s.addRange(r); })()`, nil)
	e.typeOK(events.TypeTextEvent{Ref: "css=#note", Text: "Oh, "})
	require.Equal(t, "Oh, Hello world", e.evalString("note.textContent"))

	e.typeOK(events.TypeTextEvent{Ref: "css=#blocks [contenteditable]", Text: "One"})
	_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Enter"})
	require.NoError(t, err)
	e.typeOK(events.TypeTextEvent{Text: "Two"})
	var texts []string
	e.eval(`texts()`, &texts)
	require.Equal(t, []string{"One", "Two"}, texts, "Enter made a block after the one typed into")
}
