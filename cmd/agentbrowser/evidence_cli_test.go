package main_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// evidenceHTML is an app made actionable by script alone: a palette of
// divs with mouse handlers, an empty grid whose cells a handler on the
// grid serves, a list sorted by pointer handlers on the list, a node drawn
// in SVG, an editor whose focus target is a 0-px element, a field in a
// 0-px high clipping box that does not clip it, and a closed shadow root
// on a div.
const evidenceHTML = `<!doctype html><title>app</title>
<style>
.palette div { border: 1px solid #888; margin: 2px; width: 120px; }
.grid { display: grid; grid-template-columns: repeat(2, 60px); }
.grid [role=gridcell] { height: 20px; border: 1px solid #ccc; }
.surface { width: 320px; height: 60px; border: 1px solid #000; position: relative; }
.ec { position: absolute; top: 0; left: 0; width: 0; height: 18px; overflow: hidden; }
.clip { height: 0; overflow: hidden; }
.clip input { position: absolute; top: 420px; left: 400px; }
</style>
<div class="palette"><div>inject</div><div>debug</div></div>
<div role="grid" aria-label="Sheet" class="grid" id="grid">
  <div role="row"><div role="gridcell"></div><div role="gridcell"></div></div>
  <div role="row"><div role="gridcell"></div><div role="gridcell"></div></div>
</div>
<ul id="list"><li>Item 1</li><li>Item 2</li><li>Item 3</li></ul>
<svg width="300" height="60"><g id="node" transform="translate(10,10)"><rect width="90" height="30" fill="#ddd"></rect><text x="8" y="20">inject node</text></g><text x="150" y="30">idle</text></svg>
<div class="surface" id="surface"><div class="ec" role="textbox" aria-label="Code" tabindex="-1"></div><div id="lines">let x = 1;</div></div>
<div class="clip"><input aria-label="Modal field"></div>
<div id="host"></div>
<p id="out">none</p>
<script>
const out = document.getElementById('out');
for (const d of document.querySelectorAll('.palette div')) d.addEventListener('mousedown', () => { out.textContent = 'picked ' + d.textContent; });
document.getElementById('grid').addEventListener('click', (e) => {
  const c = e.target.closest('[role=gridcell]');
  const r = c.parentElement;
  out.textContent = 'cell ' + [...r.parentElement.children].indexOf(r) + ',' + [...r.children].indexOf(c);
});
document.getElementById('list').addEventListener('pointerdown', (e) => { out.textContent = 'drag ' + e.target.textContent; });
document.getElementById('node').addEventListener('mousedown', () => { out.textContent = 'node'; });
const ec = document.querySelector('.ec');
document.getElementById('surface').addEventListener('mousedown', (e) => { e.preventDefault(); ec.focus(); });
const r = document.getElementById('host').attachShadow({ mode: 'closed' });
r.innerHTML = '<button>Inside</button>';
r.querySelector('button').addEventListener('click', () => { out.textContent = 'inside'; });
</script>`

// suggestHTML is a page of a site whose header's search box opens
// suggestions inside the header.
func suggestHTML(title string) string {
	return `<!doctype html><title>` + title + `</title>
<header><a href="/">Shop</a><form role="search"><input aria-label="Search" id="q"><button>Go</button></form><div id="sugg"></div>
<a href="/c1">Mugs</a><a href="/c2">Cups</a></header>
<main><h1>` + title + `</h1></main>
<script>
document.getElementById('q').addEventListener('input', (e) => {
  const v = e.target.value;
  document.getElementById('sugg').innerHTML = v ? '<ul role="listbox" aria-label="Suggestions"><li role="option">' + v + ' mug</li></ul>' : '';
});
</script>`
}

func evidenceSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/a", "/b":
			fmt.Fprint(w, suggestHTML(strings.Trim(r.URL.Path, "/")))
		default:
			fmt.Fprint(w, evidenceHTML)
		}
	}))
}

// refIn returns the ref on the first line of text that matches line (a
// regular expression).
func refIn(t *testing.T, text, line string) string {
	t.Helper()
	m := regexp.MustCompile(line + `.*?\[ref=(e\d+)\]`).FindStringSubmatch(text)
	require.NotNil(t, m, "no line matching %q with a ref in:\n%s", line, text)
	return m[1]
}

// TestCLIRefsByEvidence acts, by the refs a snapshot gives, on elements
// only script makes actionable.
func TestCLIRefsByEvidence(t *testing.T) {
	srv := evidenceSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))
	snap := c.ok("snapshot")["snapshot"].(string)
	t.Logf("snapshot:\n%s", snap)
	out := func() string { return c.ok("eval", "out.textContent")["value"].(string) }

	c.ok("click", refIn(t, snap, `- clickable `))
	assert.Equal(t, "picked inject", out())
	items := regexp.MustCompile(`- listitem \[ref=(e\d+)\]: Item`).FindAllStringSubmatch(snap, -1)
	require.Len(t, items, 3, "every item of the sorted list has a ref")
	c.ok("click", items[1][1])
	assert.Equal(t, "drag Item 2", out())
	cells := regexp.MustCompile(`- gridcell \[ref=(e\d+)\]`).FindAllStringSubmatch(snap, -1)
	require.Len(t, cells, 4, "every empty cell has a ref")
	c.ok("click", cells[3][1])
	assert.Equal(t, "cell 1,1", out())
	c.ok("click", refIn(t, snap, `- clickable "inject node"`))
	assert.Equal(t, "node", out())

	// The closed shadow root on a div: in the snapshot, and by locator.
	assert.Contains(t, snap, `button "Inside"`)
	c.ok("click", `role=button[name="Inside"]`)
	assert.Equal(t, "inside", out())

	// Hidden is what has no box: an SVG label and a field a 0-px box
	// does not clip are not.
	for _, loc := range []string{"text=idle", "label=Modal field"} {
		found := c.ok("find", loc)
		require.EqualValues(t, 1, found["total"], loc)
		m := found["matches"].([]any)[0].(map[string]any)
		assert.NotEqual(t, true, m["hidden"], "%s: %v", loc, m)
	}

	// The editor is one textbox line, its ref on the visible surface: a
	// click there focuses the editor's 0-px target, as a user's does.
	code := refIn(t, snap, `- textbox "Code"`)
	assert.Contains(t, snap, `textbox "Code" [ref=`+code+`]: let x = 1;`)
	assert.Equal(t, 1, strings.Count(snap, "textbox \"Code\""))
	c.ok("click", code)
	assert.Equal(t, "Code", c.ok("eval", "document.activeElement.getAttribute('aria-label')")["value"])
}

// TestCLISiteChromeExpandsWhenItChanges: a banner said once on a second
// page shows whole once typing in it makes it differ from what this page
// showed, even when it becomes what the first page showed.
func TestCLISiteChromeExpandsWhenItChanges(t *testing.T) {
	srv := evidenceSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/a"))
	c.ok("snapshot")
	c.ok("type", "label=Search", "blue")
	a := c.ok("snapshot")["snapshot"].(string)
	require.Contains(t, a, `option "blue mug"`)

	c.ok("open", srv.MainURL("/b"))
	b := c.ok("snapshot")["snapshot"].(string)
	require.Contains(t, b, "same as on an earlier page", b)
	c.ok("type", "label=Search", "blue")
	typed := c.ok("snapshot")["snapshot"].(string)
	assert.Contains(t, typed, `option "blue mug"`)
	assert.NotContains(t, typed, "same as on an earlier page")
}
