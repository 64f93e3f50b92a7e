package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// pointerPage has a sortable list on pointer events (a drag starts after
// 5 px over three moves; each move passes the item over at most one
// neighbour), a kanban board on HTML5 drag and drop, a drop zone with no
// file input and a button under a sheet.
const pointerPage = `<!doctype html><title>pointer</title>
<style>body{margin:0;display:flex;gap:30px;padding:10px}
#list{list-style:none;margin:0;padding:0;width:160px} #list li{height:30px;margin:0 0 4px;background:#def;touch-action:none}
#list.plain li{user-select:none}
.col{width:140px;min-height:120px;background:#eee} .card{height:26px;margin:4px;background:#fff}
#zone{width:160px;height:80px;border:2px dashed #888}
#btn{position:absolute;left:10px;top:300px;width:100px;height:30px} #sheet{position:absolute;left:0;top:290px;width:140px;height:60px;background:#ccc}</style>
<ul id=list aria-label=Items><li>Item 1</li><li>Item 2</li><li>Item 3</li><li>Item 4</li><li>Item 5</li></ul>
<section class=col id=todo aria-label="To do"><div class=card draggable=true id=c1>Write docs</div></section>
<section class=col id=done aria-label=Done></section>
<div id=zone role=region aria-label="Drop zone">Drop here</div><ul id=got></ul>
<button id=btn onclick="window.pressed = (window.pressed || 0) + 1">Hidden</button><div id=sheet></div>
<script>
let drag = null;
list.addEventListener('pointerdown', (e) => { const li = e.target.closest('li'); if (li) drag = {li, x: e.clientX, y: e.clientY, n: 0, on: false}; });
document.addEventListener('pointermove', (e) => {
  if (!drag) return;
  drag.n++;
  if (!drag.on) { if (drag.n < 3 || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return; drag.on = true; }
  const mid = (c) => { const r = c.getBoundingClientRect(); return r.top + r.height / 2; };
  const p = drag.li.previousElementSibling, n = drag.li.nextElementSibling;
  if (p && e.clientY < mid(p)) list.insertBefore(drag.li, p); else if (n && e.clientY > mid(n)) list.insertBefore(n, drag.li);
});
document.addEventListener('pointerup', () => { drag = null; });
document.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', e.target.id));
for (const c of document.querySelectorAll('.col')) {
  c.addEventListener('dragover', (e) => e.preventDefault());
  c.addEventListener('drop', (e) => { e.preventDefault(); c.appendChild(document.getElementById(e.dataTransfer.getData('text/plain'))); });
}
zone.addEventListener('dragover', (e) => e.preventDefault());
zone.addEventListener('drop', (e) => {
  e.preventDefault();
  for (const f of e.dataTransfer.files) { const li = document.createElement('li'); li.textContent = f.name; got.appendChild(li); }
  const t = e.dataTransfer.getData('text/uri-list'); if (t) { const li = document.createElement('li'); li.textContent = t; got.appendChild(li); }
});
window.order = () => Array.from(list.children).map((li) => li.textContent.slice(5)).join(',');
</script>`

