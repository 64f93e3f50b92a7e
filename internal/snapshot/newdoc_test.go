package snapshot_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// checkBackendIDs checks that every ref of res carries the backend node id
// of the very element its world holds for it, as DOM.describeNode of that
// element tells.
func checkBackendIDs(t *testing.T, ctx context.Context, p *testPage, e *snapshot.Engine, res *snapshot.Result) {
	t.Helper()
	for ref, info := range res.Refs {
		require.NotZero(t, info.BackendNodeID, "eager backend id of %s %v", ref, info)
		r, err := e.Resolve(ctx, ref)
		require.NoError(t, err, "resolving %s", ref)
		node, err := p.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(r.ObjectID))
		require.NoError(t, err, "describing %s", ref)
		assert.Equal(t, int64(node.Node.BackendNodeID), info.BackendNodeID, "backend id of %s %v", ref, info)
		require.NoError(t, r.Release(ctx))
	}
}

// TestBackendIDsByTreeOnTheKeptDocument places the elements of a first
// capture, then new ones, by whole-document describes, which go out with
// the paths on the handle to the document the world got from its install:
// no capture asks for the handle. The new buttons come first, so every
// element's path changed.
func TestBackendIDsByTreeOnTheKeptDocument(t *testing.T) {
	defer snapshot.SetEagerMethodForTest("tree")()
	p, e, _ := openPage(t, "buttons")
	ctx := testContext(t)
	handles := snapshot.DocumentHandles()
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	checkBackendIDs(t, ctx, p, e, res)
	p.eval(ctx, `for (const n of ['Added two', 'Added one']) { const b = document.createElement('button'); b.textContent = n; document.body.prepend(b); } true`)
	res, err = e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	refByName(t, res, "button", "Added one")
	checkBackendIDs(t, ctx, p, e, res)
	assert.Equal(t, handles, snapshot.DocumentHandles(), "the world's install answered with its document")

	// A world that lost its handle asks for a new one.
	snapshot.ForgetDocumentForTest(e)
	p.eval(ctx, `{ const b = document.createElement('button'); b.textContent = 'Added three'; document.body.prepend(b); } true`)
	res, err = e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	refByName(t, res, "button", "Added three")
	checkBackendIDs(t, ctx, p, e, res)
	assert.Equal(t, handles+1, snapshot.DocumentHandles(), "a new handle asked for once")
}

// TestCaptureOfANewDocument covers what the capture of a new document
// takes from the document before: the main frame's id, asked again when
// the browser no longer knows it; the probe's last finding, which a page
// with script-set click handlers proves wrong; and Replacing, after which
// the gone document's world is not asked at all.
func TestCaptureOfANewDocument(t *testing.T) {
	p, e, s := openPage(t, "buttons")
	ctx := testContext(t)
	capture := func() *snapshot.Result {
		t.Helper()
		res, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		return res
	}
	capture()
	old := refByName(t, capture(), "button", "Checkout") // the probe found nothing twice

	replaced := e.Replacing()
	p.navigate(ctx, s.url("/clickable.html"))
	replaced()
	before := e.Replaced()
	res := capture()
	assert.Equal(t, before, e.Replaced(), "the capture asked the gone document's world")
	assert.Regexp(t, `clickable \[ref=e\d+\]: Row 4`, res.Text, "the handler the page set at load")
	checkBackendIDs(t, ctx, p, e, res)
	_, err := e.Resolve(ctx, old)
	var stale *snapshot.StaleRefError
	require.True(t, errors.As(err, &stale), "a ref of the gone document: %v", err)

	// A navigation the engine is not told of, to a main frame it does
	// not know.
	snapshot.SetTopFrameForTest(e, "0123456789ABCDEF0123456789ABCDEF")
	p.navigate(ctx, s.url("/buttons.html"))
	res = capture()
	assert.Equal(t, before+1, e.Replaced(), "the capture found the world gone")
	assert.NotContains(t, res.Text, "Row 4")
	refByName(t, res, "button", "Checkout")
	checkBackendIDs(t, ctx, p, e, res)
}
