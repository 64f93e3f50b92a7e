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
	e := snapshot.New(p.client, nil)
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
