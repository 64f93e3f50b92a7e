package snapshot_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// A column's resize grip repeated in every row of data is shown in the
// header only; a grip outside a table (a split pane's gutter) stays.
func TestResizeGripsInDataRows(t *testing.T) {
	_, e, _ := openPage(t, "grips")
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	checkGolden(t, "grips", res.Text)
	require.Equal(t, 3, strings.Count(res.Text, `[hint="grip"]`), "the header rows' grips only:\n%s", res.Text)
	require.Contains(t, res.Text, `[hint="gutter"]`)
	require.Contains(t, res.Text, "Bolts")
}
