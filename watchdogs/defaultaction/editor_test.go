package defaultaction_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// The editable body of a document in an iframe (a rich-text editor's:
// contenteditable, or designMode) has a ref of its own, in a frame of the
// page's process and in an out-of-process one, and typing, clearing,
// and pressing keys work in it (evaluate by ref: e2e/widgets).
func TestEditableFrameBodies(t *testing.T) {
	e := newEnv(t, "")
	e.open("/editors.html?remote=" + url.QueryEscape(e.srv.CrossURL("/editor-body.html")))
	var refs map[events.Ref]events.RefInfo
	e.poll("three editable bodies", func() bool {
		st := e.state(events.SnapshotOptions{})
		refs = st.Tree.Refs
		n := 0
		for _, info := range refs {
			if info.Role == "textbox" {
				n++
			}
		}
		return n == 3
	})
	byName := map[string][]events.Ref{}
	for r, info := range refs {
		if info.Role == "textbox" {
			byName[info.Name] = append(byName[info.Name], r)
		}
	}
	require.Len(t, byName["Rich Text Area"], 2, "the same-process and the remote editor: %v", byName)
	require.Len(t, byName[""], 1, "the designMode body, unnamed as in Chrome: %v", byName)

	for _, ref := range append(byName["Rich Text Area"], byName[""]...) {
		r, err := do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: ref, Text: "Hello", Clear: true})
		require.NoError(t, err, "typing into %s", ref)
		require.NotNil(t, r.Details.Value)
		require.Equal(t, "Hello", strings.TrimSpace(*r.Details.Value), "the text of %s", ref)
		_, err = do[events.PressKeyEvent, events.ActionResult](e, events.PressKeyEvent{TabID: e.tab.ID, Key: "!"})
		require.NoError(t, err)
	}
	text := e.state(events.SnapshotOptions{}).Tree.Text
	require.Equal(t, 3, strings.Count(text, "Hello!"), "each editor holds the typed text and the key:\n%s", text)
	require.NotContains(t, text, "Draft")
	require.NotContains(t, text, "Plain")
}
