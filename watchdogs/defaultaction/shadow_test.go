package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// Elements in closed shadow roots are hit-tested through their roots:
// elementFromPoint over a closed root answers with its host, which is no
// cover of the element inside.
func TestClosedShadowRootActions(t *testing.T) {
	e := newEnv(t, "/closedshadow.html")
	_, err := do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: e.ref("textbox", "Card"), Text: "4242"})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Pay")})
	require.NoError(t, err)
	require.Equal(t, "paid 4242", e.evalString("out.textContent"))

	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Inner")})
	require.NoError(t, err)
	require.Equal(t, "inner", e.evalString("out.textContent"))
}
