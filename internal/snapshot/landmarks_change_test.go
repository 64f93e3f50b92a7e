package snapshot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// suggestPage is a page of a site whose header's search box opens a list
// of suggestions inside the header as the user types.
func suggestPage(title string) string {
	return `<!doctype html><title>` + title + `</title>
<header><a href="/">Shop</a><form role="search"><input aria-label="Search" id="q"><button>Go</button></form><div id="sugg"></div>
<a href="/c1">Mugs</a><a href="/c2">Cups</a></header>
<main><h1>` + title + `</h1><p>Welcome</p></main>
<script>
document.getElementById('q').addEventListener('input', (e) => {
  const v = e.target.value;
  document.getElementById('sugg').innerHTML = v ? '<ul role="listbox" aria-label="Suggestions"><li role="option">' + v + ' mug</li><li role="option">' + v + ' cup</li></ul>' : '';
});
</script>`
}

// typeSearch types text into the search box of res as a user does:
// focus, then insert.
func typeSearch(ctx context.Context, t *testing.T, e *snapshot.Engine, res *snapshot.Result, text string) {
	t.Helper()
	r, err := e.Resolve(ctx, refByName(t, res, "textbox", "Search"))
	require.NoError(t, err)
	require.NoError(t, r.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetBackendNodeID(dom.BackendNodeID(r.Info.BackendNodeID))))
	require.NoError(t, r.Client.Input.InsertText(ctx, input.NewInsertTextArgs(text)))
	require.NoError(t, r.Release(ctx))
}

// TestSiteChromeExpandsWhenItChanges types into the search box of a
// collapsed banner: the banner's suggestions show in the next capture,
// and once they are gone the banner is said once again.
func TestSiteChromeExpandsWhenItChanges(t *testing.T) {
	s := newServers(t)
	s.add("/a", suggestPage("Home"))
	s.add("/b", suggestPage("Mugs"))
	p := newPage(t)
	ctx := testContext(t)
	e := snapshot.New(p.client, "", nil)

	p.navigate(ctx, s.url("/a"))
	_, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	p.navigate(ctx, s.url("/b"))
	b, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Contains(t, b.Text, "- banner", b.Text)
	require.Contains(t, b.Text, "same as on an earlier page", "the banner is said once on page b")
	search := refOf(t, b.Text, "- banner")

	// Type as a user does, into the search box the banner holds.
	typeSearch(ctx, t, e, b, "blue")

	typed, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	t.Logf("after typing:\n%s", typed.Text)
	assert.Contains(t, typed.Text, `option "blue mug"`)
	assert.Contains(t, typed.Text, `value="blue"`)
	assert.NotContains(t, typed.Text, "same as on an earlier page: ", "the banner differs from page a's")
	assert.Empty(t, typed.Repeated)
	assert.Contains(t, typed.Text, "- banner [ref="+string(search)+"]", "the banner keeps its ref")
	d := snapshot.DiffText(b.Text, typed.Text)
	assert.Contains(t, d.Text, `option "blue mug"`)

	// Cleared, the banner is page a's again, yet not what this page
	// showed last: it is shown whole, without the suggestions.
	p.eval(ctx, `(() => { const q = document.getElementById('q'); q.value = ''; q.dispatchEvent(new Event('input')); return 1; })()`)
	cleared, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	assert.False(t, strings.Contains(cleared.Text, "same as on an earlier page"), cleared.Text)
	assert.NotContains(t, cleared.Text, "Suggestions")
	assert.Contains(t, cleared.Text, `link "Cups"`)
}

// TestSiteChromeExpandsWhenItTurnsIntoAnEarlierPages: the banner of page
// b turns, as the user types, into what page a's banner showed after the
// same typing. It is not what this page showed a moment ago, so it is
// shown whole, not said once.
func TestSiteChromeExpandsWhenItTurnsIntoAnEarlierPages(t *testing.T) {
	s := newServers(t)
	s.add("/a", suggestPage("Home"))
	s.add("/b", suggestPage("Mugs"))
	p := newPage(t)
	ctx := testContext(t)
	e := snapshot.New(p.client, "", nil)

	p.navigate(ctx, s.url("/a"))
	a, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	typeSearch(ctx, t, e, a, "blue")
	a, err = e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Contains(t, a.Text, `option "blue mug"`)

	p.navigate(ctx, s.url("/b"))
	b, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.Contains(t, b.Text, "same as on an earlier page", "page b's banner is page a's first one")
	typeSearch(ctx, t, e, b, "blue")
	typed, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	t.Logf("after typing:\n%s", typed.Text)
	assert.Contains(t, typed.Text, `option "blue mug"`)
	assert.Empty(t, typed.Repeated)
	d := snapshot.DiffText(b.Text, typed.Text)
	assert.Contains(t, d.Text, `option "blue mug"`)
}
