package snapshot_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/accessibility"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// testFrames reaches out-of-process frames by dialing their targets'
// websockets, found through /json/list (an OOPIF's target id is its frame
// id). The session layer does this with flat sessions instead.
type testFrames struct {
	mu      sync.Mutex
	clients map[events.FrameID]*cdp.Client
	conns   []*rpcc.Conn
}

func newTestFrames(t *testing.T) *testFrames {
	f := &testFrames{clients: map[events.FrameID]*cdp.Client{}}
	t.Cleanup(func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, c := range f.conns {
			c.Close()
		}
	})
	return f
}

func (f *testFrames) FrameClient(ctx context.Context, frameID events.FrameID) (*cdp.Client, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.clients[frameID]; ok {
		return c, true
	}
	targets, err := shared.dt.List(ctx)
	if err != nil {
		return nil, false
	}
	for _, tg := range targets {
		if tg.Type != "iframe" || tg.ID != string(frameID) {
			continue
		}
		conn, client, err := dialTarget(ctx, tg.WebSocketDebuggerURL)
		if err != nil {
			return nil, false
		}
		f.conns = append(f.conns, conn)
		f.clients[frameID] = client
		return client, true
	}
	return nil, false
}

var _ snapshot.FrameSessions = (*testFrames)(nil)

// openOOPIFPage loads a page on 127.0.0.1 that embeds frame-inner.html from
// localhost, a different site, so it runs out of process.
func openOOPIFPage(t *testing.T) (*testPage, *servers) {
	s := newServers(t)
	s.add("/oopif.html", fmt.Sprintf(`<!doctype html><title>Outer</title>
<h1>Outer</h1><button>Outer button</button>
<iframe src=%q title="Remote"></iframe>`, s.otherURL("/frame-inner.html")))
	p := newPage(t)
	p.navigate(testContext(t), s.url("/oopif.html"))
	return p, s
}

func TestOOPIFInlinedThroughItsSession(t *testing.T) {
	p, _ := openOOPIFPage(t)
	ctx := testContext(t)
	frames := newTestFrames(t)
	e := snapshot.New(p.client, "", frames)

	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	want := `- heading "Outer" [level=1] [ref=e1]
- button "Outer button" [ref=e2]
- iframe "Remote" [ref=e3]:
  - heading "Card" [level=2] [ref=e4]
  - textbox "Card number" [ref=e5]
  - button "Confirm" [ref=e6]
  - paragraph: Waiting`
	require.Equal(t, want, res.Text)

	top := res.Refs["e1"].FrameID
	inner := res.Refs["e6"].FrameID
	require.NotEqual(t, top, inner, "frame refs carry the OOPIF's frame id")
	oopif, ok := frames.FrameClient(ctx, inner)
	require.True(t, ok, "frame id %s is an iframe target", inner)

	// Refs resolve on the OOPIF's session to the node its AX tree knows.
	r, err := e.Resolve(ctx, "e6")
	require.NoError(t, err)
	require.Same(t, oopif, r.Client)
	ax, err := oopif.Accessibility.GetFullAXTree(ctx, accessibility.NewGetFullAXTreeArgs())
	require.NoError(t, err)
	found := false
	for _, n := range ax.Nodes {
		if n.BackendDOMNodeID != nil && int64(*n.BackendDOMNodeID) == r.Info.BackendNodeID {
			found = true
			assert.JSONEq(t, `"button"`, string(n.Role.Value))
			assert.JSONEq(t, `"Confirm"`, string(n.Name.Value))
		}
	}
	require.True(t, found, "backend id %d in the OOPIF's AX tree", r.Info.BackendNodeID)

	// Click it through the isolated-world handle and see the frame change.
	_, err = r.Client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(`function () { this.click(); }`).
		SetObjectID(r.ObjectID))
	require.NoError(t, err)
	require.NoError(t, r.Release(ctx))
	status, err := oopif.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(`document.getElementById('status').textContent`).SetReturnByValue(true))
	require.NoError(t, err)
	assert.JSONEq(t, `"Confirmed"`, string(status.Result.Value))

	again, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Contains(t, again.Text, "  - paragraph: Confirmed")
	assert.Equal(t, res.Refs["e6"].FrameID, again.Refs["e6"].FrameID, "refs stable across snapshots")

	// Scope to the iframe, and Interactive, reach into the OOPIF too.
	scoped, err := e.Capture(ctx, snapshot.Options{Scope: "e3", Interactive: true})
	require.NoError(t, err)
	assert.Equal(t, "- iframe \"Remote\" [ref=e3]\n- heading \"Card\" [level=2] [ref=e4]\n- textbox \"Card number\" [ref=e5]\n- button \"Confirm\" [ref=e6]", scoped.Text)
	inFrame, err := e.Capture(ctx, snapshot.Options{Scope: "e6"})
	require.NoError(t, err)
	assert.Equal(t, `- button "Confirm" [ref=e6]`, inFrame.Text)

	// MaxDepth 1 stops at the iframe line.
	shallow, err := e.Capture(ctx, snapshot.Options{MaxDepth: 1})
	require.NoError(t, err)
	assert.NotContains(t, shallow.Text, "Confirm")

	// Navigating the frame makes its refs stale.
	p.eval(ctx, `document.querySelector('iframe').src = document.querySelector('iframe').src + '?again'`)
	eventually(t, func() bool {
		_, err = e.Resolve(ctx, "e6")
		return err != nil
	})
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
}

func TestOOPIFWithoutFrameSessions(t *testing.T) {
	p, _ := openOOPIFPage(t)
	e := snapshot.New(p.client, "", nil)
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, "- heading \"Outer\" [level=1] [ref=e1]\n- button \"Outer button\" [ref=e2]\n- iframe \"Remote\" [ref=e3]", res.Text)
}