func pointerSite(t *testing.T) *httptest.Server {
	testkit.Endpoint(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, pointerPage)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// evalString reads a string from the page through browser_evaluate.
func (c *client) evalString(fn string) string {
	c.t.Helper()
	_, st := c.call("browser_evaluate", map[string]any{"function": fn})
	s, _ := st["value"].(string)
	return s
}

// browser_drag moves the list's item as a user's drag does, before or
// after the target when asked, and moves a card through HTML5 drag and
// drop; its text says where the element ended.
func TestDragToolSaysWhereItEnded(t *testing.T) {
	srv := pointerSite(t)
	c := connect(t, mcpserver.None)
	c.call("browser_navigate", map[string]any{"url": srv.URL})
	text, st := c.call("browser_drag", map[string]any{"startTarget": "css=#list li:nth-child(5)", "endTarget": "text=Item 1"})
	assert.Equal(t, "5,1,2,3,4", c.evalString("() => order()"))
	assert.Contains(t, text, "moved from position 5 to 1 of 5 in ")
	assert.Contains(t, st, "from")
	c.call("browser_drag", map[string]any{"startTarget": "text=Item 5", "endTarget": "text=Item 3", "position": "after"})
	assert.Equal(t, "1,2,3,5,4", c.evalString("() => order()"))

	text, _ = c.call("browser_drag", map[string]any{"startTarget": "css=#c1", "endTarget": "css=#done"})
	assert.Equal(t, "done", c.evalString("() => c1.parentElement.id"))
	assert.Contains(t, text, "the page received a drop")

	code, _ := c.fail("browser_drag", map[string]any{"startTarget": "css=#zone", "endTarget": "css=#got"})
	assert.Equal(t, "not_applied", code)
	_, msg := c.fail("browser_drag", map[string]any{"startTarget": "text=Item 1", "endTarget": "text=Item 2", "position": "middle"})
	assert.Contains(t, msg, "position")
}

// browser_drop drops files and data onto a drop zone without a file input.
func TestDropTool(t *testing.T) {
	srv := pointerSite(t)
	dir := t.TempDir()
	// The stdio client's files: the operator allows dir (--allow-paths).
	c := connectWith(t, mcpserver.Options{SnapshotMode: mcpserver.None, Files: mcpserver.Files{AllowPaths: []string{dir}}})
	c.call("browser_navigate", map[string]any{"url": srv.URL})
	f := filepath.Join(dir, "report.pdf")
	require.NoError(t, os.WriteFile(f, []byte("%PDF"), 0o600))
	text, st := c.call("browser_drop", map[string]any{"target": "css=#zone", "paths": []string{f}, "data": map[string]any{"text/uri-list": "https://example.com/"}})
	assert.Equal(t, "report.pdf|https://example.com/", c.evalString("() => Array.from(got.children).map(li => li.textContent).join('|')"))
	assert.Contains(t, text, "received a drop on div#zone")
	drop := st["details"].(map[string]any)["drop"].(map[string]any)
	assert.Equal(t, float64(1), drop["files"])
	code, _ := c.fail("browser_drop", map[string]any{"target": "css=#zone"})
	assert.Equal(t, "invalid_argument", code)
	code, _ = c.fail("browser_drop", map[string]any{"target": "css=#list", "paths": []string{f}})
	assert.Equal(t, "not_applied", code)
}

// force clicks an element under another through script, and says so.
func TestClickForce(t *testing.T) {
	srv := pointerSite(t)
	c := connect(t, mcpserver.None)
	c.call("browser_navigate", map[string]any{"url": srv.URL})
	code, _ := c.fail("browser_click", map[string]any{"target": "css=#btn"})
	assert.Equal(t, "element_covered", code)
	text, _ := c.call("browser_click", map[string]any{"target": "css=#btn", "force": true})
	assert.Contains(t, text, "through script (force)")
	_, st := c.call("browser_evaluate", map[string]any{"function": "() => window.pressed"})
	assert.Equal(t, float64(1), st["value"])
}

// The coordinate tools are listed only with the vision capability, under
// Playwright MCP's names and arguments.
func TestVisionTools(t *testing.T) {
	srv := pointerSite(t)
	plain := connect(t, mcpserver.None)
	tools, err := plain.cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	for _, tl := range tools.Tools {
		assert.NotContains(t, tl.Name, "browser_mouse_")
	}

	c := connectWith(t, mcpserver.Options{SnapshotMode: mcpserver.None, Vision: true})
	tools, err = c.cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	schemas := map[string]map[string]any{}
	for _, tl := range tools.Tools {
		if b, ok := tl.InputSchema.(map[string]any); ok {
			schemas[tl.Name] = b
		}
	}
	for name, props := range map[string][]string{
		"browser_mouse_click_xy": {"element", "x", "y", "button", "clickCount", "delay"},
		"browser_mouse_move_xy":  {"element", "x", "y"},
		"browser_mouse_drag_xy":  {"element", "startX", "startY", "endX", "endY"},
		"browser_mouse_down":     {"button"},
		"browser_mouse_up":       {"button"},
		"browser_mouse_wheel":    {"deltaX", "deltaY"},
	} {
		require.Contains(t, schemas, name)
		for _, p := range props {
			assert.Contains(t, schemas[name]["properties"], p, "%s.%s", name, p)
		}
	}

	c.call("browser_navigate", map[string]any{"url": srv.URL})
	// Raw mouse input selects the text it drags over, and a press on
	// selected text drags the selection: this list's items take no
	// selection, as a sortable list's usually do.
	c.call("browser_evaluate", map[string]any{"function": "() => list.classList.add('plain')"})
	var box []any
	_, st := c.call("browser_evaluate", map[string]any{"function": "() => [5, 1].map(n => { const r = list.children[n - 1].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })"})
	box = st["value"].([]any)
	p5, p1 := box[0].([]any), box[1].([]any)
	text, _ := c.call("browser_mouse_drag_xy", map[string]any{"startX": p5[0], "startY": p5[1], "endX": p1[0], "endY": p1[1].(float64) - 8})
	assert.Equal(t, "5,1,2,3,4", c.evalString("() => order()"))
	assert.Contains(t, text, "moved from position 5 to 1 of 5")

	// Down, moves and up one by one: item 1 (second now) goes back first.
	x, y := p1[0].(float64), p1[1].(float64)+34
	c.call("browser_mouse_move_xy", map[string]any{"x": x, "y": y})
	c.call("browser_mouse_down", map[string]any{})
	for _, dy := range []float64{-3, -6, -12, -30, -40} {
		c.call("browser_mouse_move_xy", map[string]any{"x": x, "y": y + dy})
	}
	c.call("browser_mouse_up", map[string]any{})
	assert.Equal(t, "1,5,2,3,4", c.evalString("() => order()"))

	c.call("browser_mouse_click_xy", map[string]any{"x": 60, "y": 315, "element": "the sheet", "clickCount": 1})
	_, st = c.call("browser_evaluate", map[string]any{"function": "() => window.pressed || 0"})
	assert.Equal(t, float64(0), st["value"], "a click at coordinates lands on what is drawn there")
	c.call("browser_mouse_wheel", map[string]any{"deltaY": 100})
	res, err := c.cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_mouse_click_xy", Arguments: map[string]any{"x": -5, "y": 1}})
	require.NoError(t, err)
	assert.True(t, res.IsError)
}
