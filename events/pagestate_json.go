package events

import "encoding/json"

// UnmarshalJSON reads the flat object MarshalJSON writes, so that a client
// of a daemon gets the PageState back: the standard keys into their
// sections, every other key into Extra.
func (p *PageState) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*p = PageState{}
	take := func(key string, v any) error {
		raw, ok := m[key]
		if !ok {
			return nil
		}
		delete(m, key)
		return json.Unmarshal(raw, v)
	}
	var tree Snapshot
	_, hasTree := m["snapshot"]
	for _, f := range []struct {
		key string
		v   any
	}{
		{"tab_id", &p.TabID}, {"url", &p.URL}, {"title", &p.Title},
		{"snapshot", &tree.Text}, {"refs", &tree.Refs}, {"truncated", &tree.Truncated},
		{"next_cursor", &tree.Next}, {"matches", &tree.Matches}, {"repeated", &tree.Repeated},
		{"crashed", &p.Crashed}, {"pending_dialogs", &p.PendingDialogs}, {"recent_dialogs", &p.RecentDialogs},
		{"dialog_storm", &p.DialogStorm}, {"frame_tree", &p.FrameTree}, {"console", &p.Console},
		{"network", &p.Network}, {"blocked_loads", &p.BlockedLoads}, {"downloads", &p.Downloads}, {"snapshot_diff", &p.SnapshotDiff},
		{"state_errors", &p.StateErrors},
	} {
		if err := take(f.key, f.v); err != nil {
			return err
		}
	}
	if hasTree {
		tree.URL, tree.Title = p.URL, p.Title
		p.Tree = &tree
	}
	if len(m) > 0 {
		p.Extra = m
	}
	return nil
}
