package main_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// editorsHTML has a date field, a field whose handler rejects what is
// typed, and a code-editor-like surface that keeps a hidden textarea
// focused and draws what it takes.
const editorsHTML = `<!doctype html><title>editors</title>
<label>Delivery date <input type=date id=date></label>
<label>Coupon <input id=coupon oninput="this.value = ''"></label>
<div id=ed style="position:relative;width:300px;height:60px;border:1px solid #888">
  <div id=shown></div>
  <textarea id=hidden aria-label="Source" style="position:absolute;left:0;top:0;width:1px;height:1px;opacity:0"></textarea>
</div>
<script>
hidden.addEventListener('input', () => { shown.textContent += hidden.value; hidden.value = ''; });
hidden.addEventListener('keydown', (e) => { if (e.key === 'Enter') { shown.textContent += '|'; e.preventDefault(); } });
ed.addEventListener('mousedown', (e) => { e.preventDefault(); hidden.focus(); });
</script>`

// The CLI types a date in a common form into a date field (converted, not
// left empty), into an editor by its surface's locator, presses a key in
// it by --ref, and fails with not_applied when a handler rejects the text.
func TestCLITypeEditorsAndPickedInputs(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, editorsHTML) }))
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/editors"))

	typed := c.ok("type", "label=Delivery date", "12/25/2026")
	require.Equal(t, "2026-12-25", typed["details"].(map[string]any)["value"])
	require.Equal(t, "2026-12-25", c.ok("eval", "document.getElementById('date').value")["value"])

	c.ok("type", "css=#ed", "hello")
	c.ok("press", "Enter", "--ref", "css=#ed")
	require.Equal(t, "hello|", c.ok("eval", "document.getElementById('shown').textContent")["value"])

	rejected := c.json("type", "label=Coupon", "SAVE10")
	require.Equal(t, 1, rejected.Exit)
	require.Equal(t, "not_applied", rejected.errCode())
}
