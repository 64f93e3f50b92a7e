package defaultaction_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// A page that follows the selection by its selectionchange event has seen
// the selection a key press made by the time the press answers: a click
// sent at once acts on it (a rich-text toolbar's Bold right after
// Control+A). The event comes in a task of its own, which the browser may
// run after the next input; the press waits for it.
func TestPressSettlesSelectionChange(t *testing.T) {
	e := newEnv(t, "")
	for i := 1; i <= 8; i++ {
		e.open("/selectfollow.html")
		text := fmt.Sprintf("word %d", i)
		e.typeOK(events.TypeTextEvent{Ref: "css=#ed", Text: text})
		_, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Control+A"})
		require.NoError(t, err)
		_, err = e.click(events.ClickElementEvent{Ref: "css=#b"})
		require.NoError(t, err)
		require.Equal(t, text, e.evalString("String(window.clicked)"), "round %d: the toolbar saw the selection", i)
	}
}
