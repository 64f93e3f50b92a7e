package snapshot_test

import (
	"testing"

	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// openActionable opens testdata/actionable.html and waits until its load
// handlers have run.
func openActionable(t *testing.T) (*testPage, *snapshot.Engine) {
	t.Helper()
	p, e, _ := openPage(t, "actionable")
	ctx := testContext(t)
	eventually(t, func() bool { return p.eval(ctx, "document.title") == `"Actionable by script (loaded)"` })
	return p, e
}

func TestActionableGolden(t *testing.T) {
	_, e := openActionable(t)
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	t.Log("\n" + res.Text)
	checkGolden(t, "actionable", res.Text)
}

// TestActionableLocate finds, as find and locators do, what the snapshot
// shows of the page: an SVG label and a field in a 0-px clipping box are
// not hidden; closed shadow roots on divs are searched; an editor's hidden
// focus target is found by its label as the surface that stands for it
// (the editor's read-only helper beside its EditContext target names
// nothing).
func TestActionableLocate(t *testing.T) {
	_, e := openActionable(t)
	ctx := testContext(t)
	for _, tc := range []struct {
		loc  events.Locator
		role string
	}{
		{events.Locator{Kind: events.LocateText, Value: "idle"}, "generic"},
		{events.Locator{Kind: events.LocateLabel, Value: "Modal field"}, "textbox"},
		{events.Locator{Kind: events.LocateRole, Value: "button", Name: "Inside declarative"}, "button"},
		{events.Locator{Kind: events.LocateCSS, Value: "a[href='#closed']"}, "link"},
		{events.Locator{Kind: events.LocateRole, Value: "clickable", Name: "inject"}, "clickable"},
		{events.Locator{Kind: events.LocateLabel, Value: "Script"}, "textbox"},
		{events.Locator{Kind: events.LocateRole, Value: "textbox", Name: "Code"}, "textbox"},
	} {
		got, err := e.Locate(ctx, tc.loc, 10)
		require.NoError(t, err, "%+v", tc.loc)
		require.Equal(t, 1, got.Total, "%+v: %+v", tc.loc, got.Matches)
		m := got.Matches[0]
		assert.False(t, m.Hidden, "%+v", tc.loc)
		assert.Equal(t, tc.role, m.Info.Role, "%+v", tc.loc)
	}
}

// TestEditorSurface: the editor's line stands on its visible surface,
// which has a box to click; editorOf, which actions use to type, leads
// from the surface to the focus target.
func TestEditorSurface(t *testing.T) {
	_, e := openActionable(t)
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	for _, c := range []struct{ name, surface, target string }{
		{"Code", "code", "Code"},
		{"Script", "ace", "Script"},
	} {
		ref := refByName(t, res, "textbox", c.name)
		r, err := e.Resolve(ctx, ref)
		require.NoError(t, err)
		reply, err := r.Client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(`function() {
			const b = this.getBoundingClientRect();
			const t = globalThis.__ab.lib.editorOf(this);
			return [this.id, b.width > 100 && b.height > 40, t && t.getAttribute('aria-label')];
		}`).SetObjectID(r.ObjectID).SetReturnByValue(true))
		require.NoError(t, err)
		require.Nil(t, reply.ExceptionDetails)
		assert.JSONEq(t, `["`+c.surface+`", true, "`+c.target+`"]`, string(reply.Result.Value))
		require.NoError(t, r.Release(ctx))
	}
}
