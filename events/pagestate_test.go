package events_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func stateJSON(t *testing.T, parts ...events.StatePart) map[string]any {
	t.Helper()
	var st events.PageState
	for _, p := range parts {
		p.ApplyState(&st)
	}
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func TestPageStateJSONKeys(t *testing.T) {
	require.Empty(t, stateJSON(t))

	// Without a tree: the location only.
	m := stateJSON(t, events.TabState{TabID: "T1", URL: "http://x/", Title: "x"})
	require.Equal(t, map[string]any{"tab_id": "T1", "url": "http://x/", "title": "x"}, m)

	// With a tree, the standard sections and a plugin's.
	m = stateJSON(t,
		events.TabState{TabID: "T1", URL: "http://x/", Title: "x", Tree: &events.Snapshot{
			Text: "- button \"Go\" [ref=e1]", Refs: map[events.Ref]events.RefInfo{"e1": {Role: "button", Name: "Go", FrameID: "T1"}}}},
		events.DialogState{},
		events.FrameTree{Children: []events.FrameTreeChild{}},
		events.ConsoleCounts{Errors: 2},
		events.NetworkCounts{Requests: 3},
		events.BlockedLoads(nil),
		events.ExtraSection{Key: "cookies", Value: []string{"a"}},
		events.ExtraSection{Key: "url", Value: "a plugin never replaces a standard key"},
	)
	require.ElementsMatch(t, []string{"tab_id", "url", "title", "snapshot", "refs", "truncated", "pending_dialogs",
		"frame_tree", "console", "network", "blocked_loads", "cookies"}, keys(m))
	require.Equal(t, "http://x/", m["url"])
	require.Equal(t, []any{}, m["pending_dialogs"], "no pending dialogs is an empty list")
	require.Equal(t, []any{}, m["blocked_loads"])
	require.Equal(t, []any{"a"}, m["cookies"])
	require.Equal(t, map[string]any{"role": "button", "name": "Go", "nth": float64(0), "frame_id": "T1"},
		m["refs"].(map[string]any)["e1"])

	// Optional sections appear when they have something to say.
	m = stateJSON(t, events.DialogState{Recent: []events.DialogInfo{{ID: "d-1"}}, Storm: &events.DialogStorm{Count: 9}},
		events.TabState{TabID: "T1", Crashed: &events.CrashInfo{Status: "crashed", NextStep: "reload"}})
	require.Contains(t, m, "recent_dialogs")
	require.Contains(t, m, "dialog_storm")
	require.Equal(t, map[string]any{"status": "crashed", "next_step": "reload"}, m["crashed"])

	// A cut, searched snapshot with site chrome said once, and downloads,
	// come back as they went.
	st := events.PageState{TabID: "T1", URL: "http://x/", Title: "x",
		Tree:      &events.Snapshot{URL: "http://x/", Title: "x", Text: "- a", Refs: map[events.Ref]events.RefInfo{}, Truncated: true, Next: "12", Matches: 3, Repeated: []events.Ref{"e4"}},
		Downloads: []events.Download{{ID: "1", URL: "http://x/f", SuggestedFilename: "f", State: "completed"}}}
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var back events.PageState
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, st, back)
}

func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
