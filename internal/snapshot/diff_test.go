package snapshot_test

import (
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
