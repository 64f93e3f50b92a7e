package defaultaction_test

import (
	"testing"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/stretchr/testify/require"
)

// TestTypeCodeSpreadAcrossFields types a code into the first of four
// one-digit fields, which the page spreads across them: the typing took
// (by the fast path, and by the full one that presses Enter after), while
// letters the fields drop are still not_applied.
func TestTypeCodeSpreadAcrossFields(t *testing.T) {
	e := newEnv(t, "/pincode.html")
	typeIn := func(ev events.TypeTextEvent) error {
		ev.TabID, ev.Ref = e.tab.ID, e.ref("textbox", "digit 1 of 4")
		_, err := do[events.TypeTextEvent, events.ActionResult](e, ev)
		return err
	}
	var code string
	require.NoError(t, typeIn(events.TypeTextEvent{Text: "4286"}))
	e.eval("window.code", &code)
	require.Equal(t, "4286", code)

	require.NoError(t, typeIn(events.TypeTextEvent{Text: "1357", Clear: true, Submit: true}))
	e.eval("window.code", &code)
	require.Equal(t, "1357", code)

	e.eval("document.querySelectorAll('.pin').forEach((p) => { p.value = ''; }), ''", &code)
	requireCode(t, typeIn(events.TypeTextEvent{Text: "abcd"}), events.CodeNotApplied)
}
