package snapshot_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A column's resize grip repeated in every row of data (told by its
// cursor, or by its shape: a strip a few pixels across that spans the row)
// is shown in the header only; a grip outside a table (a split pane's gutter) stays.
func TestResizeGripsInDataRows(t *testing.T) {
	res := captureGolden(t, "grips")
	require.Equal(t, 2, strings.Count(res.Text, `[hint="grip"]`), "the header row's grips only:\n%s", res.Text)
	require.Equal(t, 1, strings.Count(res.Text, `[hint="strip"]`), "the header row's strip only (no cursor, its shape):\n%s", res.Text)
	require.Contains(t, res.Text, `[hint="gutter"]`)
	require.Contains(t, res.Text, "Bolts")
}
