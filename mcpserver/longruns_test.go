package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// A click that opens a long list answers with its first items and a count
// of the rest; a snapshot asked for shows them all (an agent looks there
// for the item to pick), and so does one of the list, with refs that act.
func TestALongListShowsItsFirstItemsAndCountsTheRest(t *testing.T) {
	var opts strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&opts, `<div role="option">Country %d</div>`, i)
	}
	c := onPage(t, `<button onclick="document.getElementById('l').hidden=false">Pick a country</button>
<div id="l" role="listbox" aria-label="Countries" hidden>`+opts.String()+`</div>
<p id="picked">none</p>
<script>document.getElementById('l').onclick = (e) => document.getElementById('picked').textContent = e.target.textContent</script>`)
	snap, _ := c.call("browser_snapshot", map[string]any{})
	out, _ := c.call("browser_click", map[string]any{"target": refOf(t, snap, "button", "Pick a country")})
	list := refOf(t, out, "listbox", "Countries")
	more := "  - ... 50 more option lines: browser_snapshot with target " + list + " shows them all"
	assert.Contains(t, out, `option "Country 10"`)
	assert.NotContains(t, out, `option "Country 11"`)
	assert.Contains(t, out, more)
	assert.Less(t, len(out), 1000, out)

	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.NotContains(t, snap, "more option lines")
	assert.Contains(t, snap, `option "Country 60"`)
	part, sc := c.call("browser_snapshot", map[string]any{"target": list})
	assert.NotContains(t, part, "more option lines")
	assert.EqualValues(t, 61, sc["refs"])
	out, _ = c.call("browser_click", map[string]any{"target": refOf(t, part, "option", "Country 60")})
	assert.Contains(t, out, `Country 60`)
}

// A long run of other lines (a calendar's days, a table's rows) is shown
// whole in a snapshot.
func TestASnapshotShowsLongRunsOfContentWhole(t *testing.T) {
	var rows strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&rows, `<li><a href="#%d">Result %d</a></li>`, i, i)
	}
	c := onPage(t, `<ul>`+rows.String()+`</ul>`)
	snap, _ := c.call("browser_snapshot", map[string]any{})
	assert.Contains(t, snap, `link "Result 40"`)
	assert.NotContains(t, snap, "more")
}

// A short list is shown whole.
func TestActionAnswerShowsAShortListWhole(t *testing.T) {
	var opts strings.Builder
	for i := 1; i <= 25; i++ {
		fmt.Fprintf(&opts, `<li><a href="#%d">Item %d</a></li>`, i, i)
	}
	c := onPage(t, `<button onclick="document.getElementById('l').hidden=false">Show</button>
<ul id="l" hidden>`+opts.String()+`</ul>`)
	snap, _ := c.call("browser_snapshot", map[string]any{})
	out, _ := c.call("browser_click", map[string]any{"target": refOf(t, snap, "button", "Show")})
	require.Contains(t, out, `link "Item 25"`)
	assert.NotContains(t, out, "more")
}

// A snapshot of a page whose url and title this client was told already
// (by a snapshot, an action's answer, or its own navigation's url) leaves
// them out, and the tree stands alone; a new page's snapshot says them.
func TestSnapshotSaysTheURLAndTitleWhenNew(t *testing.T) {
	testkit.Endpoint(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/next", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<title>Page %s</title><a href="/next">Next</a>`, r.URL.Path)
	}))
	t.Cleanup(srv.Close)
	c := connect(t, mcpserver.Incremental)
	out, _ := c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	require.Contains(t, out, "- Page Title: Page /\n")
	snap, sc := c.call("browser_snapshot", map[string]any{})
	assert.True(t, strings.HasPrefix(snap, "- link \"Next\" [ref="), "the navigation's answer said them:\n%s", snap)
	assert.Equal(t, "Page /", sc["title"], "the structured content keeps them")

	// The client snapshots after navigating: the next navigation leaves
	// the url and title to the snapshot, which says the title (the client
	// knows the url it asked for) once.
	c.call("browser_navigate", map[string]any{"url": srv.URL + "/next"})
	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.True(t, strings.HasPrefix(snap, "- Page Title: Page /next\n### Snapshot\n- link"), snap)
	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.NotContains(t, snap, "Page Title")
	// A navigation that ended elsewhere than it asked: the url too.
	c.call("browser_navigate", map[string]any{"url": srv.URL + "/moved"})
	snap, _ = c.call("browser_snapshot", map[string]any{})
	assert.True(t, strings.HasPrefix(snap, "- Page URL: "+srv.URL+"/next\n- Page Title: Page /next\n### Snapshot\n"), snap)
}

// An action that changes the url and keeps the title (a route of a
// single-page app) says the url only.
func TestActionSaysWhatChangedOfTheURLAndTitle(t *testing.T) {
	c := onPage(t, `<title>Shop</title><button onclick="history.pushState(null, '', '#/cart')">Cart</button>
<button onclick="document.title = 'Cart'">Rename</button>`)
	snap, _ := c.call("browser_snapshot", map[string]any{})
	out, _ := c.call("browser_click", map[string]any{"target": refOf(t, snap, "button", "Cart")})
	assert.Contains(t, out, "- Page URL: ")
	assert.NotContains(t, out, "Page Title")
	out, _ = c.call("browser_click", map[string]any{"target": refOf(t, snap, "button", "Rename")})
	assert.Contains(t, out, "- Page Title: Cart\n")
	assert.NotContains(t, out, "Page URL")
}
