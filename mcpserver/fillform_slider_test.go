package mcpserver_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rangePage is a price range of two ARIA slider thumbs, each bounded by
// the other, moved by the page's own key handlers (arrows by 1, Page Up
// and Page Down by 10, Home and End).
const rangePage = `<!doctype html><title>Filter</title><main><h1>Filter</h1>
<div id=lo role=slider tabindex=0 aria-label="Minimum price"></div>
<div id=hi role=slider tabindex=0 aria-label="Maximum price"></div>
<p id=out></p></main>
<script>
const v = {lo: 10, hi: 90};
const show = () => {
  lo.setAttribute('aria-valuemin', 0); lo.setAttribute('aria-valuemax', v.hi); lo.setAttribute('aria-valuenow', v.lo); lo.setAttribute('aria-valuetext', '$' + v.lo);
  hi.setAttribute('aria-valuemin', v.lo); hi.setAttribute('aria-valuemax', 100); hi.setAttribute('aria-valuenow', v.hi); hi.setAttribute('aria-valuetext', '$' + v.hi);
  lo.textContent = '$' + v.lo; hi.textContent = '$' + v.hi; out.textContent = v.lo + '-' + v.hi;
};
for (const el of [lo, hi]) el.addEventListener('keydown', (ev) => {
  const k = el.id, min = k === 'lo' ? 0 : v.lo, max = k === 'lo' ? v.hi : 100;
  const by = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10}[ev.key];
  if (by) v[k] = Math.min(max, Math.max(min, v[k] + by));
  else if (ev.key === 'Home') v[k] = min;
  else if (ev.key === 'End') v[k] = max;
  else return;
  ev.preventDefault(); show();
});
show();
</script>`

// browser_fill_form sets both thumbs of a range slider in one call, a
// field of type slider taking its value as a JSON number or as text.
func TestFillFormSliders(t *testing.T) {
	c := onPage(t, rangePage)
	out, _ := c.call("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": `role=slider[name="Minimum price"]`, "type": "slider", "value": 25},
		{"target": "label=Maximum price", "type": "slider", "value": "$70"},
	}})
	assert.Contains(t, out, "Filled ")
	out, _ = c.call("browser_evaluate", map[string]any{"function": "() => out.textContent"})
	assert.Contains(t, out, "25-70")

	// Past the other thumb is out of the slider's range.
	code, msg := c.fail("browser_fill_form", map[string]any{"fields": []map[string]any{
		{"target": `role=slider[name="Minimum price"]`, "type": "slider", "value": "80"},
	}})
	require.Equal(t, "invalid_argument", code, msg)
	assert.Contains(t, msg, "from 0 to 70")
}
