package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// TestTypeSelectAllBoldNoPause: on a rich-text editor that reads the
// selection in its next animation frame (as editors that keep their own
// model of it do) and whose toolbar formats what it last read, typing,
// then Control+A, then the toolbar's Bold, with no pause between the
// calls, makes the whole text bold every time: each action returns once
// the page has taken its input, that frame included (before, 14 of 20
// runs left it plain).
func TestTypeSelectAllBoldNoPause(t *testing.T) {
	for _, mode := range []string{"frame", "timer", "now"} {
		t.Run(mode, func(t *testing.T) {
			e := newEnv(t, "/richtext.html?defer="+mode)
			body := e.ref("textbox", "Body")
			bold := e.ref("button", "Bold")
			for i := range 20 {
				_, err := do(e, events.TypeTextEvent{TabID: e.tab.ID, Ref: body, Text: "hello world", Clear: i > 0})
				require.NoError(t, err, "run %d", i)
				r, err := do(e, events.PressKeyEvent{TabID: e.tab.ID, Key: "Control+A"})
				require.NoError(t, err, "run %d", i)
				require.Equal(t, new(true), r.Details.Changed, "run %d: the selection changed", i)
				_, err = do(e, events.ClickElementEvent{TabID: e.tab.ID, Ref: bold})
				require.NoError(t, err, "run %d", i)
				require.Equal(t, "<b>hello world</b>", e.evalString(`ed.innerHTML`), "run %d", i)
				e.eval(`ed.innerHTML = ''`, nil)
			}
		})
	}
}
