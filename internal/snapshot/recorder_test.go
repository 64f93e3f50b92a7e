package snapshot_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// recorderPage checks, from the page's own script, that the listener
// record changes nothing the page can rely on, and counts what it can
// see of agentbrowser: mutations, events of types it does not know (a
// page that wraps dispatchEvent and listens in the capture phase), and
// traps it planted on Object.prototype.
const recorderPage = `<!doctype html><title>record</title>
<div id="a">A</div><div id="b">B</div>
<script>
const seen = { mutations: 0, foreign: 0, trapped: 0 };
window.seen = seen;
new MutationObserver((l) => { seen.mutations += l.length; }).observe(document, { subtree: true, childList: true, attributes: true });
const known = new Set(['click', 'mousedown', 'load', 'DOMContentLoaded', 'readystatechange', 'pageshow', 'visibilitychange', 'focus', 'blur']);
const origDispatch = EventTarget.prototype.dispatchEvent;
EventTarget.prototype.dispatchEvent = function (ev) { if (!known.has(ev.type)) seen.foreign++; return origDispatch.call(this, ev); };
Object.prototype.get = function () { seen.trapped++; };
Object.prototype.apply = function () { seen.trapped++; };
const a = document.getElementById('a');
let clicks = 0;
const f = () => { clicks++; };
const ret = a.addEventListener('click', f);
a.click();
a.removeEventListener('click', f);
a.click();
const g = () => {};
document.getElementById('b').onmousedown = g;
window.checks = {
  returns: ret === undefined,
  clicks: clicks === 1,
  property: document.getElementById('b').onmousedown === g,
  name: EventTarget.prototype.addEventListener.name === 'addEventListener',
  length: EventTarget.prototype.addEventListener.length === 2,
  throws: (() => { try { EventTarget.prototype.addEventListener.call({}, 'click', f); return false; } catch (e) { return e instanceof TypeError; } })(),
};
</script>`

// TestRecorderChangesNothingThePageSees: with the listener record in
// place and snapshots taken, the page's listeners and properties behave
// as without it, and the page sees no mutation, no event and no trap of
// ours.
func TestRecorderChangesNothingThePageSees(t *testing.T) {
	s := newServers(t)
	s.add("/r", recorderPage)
	p := newPage(t)
	ctx := testContext(t)
	p.navigate(ctx, s.url("/r"))
	e := snapshot.New(p.client, "", nil)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.Contains(t, res.Text, "clickable [ref=", "the listeners were recorded:\n%s", res.Text)
	_, err = e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"returns":true,"clicks":true,"property":true,"name":true,"length":true,"throws":true}`, p.eval(ctx, "window.checks"))
	assert.JSONEq(t, `{"mutations":0,"foreign":0,"trapped":0}`, p.eval(ctx, "window.seen"))
}
