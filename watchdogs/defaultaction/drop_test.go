package defaultaction_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// Files and text dropped onto a drop zone with no file input reach its
// drop handler, and the result says what the page received.
func TestDropFilesAndData(t *testing.T) {
	e := newEnv(t, "/drop.html")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.csv")
	require.NoError(t, os.WriteFile(a, []byte("hello"), 0o600))
	require.NoError(t, os.WriteFile(b, []byte("x,y\n1,2\n"), 0o600))
	r, err := do[events.DropEvent, events.ActionResult](e, events.DropEvent{TabID: e.tab.ID, Ref: "css=#zone",
		Files: []string{a, b}, Data: []events.DropItem{{MIME: "text/plain", Text: "note"}}})
	require.NoError(t, err)
	require.Equal(t, "a.txt 5|b.csv 8|text note", e.evalString("Array.from(got.children).map(li => li.textContent).join('|')"))
	d := r.Details.Drop
	require.NotNil(t, d)
	require.True(t, d.Dropped)
	require.True(t, d.Handled)
	require.Equal(t, 2, d.Files)
	require.Contains(t, d.Types, "Files")
	require.Equal(t, 3, d.Added)
	require.Contains(t, d.Summary, "with 2 files")

	// An element that takes no drop: nothing fires, and it says so.
	_, err = do[events.DropEvent, events.ActionResult](e, events.DropEvent{TabID: e.tab.ID, Ref: "css=#inert", Files: []string{a}})
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "no dragover handler")

	// Files follow the upload's rules.
	_, err = do[events.DropEvent, events.ActionResult](e, events.DropEvent{TabID: e.tab.ID, Ref: "css=#zone", Files: []string{dir}})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = do[events.DropEvent, events.ActionResult](e, events.DropEvent{TabID: e.tab.ID, Ref: "css=#zone"})
	requireCode(t, err, events.CodeInvalidArgument)
}
