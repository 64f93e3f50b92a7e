package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// pointerHTML has a sortable list on pointer events (a drag starts after
// 5 px over three moves; each move passes the item over at most one
// neighbour), a drop zone with no file input, and a button under a sheet.
const pointerHTML = `<!doctype html><title>pointer</title>
<style>body{margin:0;padding:10px} #list{list-style:none;margin:0;padding:0;width:160px}
#list li{height:30px;margin:0 0 4px;background:#def;user-select:none}
#zone{width:160px;height:60px;border:2px dashed #888}
#btn{position:absolute;left:300px;top:20px;width:100px;height:30px} #sheet{position:absolute;left:290px;top:10px;width:140px;height:60px;background:#ccc}</style>
<ul id=list aria-label=Items><li>Item 1</li><li>Item 2</li><li>Item 3</li><li>Item 4</li><li>Item 5</li></ul>
<div id=zone>Drop here</div><p id=got></p>
<button id=btn onclick="window.pressed = (window.pressed || 0) + 1" onmouseover="window.over = 1">Hidden</button><div id=sheet></div>
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
zone.addEventListener('dragover', (e) => e.preventDefault());
zone.addEventListener('drop', (e) => {
  e.preventDefault();
  got.textContent = Array.from(e.dataTransfer.files).map((f) => f.name).concat([e.dataTransfer.getData('text/plain')]).join('|');
});
window.order = () => Array.from(list.children).map((li) => li.textContent.slice(5)).join(',');
</script>`

func pointerSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, pointerHTML) }))
}

// drag with --before and --after, drop of a file (relative to the
// caller) and data, the mouse at coordinates, and --force.
func TestCLIPointer(t *testing.T) {
	srv := pointerSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))
	body := c.ok("drag", "css=#list li:nth-child(5)", "text=Item 1")
	assert.Equal(t, "5,1,2,3,4", c.ok("eval", "order()")["value"])
	drag := body["details"].(map[string]any)["drag"].(map[string]any)
	assert.Equal(t, "pointer", drag["mode"])
	assert.Contains(t, drag["summary"], "moved from position 5 to 1 of 5")
	assert.NotNil(t, body["from"])
	c.ok("drag", "text=Item 5", "text=Item 2", "--after")
	assert.Equal(t, "1,2,5,3,4", c.ok("eval", "order()")["value"])
	c.ok("drag", "text=Item 4", "text=Item 1", "--before")
	assert.Equal(t, "4,1,2,5,3", c.ok("eval", "order()")["value"])
	o := c.json("drag", "text=Item 1", "text=Item 2", "--before", "--after")
	assert.Equal(t, 2, o.Exit)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hi"), 0o600))
	// A relative path is the caller's, not the daemon's.
	cmd := c.command("--json", "drop", "css=#zone", "notes.txt", "--data", "text/plain=hello")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	require.NoError(t, cmd.Run(), out.String())
	require.NoError(t, json.Unmarshal(out.Bytes(), &body))
	assert.Equal(t, "notes.txt|hello", c.ok("eval", "got.textContent")["value"])
	assert.Equal(t, true, body["details"].(map[string]any)["drop"].(map[string]any)["dropped"])
	o = c.json("drop", "css=#list", filepath.Join(dir, "notes.txt"))
	assert.Equal(t, "not_applied", o.errCode())
	o = c.json("drop", "css=#zone")
	assert.Equal(t, 2, o.Exit)

	// The mouse at coordinates: click the sheet over the button (it gets
	// nothing), then force the button through script.
	c.ok("mouse", "click", "350", "35")
	assert.Equal(t, float64(0), c.ok("eval", "window.pressed || 0")["value"])
	assert.Equal(t, "element_covered", c.json("click", "css=#btn").errCode())
	body = c.ok("click", "css=#btn", "--force")
	assert.Equal(t, true, body["details"].(map[string]any)["forced"])
	assert.Equal(t, float64(1), c.ok("eval", "window.pressed")["value"])
	c.ok("hover", "css=#btn", "--force")
	assert.Equal(t, float64(1), c.ok("eval", "window.over")["value"])
	c.ok("mouse", "move", "10", "10")
	c.ok("mouse", "down")
	c.ok("mouse", "up", "--button", "left")
	c.ok("mouse", "wheel", "0", "100")
	assert.Equal(t, 2, c.json("mouse", "hop").Exit)
	assert.Equal(t, 2, c.json("mouse", "move", "1").Exit)
}
