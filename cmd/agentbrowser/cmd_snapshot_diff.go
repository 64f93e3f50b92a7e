package main

import (
	"fmt"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// snapshots remembers, per tab, the last snapshot this daemon returned, so
// that "snapshot --diff" can answer with what changed since.
var snapshots = actions.NewSnapshotTracker()

// trackSnapshot records a snapshot result's tree; with diff it replaces the
// tree with the changed lines and adds snapshot_diff (full, changed,
// removed_refs, changed_refs). Options that cut the tree (scope, depth,
// interactive) give a different text, so diff against a snapshot taken
// with the same options.
func trackSnapshot(r Result, diff bool) Result {
	// The state's values keep their Go types (a TargetID, a string).
	tree, ok := r["snapshot"]
	if !ok || r["tab_id"] == nil {
		return r
	}
	text, tab := fmt.Sprint(tree), fmt.Sprint(r["tab_id"])
	d := snapshots.Diff(events.TargetID(tab), text)
	if diff {
		r["snapshot"] = d.Text
		d.Text = ""
		r["snapshot_diff"] = d
	}
	return r
}
