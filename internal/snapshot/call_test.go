package snapshot_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestCallRunsOnTheElementByValue: Call runs a function on a ref's element
// in one round trip (its value, a promise's once settled, and its
// arguments by value), reports a removed element as stale, and does not
// resolve a ref never issued.
func TestCallRunsOnTheElementByValue(t *testing.T) {
	p, e, ctx, res := openCaptured(t, "buttons")
	checkout := refByLine(t, res.Text, `button "Checkout"`)

	c, err := e.Call(ctx, checkout, `function (a, b) { return [this.textContent, a + b] }`, json.RawMessage(`2`), json.RawMessage(`3`))
	require.NoError(t, err)
	require.JSONEq(t, `["Checkout", 5]`, string(c.Value))
	require.Equal(t, "button", c.Info.Role)
	require.Same(t, p.client, c.Client)

	c, err = e.Call(ctx, checkout, `function () { return Promise.resolve(this.localName) }`)
	require.NoError(t, err)
	require.JSONEq(t, `"button"`, string(c.Value))

	fid, ok := e.WorldFrame(checkout)
	require.True(t, ok)
	require.Equal(t, res.Refs[checkout].FrameID, fid)

	_, ok, err = e.CallFrameOwner(ctx, checkout, `function () { return 1 }`)
	require.NoError(t, err)
	require.False(t, ok, "an element of the top document has no frame owner")

	p.eval(ctx, `[...document.querySelectorAll('button')].find(b => b.textContent === 'Checkout').remove()`)
	_, err = e.Call(ctx, checkout, `function () { return 1 }`)
	require.ErrorIs(t, err, snapshot.ErrStaleRef)
	_, err = e.Call(ctx, "e999", `function () { return 1 }`)
	require.ErrorIs(t, err, snapshot.ErrUnknownRef)
}

// TestCallFrameOwnerReachesTheIframe: for a ref in an out-of-process
// frame, CallFrameOwner runs on its <iframe> in the top document.
func TestCallFrameOwnerReachesTheIframe(t *testing.T) {
	p, _ := openOOPIFPage(t)
	ctx := testContext(t)
	e := snapshot.New(p.client, "", newTestFrames(t))
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	v, ok, err := e.CallFrameOwner(ctx, "e6", `function () { return [this.localName, this.title] }`)
	require.NoError(t, err)
	require.True(t, ok)
	require.JSONEq(t, `["iframe", "Remote"]`, string(v))
	fid, ok := e.WorldFrame("e6")
	require.True(t, ok)
	require.Equal(t, res.Refs["e6"].FrameID, fid)
	require.NotEqual(t, res.Refs["e1"].FrameID, fid)
}

// TestCallKeepsALongFunctionInTheWorld: a long function is sent once per
// world and named afterwards; a world that lost it (its script installed
// anew) gets the text again.
func TestCallKeepsALongFunctionInTheWorld(t *testing.T) {
	p, e, ctx, res := openCaptured(t, "buttons")
	checkout := refByLine(t, res.Text, `button "Checkout"`)
	long := `function (n) { /*` + strings.Repeat(" ", snapshot.KeptFrom) + `*/ return [this.textContent, n + 1] }`

	call := func(n int) {
		t.Helper()
		c, err := e.Call(ctx, checkout, long, json.RawMessage(strconv.Itoa(n)))
		require.NoError(t, err)
		require.JSONEq(t, fmt.Sprintf(`["Checkout", %d]`, n+1), string(c.Value))
	}
	before := snapshot.KeptSent()
	call(1)
	require.Equal(t, before, snapshot.KeptSent(), "the first call sends the text")
	call(2)
	require.Equal(t, before+1, snapshot.KeptSent(), "the second call names the kept function")

	// The world's script installed anew holds nothing kept: the call
	// falls back to the text, and keeps it again.
	_, err := e.Call(ctx, checkout, `function () { delete globalThis.__ab.kept; return 1 }`)
	require.NoError(t, err)
	call(3)
	require.Equal(t, before+2, snapshot.KeptSent())
	call(4)
	require.Equal(t, before+3, snapshot.KeptSent())

	// The page's own world sees nothing of it.
	require.Equal(t, `"undefined"`, p.eval(ctx, `typeof globalThis.__ab`))
}
