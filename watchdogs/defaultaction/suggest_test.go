package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// Typing into a search field over a list of suggestions that filters after
// a pause in typing ends once the list has filtered: the snapshot taken
// right after the action shows the filtered list, by the fast path and by
// the full one (a clear first). A field whose list filters as the text
// comes shows it filtered as well.
func TestTypeWaitsForSuggestions(t *testing.T) {
	e := newEnv(t, "/suggest.html")
	tree := func() string {
		t.Helper()
		st := e.state(events.SnapshotOptions{})
		require.NotNil(t, st.Tree)
		return st.Tree.Text
	}
	require.Contains(t, tree(), "5 results found")

	r := e.typeOK(events.TypeTextEvent{Ref: `role=combobox[name="Country"]`, Text: "Portu"})
	require.Equal(t, new("Portu"), r.Details.Value)
	text := tree()
	require.Contains(t, text, "1 result found", "the list filtered after a pause is shown filtered:\n%s", text)
	require.NotContains(t, text, "Spain")

	r = e.typeOK(events.TypeTextEvent{Ref: `role=combobox[name="Country"]`, Text: "Swe", Clear: true})
	require.Equal(t, new("Swe"), r.Details.Value)
	text = tree()
	require.Contains(t, text, "1 result found", "the full path waits too:\n%s", text)
	require.Contains(t, text, "Sweden")
	require.NotContains(t, text, "Portugal")

	e.typeOK(events.TypeTextEvent{Ref: `role=combobox[name="Fruit"]`, Text: "Ap"})
	text = tree()
	require.Contains(t, text, "2 results found", "a list filtered as the text came:\n%s", text)
	require.NotContains(t, text, "Banana")
}
