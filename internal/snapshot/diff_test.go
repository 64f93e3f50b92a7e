package snapshot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

func TestDiffText(t *testing.T) {
	prev := strings.Join([]string{
		`- main:`,
		`  - heading "Shop" [level=1] [ref=e1]`,
		`  - list:`,
		`    - listitem:`,
		`      - text: Apples`,
		`      - button "Remove" [ref=e2]`,
		`    - listitem:`,
		`      - text: Pears`,
		`      - button "Remove" [ref=e3] [nth=1]`,
		`  - status: 2 items`,
		`  - button "Checkout" [ref=e4]`,
	}, "\n")
	next := strings.Join([]string{
		`- main:`,
		`  - heading "Shop" [level=1] [ref=e1]`,
		`  - list:`,
		`    - listitem:`,
		`      - text: Apples`,
		`      - button "Remove" [ref=e2]`,
		`  - status: 1 item`,
		`  - button "Checkout" [ref=e4]`,
	}, "\n")

	t.Run("first snapshot is full", func(t *testing.T) {
		d := snapshot.DiffText("", next)
		assert.True(t, d.Full)
		assert.Equal(t, next, d.Text)
	})
	t.Run("changed lines under their ancestor", func(t *testing.T) {
		d := snapshot.DiffText(prev, next)
		assert.False(t, d.Full)
		assert.Equal(t, "- main:\n  - status: 1 item", d.Text)
		assert.Equal(t, 1, d.Changed)
		assert.Equal(t, []string{"e3"}, d.RemovedRefs)
	})
	t.Run("no change", func(t *testing.T) {
		d := snapshot.DiffText(prev, prev)
		assert.False(t, d.Full)
		assert.Equal(t, "", d.Text)
		assert.Zero(t, d.Changed)
		assert.Empty(t, d.RemovedRefs)
	})
	t.Run("changed ref line names its ref", func(t *testing.T) {
		n := strings.Replace(prev, `- button "Checkout" [ref=e4]`, `- button "Checkout (2)" [ref=e4]`, 1)
		d := snapshot.DiffText(prev, n)
		assert.Equal(t, []string{"e4"}, d.ChangedRefs)
		assert.Equal(t, "- main:\n  - button \"Checkout (2)\" [ref=e4]", d.Text)
	})
	t.Run("falls back to full when not smaller", func(t *testing.T) {
		d := snapshot.DiffText(`- text: a`, `- text: b`)
		assert.True(t, d.Full)
		assert.Equal(t, `- text: b`, d.Text)
	})
}

// Rows that come back unchanged in another order (a table sorted by a
// column, an item moved to the top) changed their place: the diff shows
// them, and says nothing of the rows that kept their order.
func TestDiffTextShowsReorderedLines(t *testing.T) {
	rows := func(order ...int) string {
		names := []string{"", "Nuts", "Bolts", "Washers"}
		lines := []string{`- heading "Inventory" [level=1] [ref=e1]`, `- grid [ref=e2]:`}
		for _, i := range order {
			lines = append(lines,
				fmt.Sprintf(`  - row [ref=e%d]:`, 10*i),
				fmt.Sprintf(`    - gridcell %q [ref=e%d]`, names[i], 10*i+1),
				fmt.Sprintf(`    - gridcell "%d" [ref=e%d]`, i*7, 10*i+2))
		}
		return strings.Join(append(lines, `- button "Save" [ref=e3]`), "\n")
	}
	d := snapshot.DiffText(rows(1, 2, 3), rows(3, 1, 2))
	assert.False(t, d.Full)
	assert.Equal(t, 3, d.Changed, d.Text)
	assert.Equal(t, "- grid [ref=e2]:\n  - row [ref=e30]:\n    - gridcell \"Washers\" [ref=e31]\n    - gridcell \"21\" [ref=e32]", d.Text)
	assert.Equal(t, []string{"e30", "e31", "e32"}, d.ChangedRefs)
	assert.Empty(t, d.RemovedRefs)

	same := snapshot.DiffText(rows(1, 2, 3), rows(1, 2, 3))
	assert.Zero(t, same.Changed, "nothing moved")
}
