package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const formHTML = `<!doctype html><title>form</title>
<h1>Form</h1>
<button onclick="document.title = 'clicked'">Press me</button>
<label>Name <input id=name></label>
<label>Fruit <select id=fruit><option value=a>Apple</option><option value=b>Banana</option></select></label>
<label><input type=checkbox id=agree> Agree</label>
<label>File <input type=file id=file onchange="window.fileName = this.files[0].name"></label>
<a href="/other">Other page</a>
<div style="height:3000px"></div>`

// refByName finds a ref in a snapshot reply.
func refByName(t *testing.T, snap map[string]any, role, name string) string {
	t.Helper()
	refs, ok := snap["refs"].(map[string]any)
	require.True(t, ok, "refs: %v", snap["refs"])
	for ref, v := range refs {
		info := v.(map[string]any)
		if info["role"] == role && info["name"] == name {
			return ref
		}
	}
	t.Fatalf("no %s %q in %s", role, name, snap["snapshot"])
	return ""
}

func TestCLIActionsEndToEnd(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/other" {
			fmt.Fprint(w, "<title>other</title><p>other page</p>")
			return
		}
		fmt.Fprint(w, formHTML)
	}))
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/form"))

	snap := c.ok("snapshot")
	require.Equal(t, "form", snap["title"])
	require.Equal(t, false, snap["truncated"])
	require.Contains(t, snap["snapshot"], `button "Press me"`)
	text := c.run("snapshot", "--interactive")
	require.Equal(t, 0, text.Exit)
	require.True(t, strings.HasPrefix(text.Stdout, "- "), "the text form prints the tree: %s", text.Stdout)

	c.ok("click", refByName(t, snap, "button", "Press me"))
	require.Equal(t, "clicked", c.ok("eval", "document.title")["value"])

	name := refByName(t, snap, "textbox", "Name")
	typed := c.ok("type", name, "Ada", "--clear")
	require.Equal(t, "Ada", typed["details"].(map[string]any)["value"])
	c.ok("press", "End")
	c.ok("press", "Shift+ArrowLeft")
	c.ok("press", "Backspace")
	require.Equal(t, "Ad", c.ok("eval", "document.getElementById('name').value")["value"])

	c.ok("select", refByName(t, snap, "combobox", "Fruit"), "Banana")
	require.Equal(t, "b", c.ok("eval", "document.getElementById('fruit').value")["value"])
	c.ok("check", refByName(t, snap, "checkbox", "Agree"))
	require.Equal(t, true, c.ok("eval", "document.getElementById('agree').checked")["value"])
	c.ok("uncheck", refByName(t, snap, "checkbox", "Agree"))
	require.Equal(t, false, c.ok("eval", "document.getElementById('agree').checked")["value"])

	// A relative upload path is the caller's, not the daemon's.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "up.txt"), []byte("x"), 0o600))
	cmd := c.command("--json", "upload", refByName(t, snap, "button", "File"), "up.txt")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	require.NoError(t, cmd.Run(), out.String())
	require.Equal(t, "up.txt", c.ok("eval", "window.fileName")["value"])
	missing := c.json("upload", refByName(t, snap, "button", "File"), filepath.Join(dir, "nope.txt"))
	require.Equal(t, 1, missing.Exit)
	require.Equal(t, "invalid_argument", missing.errCode())

	sc := c.ok("scroll", "--dy", "400")
	require.Equal(t, float64(400), sc["details"].(map[string]any)["y"])
	c.ok("hover", refByName(t, snap, "button", "Press me"))

	shotPath := filepath.Join(dir, "page.png")
	shot := c.ok("screenshot", shotPath, "--labels")
	require.Equal(t, shotPath, shot["path"])
	require.Positive(t, shot["width"])
	_, err := os.Stat(shotPath)
	require.NoError(t, err)
	inline := c.ok("screenshot", "--format", "jpeg")
	require.NotEmpty(t, inline["data"])

	nav := c.ok("click", refByName(t, snap, "link", "Other page"))
	require.Equal(t, true, nav["navigated"])
	c.ok("wait", "--text", "other page")
	back := c.ok("back")
	require.Equal(t, srv.MainURL("/form"), back["url"])
	c.ok("forward", "--wait", "domcontentloaded")
	c.ok("reload")
	c.ok("wait", "--load")
	w := c.json("--timeout-ms", "1500", "wait", "--text", "never shown")
	require.Equal(t, 1, w.Exit)
	require.Equal(t, "timeout", w.errCode())
	require.Contains(t, w.Body["error"].(map[string]any)["message"], "never shown")

	// Old refs are stale after navigation.
	stale := c.json("click", refByName(t, snap, "button", "Press me"))
	require.Equal(t, 1, stale.Exit)
	require.Equal(t, "stale_ref", stale.errCode())
	// A bare word reads as CSS (a <nonsense> element, which is not
	// there); what is neither a ref nor CSS is refused.
	bad := c.json("click", "nonsense")
	require.Equal(t, "element_not_found", bad.errCode())
	require.Contains(t, bad.Stdout, "read as CSS")
	bad = c.json("click", "@nonsense")
	require.Equal(t, "invalid_argument", bad.errCode())

	// Tabs.
	nt := c.ok("tab", "new", srv.MainURL("/other"))
	id := nt["tab"].(map[string]any)["id"].(string)
	require.Len(t, c.ok("tabs")["tabs"], 2)
	c.ok("tab", "switch", "1")
	c.ok("tab", "close", id[:8])
	require.Len(t, c.ok("tabs")["tabs"], 1)
	require.Equal(t, "tab_not_found", c.json("tab", "switch", id).errCode())

	var st map[string]any
	require.NoError(t, json.Unmarshal([]byte(c.run("--json", "snapshot", "--no-tree").Stdout), &st))
	require.NotContains(t, st, "snapshot")
}
