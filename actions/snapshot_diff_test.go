package actions_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func TestSnapshotTrackerKeepsItsBaselineThroughADialog(t *testing.T) {
	tr := actions.NewSnapshotTracker()
	const tab = events.TargetID("T1")
	before := "- main:\n  - button \"Apply coupon\" [ref=e5]\n  - textbox \"Name\" [ref=e6]"
	first := tr.Diff(tab, before)
	assert.True(t, first.Full)

	blocked := events.BlockedSnapshotPrefix + `prompt dialog ("Coupon code?"): answer it`
	during := tr.Diff(tab, blocked)
	assert.Equal(t, blocked, during.Text)
	assert.True(t, during.Full)

	// Answered: only what changed since the tree before the dialog.
	after := before + "\n  - text: Coupon SAVE10 applied"
	d := tr.Diff(tab, after)
	assert.False(t, d.Full)
	assert.Equal(t, 1, d.Changed)
	assert.Equal(t, "- main:\n  - text: Coupon SAVE10 applied", d.Text)
	assert.Empty(t, d.RemovedRefs)
}
