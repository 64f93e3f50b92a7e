package main_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The toolbox through MCP, as a host calls it: locators in place of refs,
// browser_find, browser_read, routes and emulation.
func TestMCPToolbox(t *testing.T) {
	srv := toolboxSite(t)
	cs := inMemory(t, nil)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/")})

	res, text := callOK(t, cs, "browser_find", map[string]any{"locator": "text=sign in"})
	assert.Contains(t, text, "2 elements match text=sign in:")
	assert.Regexp(t, `- button "Sign in" \[ref=e\d+\]`, text)
	sc := structured(t, res)
	assert.EqualValues(t, 2, sc["total"])
	assert.Len(t, sc["matches"], 2)

	_, text = callOK(t, cs, "browser_click", map[string]any{"ref": `role=button[name="Sign in"]`})
	assert.Contains(t, text, "signed in")
	code, text := callErr(t, cs, "browser_click", map[string]any{"ref": "text=sign in"})
	assert.Equal(t, "ambiguous_locator", code)
	assert.Regexp(t, `e\d+ button "Sign in with Google"`, text)
	code, _ = callErr(t, cs, "browser_click", map[string]any{"ref": "role=nonsense"})
	assert.Equal(t, "invalid_argument", code)
	code, _ = callErr(t, cs, "browser_find", map[string]any{"locator": "css=##"})
	assert.Equal(t, "invalid_argument", code)

	res, text = callOK(t, cs, "browser_read", map[string]any{})
	assert.Regexp(t, regexp.MustCompile(`(?s)^# toolbox\nURL: .*\n\n# Shop\n\nSee the \[FAQ\]\[e\d+\]\.`), text)
	assert.Contains(t, structured(t, res)["markdown"], "# Shop")

	_, text = callOK(t, cs, "browser_route", map[string]any{"pattern": "**/api/*", "status": 200, "body": "routed", "headers": map[string]any{"Content-Type": "text/plain"}})
	assert.Contains(t, text, "**/api/*")
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => fetch('/api/data').then(r => r.text())"})
	assert.Equal(t, `Result: "routed"`, text)
	res, _ = callOK(t, cs, "browser_routes", map[string]any{})
	routes := structured(t, res)["routes"].([]any)
	require.Len(t, routes, 1)
	assert.EqualValues(t, 1, routes[0].(map[string]any)["hits"])
	res, _ = callOK(t, cs, "browser_unroute", map[string]any{})
	assert.EqualValues(t, 1, structured(t, res)["removed"])
	code, _ = callErr(t, cs, "browser_route", map[string]any{"pattern": "api", "status": 200})
	assert.Equal(t, "invalid_argument", code)

	res, _ = callOK(t, cs, "browser_emulate", map[string]any{"device": "iPhone 15", "timezone": "Europe/Paris", "colorScheme": "dark"})
	assert.Equal(t, "iPhone 15", structured(t, res)["device"])
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => innerWidth + ' ' + Intl.DateTimeFormat().resolvedOptions().timeZone + ' ' + matchMedia('(prefers-color-scheme: dark)').matches"})
	assert.Equal(t, `Result: "393 Europe/Paris true"`, text)
	code, text = callErr(t, cs, "browser_emulate", map[string]any{"device": "Nokia 3310"})
	assert.Equal(t, "invalid_argument", code)
	assert.Contains(t, text, "Galaxy Tab S9")

	// Both ends of a drag by locator, under Playwright MCP's argument names.
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/widgets")})
	callOK(t, cs, "browser_drag", map[string]any{"startTarget": `role=button[name="source"]`, "endTarget": "text=drop here"})
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => out.textContent"})
	assert.Equal(t, `Result: "dropped"`, text)
}
