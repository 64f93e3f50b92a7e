package defaultaction_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

func refsOf(t *testing.T, st events.PageState) map[events.Ref]snapshot.RefInfo {
	t.Helper()
	require.NotNil(t, st.Tree, "no snapshot in the state")
	return st.Tree.Refs
}

// text is the state's snapshot text ("" without one).
func text(st events.PageState) string {
	if st.Tree == nil {
		return ""
	}
	return st.Tree.Text
}

func findRefMaybe(st events.PageState, role, name string, frame func(events.FrameID) bool) (events.Ref, events.FrameID) {
	if st.Tree == nil {
		return "", ""
	}
	for r, info := range st.Tree.Refs {
		if info.Role == role && (name == "" || info.Name == name) && (frame == nil || frame(info.FrameID)) {
			return r, info.FrameID
		}
	}
	return "", ""
}

func findRef(t *testing.T, st events.PageState, role, name string, frame func(events.FrameID) bool) (events.Ref, events.FrameID) {
	t.Helper()
	r, f := findRefMaybe(st, role, name, frame)
	if r == "" {
		t.Fatalf("no %s %q in snapshot:\n%s", role, name, text(st))
	}
	return r, f
}

func isOOPIF(e *env, fid events.FrameID) bool {
	tg, ok := e.s.TargetByID(events.TargetID(fid))
	return ok && !tg.IsPage()
}

func TestStateShape(t *testing.T) {
	e := newEnv(t, "/click.html")
	st := e.state(events.SnapshotOptions{})
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	require.Equal(t, e.srv.MainURL("/click.html"), m["url"])
	require.Equal(t, "click", m["title"])
	require.Contains(t, m["snapshot"], `button "Plain"`)
	require.Equal(t, false, m["truncated"])
	refs := m["refs"].(map[string]any)
	require.NotEmpty(t, refs)
	for ref, v := range refs {
		_, ok := events.ParseRef(ref)
		require.True(t, ok, ref)
		info := v.(map[string]any)
		for _, k := range []string{"role", "name", "nth", "backend_node_id", "frame_id"} {
			require.Contains(t, info, k, "ref %s", ref)
		}
		require.Contains(t, m["snapshot"], "[ref="+ref+"]")
	}

	// SkipTree leaves the tree out.
	st, err = actions.State(e.ctx(), e.s, events.BrowserStateRequestEvent{TabID: e.tab.ID, SkipTree: true})
	require.NoError(t, err)
	require.Nil(t, st.Tree)
	b, err = json.Marshal(st)
	require.NoError(t, err)
	m = nil
	require.NoError(t, json.Unmarshal(b, &m))
	require.NotContains(t, m, "snapshot")
	require.Equal(t, "click", st.Title)

	// Options pass through: interactive and max_chars.
	st = e.state(events.SnapshotOptions{Interactive: true})
	require.NotContains(t, text(st), "tall content")
	st = e.state(events.SnapshotOptions{MaxChars: 120})
	require.Equal(t, true, st.Tree.Truncated)
}

func TestRefsResolve(t *testing.T) {
	e := newEnv(t, "/click.html")
	st := e.state(events.SnapshotOptions{})
	ref, _ := findRef(t, st, "button", "Plain", nil)
	rr, err := do(e, events.ResolveRefEvent{TabID: e.tab.ID, Ref: ref})
	require.NoError(t, err)
	require.Equal(t, ref, rr.Ref)
	require.Equal(t, "button", rr.Role)
	require.Equal(t, "Plain", rr.Name)
	require.NotZero(t, rr.BackendNodeID)
	require.Equal(t, e.tab.ID, rr.TargetID)
	require.Equal(t, refsOf(t, st)[ref].BackendNodeID, rr.BackendNodeID)

	// A ref written as @e5 or ref=e5 is accepted.
	rr2, err := do(e, events.ResolveRefEvent{TabID: e.tab.ID, Ref: "@" + ref})
	require.NoError(t, err)
	require.Equal(t, rr.BackendNodeID, rr2.BackendNodeID)

	// A scope ref limits the tree.
	st = e.state(events.SnapshotOptions{Scope: ref})
	require.Contains(t, text(st), "Plain")
	require.NotContains(t, text(st), "Deep")
}

func TestRemovedElementRefIsStale(t *testing.T) {
	e := newEnv(t, "/click.html")
	victim := e.ref("button", "Victim")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Remove victim")})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: victim})
	requireCode(t, err, events.CodeStaleRef)
	require.Contains(t, err.Error(), "take a new snapshot")
	_, err = do(e, events.ResolveRefEvent{TabID: e.tab.ID, Ref: victim})
	requireCode(t, err, events.CodeStaleRef)
}

func TestRefsAfterNavigationAreStale(t *testing.T) {
	e := newEnv(t, "/click.html")
	plain := e.ref("button", "Plain")
	e.open("/target.html")
	_, err := e.click(events.ClickElementEvent{Ref: plain})
	requireCode(t, err, events.CodeStaleRef)
	// Even after coming back to the same page, the old ref stays stale.
	e.open("/click.html")
	_, err = e.click(events.ClickElementEvent{Ref: plain})
	requireCode(t, err, events.CodeStaleRef)
	// A new snapshot gives working refs.
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Plain")})
	require.NoError(t, err)
}
