package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestPageScriptsCannotInterfere checks that the walk runs in its own
// world: a page that wrecks the DOM and JS built-ins of its main world
// gets the same snapshot, and sees no trace of the engine.
func TestPageScriptsCannotInterfere(t *testing.T) {
	p, e, _ := openPage(t, "form")
	ctx := testContext(t)
	clean, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)

	p.eval(ctx, `(() => {
		Element.prototype.getAttribute = () => 'hijacked';
		Element.prototype.checkVisibility = () => false;
		window.getComputedStyle = () => ({ display: 'none' });
		Array.prototype.push = function () { throw new Error('no push'); };
		Array.prototype.join = () => 'hijacked';
		String.prototype.trim = () => 'hijacked';
		window.WeakMap = null;
		return true;
	})()`)
	again, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, clean.Text, again.Text)
	assert.Equal(t, clean.Refs, again.Refs)
	assert.Equal(t, "true", p.eval(ctx, `typeof globalThis.__ab === 'undefined'`))
}

func TestEmptyPage(t *testing.T) {
	p := newPage(t)
	e := snapshot.New(p.client, "", nil)
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	assert.Equal(t, "", res.Text)
	assert.Empty(t, res.Refs)
	assert.Equal(t, "about:blank", res.URL)
}

// TestHostileOnclickAccessor checks that a page whose onclick accessor
// never returns delays a capture by the probe's timeout only.
func TestHostileOnclickAccessor(t *testing.T) {
	p, e, _ := openPage(t, "buttons")
	ctx := testContext(t)
	p.eval(ctx, `(() => {
		Object.defineProperty(HTMLElement.prototype, 'onclick', { get() { for (;;) {} } });
		return true;
	})()`)
	res, err := e.Capture(ctx, snapshot.Options{Interactive: true})
	require.NoError(t, err)
	assert.Contains(t, res.Text, `button "Checkout"`)
}

// TestScriptClicksFollowThePage checks that an onclick property set or
// cleared by page script between snapshots shows in the next one, both
// when the probe for such handlers runs before the walk and when it runs
// alongside it (a world whose last probe found none): a probe that finds
// one there must have the walk run again with the marks.
func TestScriptClicksFollowThePage(t *testing.T) {
	p, e, _ := openPage(t, "clickable")
	ctx := testContext(t)
	// Clickable, row 4 is a ref'd line with its text: "- clickable
	// [ref=eN]: Row 4"; otherwise its list item holds the text.
	const row4 = `]: Row 4`
	capture := func() string {
		t.Helper()
		res, err := e.Capture(ctx, snapshot.Options{})
		require.NoError(t, err)
		return res.Text
	}
	require.Contains(t, capture(), row4, "probe first: the handler the page set at load")
	p.eval(ctx, `document.getElementById('r4').onclick = null, true`)
	require.NotContains(t, capture(), row4, "probe first, finding nothing")
	require.NotContains(t, capture(), row4, "probe alongside the walk, finding nothing")
	p.eval(ctx, `document.getElementById('r4').onclick = () => {}, true`)
	require.Contains(t, capture(), row4, "probe alongside the walk, finding the new handler")
	require.Contains(t, capture(), row4, "probe first again")
	p.eval(ctx, `document.getElementById('r4').onclick = null, true`)
	require.NotContains(t, capture(), row4)
	for i := range 3 {
		require.NotContains(t, capture(), row4, "capture %d with the probe alongside", i)
	}
}
