package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// A checkbox whose role and state live in ElementInternals (no attribute
// shows them) is checked and unchecked by its ref, and the state is read
// back from the internals.
func TestCheckInternalsCheckbox(t *testing.T) {
	e := newEnv(t, "/internals.html")
	news := e.ref("checkbox", "Newsletter")
	for _, want := range []bool{true, true, false} {
		r, err := do(e, events.SetCheckedEvent{TabID: e.tab.ID, Ref: news, Checked: want})
		require.NoError(t, err)
		require.Equal(t, new(want), r.Details.Checked)
		var got bool
		e.eval("document.getElementById('news').checked", &got)
		require.Equal(t, want, got)
	}
}

// A combobox in a shadow root whose list (aria-controls, an id of that
// shadow root) shows its host's options through a slot, each option's
// words shown through a slot of its own, offers those options by name.
func TestFillShadowSelect(t *testing.T) {
	e := newEnv(t, "/internals.html")
	_, err := actions.Fill(e.ctx(), e.s, e.ref("combobox", "Language"), "French")
	require.NoError(t, err)
	require.Equal(t, "fr", e.evalString("document.getElementById('lang').value"))
}

// A slider whose value lives in its internals is set by keys and read
// back from them.
func TestFillInternalsSlider(t *testing.T) {
	e := newEnv(t, "/internals.html")
	_, err := actions.Fill(e.ctx(), e.s, e.ref("slider", "Volume"), "30")
	require.NoError(t, err)
	require.Equal(t, "30", e.evalString("String(document.getElementById('vol').v)"))
}
