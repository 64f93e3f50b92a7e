package main_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Through MCP: computed styles, bare CSS and chained locators as targets,
// a call without its element refused by the schema, and a dialog named
// the same way (browser_handle_dialog and its id) whatever tool it stops.
func TestMCPHabits(t *testing.T) {
	srv := habitsSite(t)
	cs := inMemory(t, nil)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/")})

	res, text := callOK(t, cs, "browser_get_styles", map[string]any{"target": "#styled", "props": []string{"color", "padding-left"}})
	assert.Contains(t, text, "color: rgb(255, 0, 0)")
	sc := structured(t, res)
	assert.Equal(t, map[string]any{"color": "rgb(255, 0, 0)", "padding-left": "2px"}, sc["styles"])
	assert.EqualValues(t, 100, sc["box_model"].(map[string]any)["content"].(map[string]any)["width"])

	_, text = callOK(t, cs, "browser_find", map[string]any{"locator": "css=form >> role=button[disabled]"})
	assert.Contains(t, text, `button "Save"`)
	assert.NotContains(t, text, "Menu")
	callOK(t, cs, "browser_click", map[string]any{"target": "#other button"})

	// The schema asks for one of target and ref.
	_, text = callErr(t, cs, "browser_click", map[string]any{})
	assert.Contains(t, text, "target")
	_, text = callErr(t, cs, "browser_drag", map[string]any{"startTarget": "#dl"})
	assert.Contains(t, strings.ToLower(text), "endtarget")

	// A confirm() holds the page; every tool says which dialog and how.
	_, text = callOK(t, cs, "browser_click", map[string]any{"target": "#ask"})
	require.Contains(t, text, "browser_handle_dialog")
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"browser_click", map[string]any{"target": "#dl"}},
		{"browser_drag", map[string]any{"startTarget": "#dl", "endTarget": "#dl2"}},
		{"browser_find", map[string]any{"locator": "role=button"}},
		{"browser_read", map[string]any{}},
		{"browser_get_styles", map[string]any{"target": "#styled"}},
	} {
		code, text := callErr(t, cs, call.tool, call.args)
		assert.Equal(t, "dialog_blocking", code, "%s: %s", call.tool, text)
		assert.Contains(t, text, "d-1", "%s names the dialog: %s", call.tool, text)
		assert.Equal(t, 1, strings.Count(text, "browser_handle_dialog"), "%s: %s", call.tool, text)
	}
	callOK(t, cs, "browser_handle_dialog", map[string]any{"accept": true})
}
