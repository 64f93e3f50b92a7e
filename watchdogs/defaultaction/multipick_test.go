package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
)

// Select on a field that says it opens a listbox (a text input with no
// combobox role) picks the option named from the list the page draws, as
// on a combobox one types into; the field that empties itself and shows
// each pick beside itself takes one after the other.
func TestSelectOnFieldThatOpensAList(t *testing.T) {
	e := newEnv(t, "/multipick.html")
	_, err := actions.Select(e.ctx(), e.s, "css=#extras", "Breakfast")
	require.NoError(t, err)
	_, err = actions.Select(e.ctx(), e.s, "css=#extras", "Late checkout")
	require.NoError(t, err)
	require.Equal(t, "Breakfast,Late checkout", e.evalString("picked.join()"))
}
