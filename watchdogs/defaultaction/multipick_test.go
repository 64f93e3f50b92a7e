package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
)

// Select on a field that says it opens a listbox (a text input with no
// combobox role) picks each option named from the list the page draws,
// one after the other, as a user adds each to a list that takes several.
func TestSelectSeveralOnFieldThatOpensAList(t *testing.T) {
	e := newEnv(t, "/multipick.html")
	_, err := actions.Select(e.ctx(), e.s, "css=#extras", "Breakfast", "Late checkout")
	require.NoError(t, err)
	require.Equal(t, "Breakfast,Late checkout", e.evalString("picked.join()"))
}
