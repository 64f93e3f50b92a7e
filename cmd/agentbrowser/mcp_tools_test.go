package main_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const widgetsHTML = `<!doctype html><title>widgets</title><style>body{margin:0} #src,#dst{width:80px;height:40px;display:inline-block;margin:10px}</style>
<div id=src draggable=true role=button aria-label=source style="background:#faa">drag me</div>
<div id=dst role=button aria-label=target style="background:#aaf">drop here</div>
<input type=radio name=r aria-label=one><input type=radio name=r aria-label=two>
<input type=file aria-label=upload>
<button onmouseover="out.textContent='hovered'">hover me</button>
<input aria-label=keys onkeydown="out.textContent='key '+event.key">
<a href="/other" target=_blank>popup</a>
<p id=out>none</p>
<div style="height:3000px"></div>
<script>
src.addEventListener('dragstart', e => e.dataTransfer.setData('text', 'x'));
dst.addEventListener('dragover', e => e.preventDefault());
dst.addEventListener('drop', e => { e.preventDefault(); out.textContent = 'dropped' });
</script>`

func widgetsSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/widgets":
			fmt.Fprint(w, widgetsHTML)
		default:
			fmt.Fprintf(w, "<title>%s</title><p>page %s</p>", strings.Trim(r.URL.Path, "/"), r.URL.Path)
		}
	}))
}

// TestMCPEveryTool calls each tool the flow tests leave out, with its
// typical arguments, and one error of each kind.
func TestMCPEveryTool(t *testing.T) {
	srv := widgetsSite(t)
	files := t.TempDir()
	cs := inMemoryRoots(t, nil, "browser", files)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/a")})
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/widgets")})
	_, text := callOK(t, cs, "browser_navigate_back", map[string]any{})
	require.Contains(t, text, "Page Title: a")
	_, text = callOK(t, cs, "browser_navigate_forward", map[string]any{})
	require.Contains(t, text, "Page Title: widgets")
	_, text = callOK(t, cs, "browser_reload", map[string]any{})
	require.Contains(t, text, "Page Title: widgets")
	_, snap := callOK(t, cs, "browser_snapshot", map[string]any{})

	_, text = callOK(t, cs, "browser_hover", map[string]any{"ref": refFor(t, snap, "button", "hover me")})
	require.Contains(t, text, "hovered")
	callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "textbox", "keys")})
	_, text = callOK(t, cs, "browser_press_key", map[string]any{"key": "ArrowDown"})
	require.Contains(t, text, "key ArrowDown")
	_, text = callOK(t, cs, "browser_check", map[string]any{"ref": refFor(t, snap, "radio", "two"), "checked": true})
	require.Contains(t, text, `radio "two" [checked]`)
	_, text = callOK(t, cs, "browser_drag", map[string]any{"startRef": refFor(t, snap, "button", "source"), "endRef": refFor(t, snap, "button", "target")})
	require.Contains(t, text, "dropped")
	f := filepath.Join(files, "up.txt")
	require.NoError(t, os.WriteFile(f, []byte("hi"), 0o600))
	callOK(t, cs, "browser_file_upload", map[string]any{"ref": refFor(t, snap, "button", "upload"), "paths": []string{f}})
	code, _ := callErr(t, cs, "browser_file_upload", map[string]any{"ref": refFor(t, snap, "button", "upload"), "paths": []string{"rel.txt"}})
	require.Equal(t, "invalid_argument", code)
	res, _ := callOK(t, cs, "browser_scroll", map[string]any{"dy": 500})
	require.NotNil(t, structured(t, res)["details"])
	callOK(t, cs, "browser_resize", map[string]any{"width": 500, "height": 400})
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => innerWidth"})
	require.Equal(t, "Result: 500", text)
	res, _ = callOK(t, cs, "browser_cdp", map[string]any{"method": "Runtime.evaluate", "params": map[string]any{"expression": "6*7", "returnByValue": true}})
	require.Contains(t, fmt.Sprint(structured(t, res)["result"]), "42")
	res, _ = callOK(t, cs, "browser_frames", map[string]any{})
	require.NotEmpty(t, structured(t, res))
	callOK(t, cs, "browser_dialogs", map[string]any{})
	res, _ = callOK(t, cs, "browser_network_requests", map[string]any{"clear": true})
	require.NotEmpty(t, structured(t, res)["requests"])

	// Waits: text, a time, text gone, and a timeout in tool terms.
	callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => setTimeout(() => out.textContent = 'later', 300)"})
	callOK(t, cs, "browser_wait_for", map[string]any{"text": "later"})
	callOK(t, cs, "browser_wait_for", map[string]any{"time": 0.1})
	callOK(t, cs, "browser_wait_for", map[string]any{"textGone": "nothing like this"})
	code, text = callErr(t, cs, "browser_wait_for", map[string]any{"text": "never shown", "timeout_ms": 500})
	require.Equal(t, "timeout", code, text)

	// Tabs: a popup is a new tab in the click's page state; select, close.
	res, text = callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "popup")})
	require.Contains(t, text, "New tab opened")
	res, _ = callOK(t, cs, "browser_tabs", map[string]any{"action": "list"})
	tabs := structured(t, res)["tabs"].([]any)
	require.Len(t, tabs, 2)
	second := tabs[1].(map[string]any)["id"].(string)
	callOK(t, cs, "browser_tabs", map[string]any{"action": "select", "tab": second})
	_, text = callOK(t, cs, "browser_snapshot", map[string]any{})
	require.Contains(t, text, "Page Title: other")
	// A page tool can name its tab without selecting it.
	_, text = callOK(t, cs, "browser_snapshot", map[string]any{"tab": "1"})
	require.Contains(t, text, "Page Title: widgets")
	callOK(t, cs, "browser_tabs", map[string]any{"action": "new", "url": srv.MainURL("/third")})
	callOK(t, cs, "browser_tabs", map[string]any{"action": "close"})
	code, _ = callErr(t, cs, "browser_tabs", map[string]any{"action": "select", "tab": "ZZZZ"})
	require.Equal(t, "tab_not_found", code)
	_, text = callErr(t, cs, "browser_tabs", map[string]any{"action": "bogus"})
	require.Contains(t, text, "action")

	code, _ = callErr(t, cs, "browser_handle_dialog", map[string]any{"accept": true})
	require.Equal(t, "no_dialog", code)
	code, _ = callErr(t, cs, "browser_evaluate", map[string]any{"function": "() => { throw new Error('nope') }"})
	require.Equal(t, "js_exception", code)

	res, _ = callOK(t, cs, "browser_close", map[string]any{})
	require.Equal(t, true, structured(t, res)["closed"])
	// The next call starts a fresh browser.
	// (This client takes a snapshot after navigating: the answer's text
	// leaves the title to it, the structured page state has it.)
	res, _ = callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/again")})
	require.Equal(t, "again", structured(t, res)["page"].(map[string]any)["title"])
}

// TestMCPSnapshotModes checks the full and none modes of the page state.
func TestMCPSnapshotModes(t *testing.T) {
	srv := widgetsSite(t)
	for _, mode := range []string{"full", "none"} {
		t.Run(mode, func(t *testing.T) {
			cs := stdio(t, "--snapshot-mode", mode)
			res, text := callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/widgets")})
			page := structured(t, res)["page"].(map[string]any)
			require.Equal(t, mode, page["mode"])
			if mode == "full" {
				require.Contains(t, text, `button "hover me"`)
			} else {
				require.NotContains(t, text, `button "hover me"`)
				require.Contains(t, text, "Page Title: widgets")
			}
		})
	}
}
