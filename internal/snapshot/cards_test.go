package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Cards that script handles input on keep their refs when they hold a
// title (a heading has a ref to read, not to act on), so a dashboard's
// widgets can be dragged by their body; a container that hands its
// buttons' clicks on still leaves the refs to them.
func TestCardsWithTitlesKeepTheirRefs(t *testing.T) {
	_, _, _, res := openCaptured(t, "cards")
	require.Regexp(t, `(?m)^- clickable \[ref=e\d+\]:\n  - heading "Sales" \[level=2\] \[ref=e\d+\]\n  - text: 1,204 orders$`, res.Text)
	require.Regexp(t, `(?m)^- clickable \[ref=e\d+\]:\n  - heading "Traffic"`, res.Text)
	require.Regexp(t, `(?m)^- heading "Tools" \[level=2\] \[ref=e\d+\]\n- button "Cut"`, res.Text)
}

// On a surface that handles input for what is placed on it, a node gets a
// ref, an empty one (a port) too; what lets the pointer through (a shadow,
// a place's label) and a grid line (two pixels across, or a box that
// draws one border only) do not: they take no input of their own.
func TestPlacedDecorationsGetNoRefs(t *testing.T) {
	_, _, _, res := openCaptured(t, "placed")
	require.Regexp(t, `(?m)^  - clickable "Start" \[ref=e\d+\]$`, res.Text)
	require.NotRegexp(t, `Harbour" \[ref|hint="col`, res.Text)
	require.Equal(t, 3, len(res.Refs), "the board, its node and its port:\n%s", res.Text)
	require.Regexp(t, `(?m)^  - clickable \[hint="port"\] \[ref=e\d+\]$`, res.Text, "the port")
}
