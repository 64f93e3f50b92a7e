package snapshot_test

import (
	"testing"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// refByName finds the ref of role and name in res.
func refByName(t *testing.T, res *snapshot.Result, role, name string) events.Ref {
	t.Helper()
	for ref, info := range res.Refs {
		if info.Role == role && info.Name == name {
			return ref
		}
	}
	t.Fatalf("no %s %q in\n%s", role, name, res.Text)
	return ""
}

// TestClosedShadowRefsAct clicks, types into and evaluates on elements
// inside closed shadow roots, through their refs, the way the action
// watchdog does: by backend node id and isolated-world handle.
func TestClosedShadowRefsAct(t *testing.T) {
	p, e, _ := openPage(t, "closed-shadow")
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)

	// Click: the button's box, then a real mouse press and release.
	r, err := e.Resolve(ctx, refByName(t, res, "button", "Pay now"))
	require.NoError(t, err)
	quads, err := r.Client.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().
		SetBackendNodeID(dom.BackendNodeID(r.Info.BackendNodeID)))
	require.NoError(t, err)
	require.NotEmpty(t, quads.Quads)
	q := quads.Quads[0]
	x, y := (q[0]+q[4])/2, (q[1]+q[5])/2
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		require.NoError(t, r.Client.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs(typ, x, y).
			SetButton(input.MouseButtonLeft).SetClickCount(1)))
	}
	require.NoError(t, r.Release(ctx))
	assert.Equal(t, `"paid"`, p.eval(ctx, "document.getElementById('out').textContent"))

	// Type: focus by backend id, then insert text.
	r, err = e.Resolve(ctx, refByName(t, res, "textbox", "Search"))
	require.NoError(t, err)
	require.NoError(t, r.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetBackendNodeID(dom.BackendNodeID(r.Info.BackendNodeID))))
	require.NoError(t, r.Client.Input.InsertText(ctx, input.NewInsertTextArgs("abc")))
	assert.Equal(t, `"typed abc"`, p.eval(ctx, "document.getElementById('out').textContent"))

	// Evaluate on the element: its handle reaches into the closed root.
	reply, err := r.Client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(
		`function() { return this.getRootNode().host.localName + ' ' + this.value; }`).
		SetObjectID(r.ObjectID).SetReturnByValue(true))
	require.NoError(t, err)
	require.Nil(t, reply.ExceptionDetails)
	assert.Equal(t, `"ds-field abc"`, string(reply.Result.Value))
	require.NoError(t, r.Release(ctx))

	// A nested closed root (a closed root inside a closed root).
	r, err = e.Resolve(ctx, refByName(t, res, "link", "Deep link"))
	require.NoError(t, err)
	require.NoError(t, r.Release(ctx))
}

// TestClosedShadowLookupsArePaidOnce checks that a page without custom
// elements never makes the CDP lookup, and that a page with them makes it
// on its first capture only.
func TestClosedShadowLookupsArePaidOnce(t *testing.T) {
	_, e, _ := openPage(t, "names")
	ctx := testContext(t)
	before := snapshot.ClosedLookups()
	for range 2 {
		_, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
	}
	assert.Equal(t, before, snapshot.ClosedLookups(), "lookups on a page without custom elements")

	_, e, _ = openPage(t, "closed-shadow")
	_, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	first := snapshot.ClosedLookups()
	assert.Greater(t, first, before, "the first capture looks for closed roots")
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, first, snapshot.ClosedLookups(), "a second capture asks again")
	refByName(t, res, "link", "Deep link")
}

// TestClosedShadowBackendIDsByTree places elements of closed roots in
// the whole-document describe as well.
func TestClosedShadowBackendIDsByTree(t *testing.T) {
	defer snapshot.SetEagerMethodForTest("tree")()
	compareWithAXTree(t, "closed-shadow")
}
