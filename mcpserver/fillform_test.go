package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// formPage has a field of every kind browser_fill_form sets, each read
// back by the page into #out, and a field whose handler rejects input.
const formPage = `<!doctype html><title>Order</title><main><h1>Order</h1>
<label>Name <input id=who></label>
<label>Color <select id=color><option value="">Pick</option><option value=r>Red</option><option value=g>Green</option></select></label>
<label><input type=checkbox id=gift> Gift wrap</label>
<fieldset><legend>Size</legend><label><input type=radio name=size value=s> Small</label><label><input type=radio name=size value=l> Large</label></fieldset>
<span role=switch tabindex=0 aria-checked=false aria-label="Express" id=express>off</span>
<label>Delivery date <input type=date id=date></label>
<label>Coupon <input id=coupon></label>
<p id=out></p></main>
<script>
express.onclick = () => express.setAttribute('aria-checked', String(express.getAttribute('aria-checked') !== 'true'));
coupon.oninput = () => { coupon.value = ''; };
const show = () => { out.textContent = [who.value, color.value, gift.checked, (document.querySelector('[name=size]:checked') || {}).value, express.getAttribute('aria-checked'), date.value].join(' '); };
document.addEventListener('input', show); document.addEventListener('change', show); document.addEventListener('click', () => setTimeout(show));
</script>`

// browser_fill_form sets fields named by locators, the element deciding
// how (a select selects, a checkbox and a switch check, a radio group
// picks, a date converts), and fails with not_applied, naming what the
// page shows, when a handler rejects a value.
func TestFillFormByLocator(t *testing.T) {
	c := onPage(t, formPage)
	out, _ := c.call("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": "label=Name", "value": "Ada"},
		{"target": "label=Color", "value": "Green"},
		{"target": "label=Gift wrap", "value": true},
		{"target": `role=group[name="Size"]`, "value": "Large"},
		{"target": `role=switch[name="Express"]`, "value": "true"},
		{"target": "label=Delivery date", "value": "12/25/2026"},
	}})
	assert.Contains(t, out, "Filled label=Name")
	out, _ = c.call("browser_evaluate", map[string]any{"function": "() => out.textContent"})
	assert.Contains(t, out, "Ada g true l true 2026-12-25")

	code, msg := c.fail("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": "label=Name", "value": "Bo"},
		{"target": "label=Coupon", "name": "Coupon", "value": "SAVE10"},
	}})
	require.Equal(t, "not_applied", code, msg)
	assert.Contains(t, msg, "Coupon")
	assert.Contains(t, msg, "already filled: label=Name")
	// A key the page ignores says so.
	out, _ = c.call("browser_press_key", map[string]any{"key": "Shift"})
	assert.Contains(t, out, "Nothing on the page changed")
	// browser_type takes the same path.
	code, msg = c.fail("browser_type", map[string]any{"target": "label=Coupon", "text": "SAVE10"})
	require.Equal(t, "not_applied", code, msg)
}

// onPage serves html and connects a client (incremental page state) that
// has navigated to it.
func onPage(t *testing.T, html string) *client {
	t.Helper()
	testkit.Endpoint(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, html)
	}))
	t.Cleanup(srv.Close)
	c := connect(t, mcpserver.Incremental)
	c.call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	return c
}
