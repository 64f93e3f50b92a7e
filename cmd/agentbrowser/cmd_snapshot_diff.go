package main

import (
	"bytes"
	"encoding/json"

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
func trackSnapshot(st events.PageState, diff bool) events.PageState {
	if st.Tree == nil || st.TabID == "" {
		return st
	}
	d := snapshots.Diff(st.TabID, st.Tree.Text)
	if diff {
		tree := *st.Tree
		tree.Text = d.Text
		st.Tree = &tree
		d.Text = ""
		st.SnapshotDiff = &d
	}
	return st
}

// stateResult is the JSON object of a state as the CLI prints it; numbers
// keep their exact digits.
func stateResult(st events.PageState) (Result, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var r Result
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	return r, nil
}
