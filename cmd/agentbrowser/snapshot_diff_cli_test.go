package main_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCLISnapshotDiff(t *testing.T) {
	srv := site(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/counter"))
	full := c.ok("snapshot")
	require.Contains(t, full["snapshot"], "paragraph: 0")
	require.NotContains(t, full, "snapshot_diff")
	c.ok("click", "--xy", "50,30")
	d := c.ok("snapshot", "--diff")
	require.Equal(t, "- paragraph: 1", d["snapshot"], "%v / %q", d["snapshot_diff"], full["snapshot"])
	diff := d["snapshot_diff"].(map[string]any)
	require.Equal(t, false, diff["full"])
	require.Equal(t, 1.0, diff["changed"])
	// Nothing changed since: an empty diff.
	d = c.ok("snapshot", "--diff")
	require.Equal(t, "", d["snapshot"])
}
