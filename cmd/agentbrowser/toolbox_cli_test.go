package main_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const toolboxHTML = `<!doctype html><meta name=viewport content="width=device-width"><title>toolbox</title>
<nav><a href="/">Home</a></nav>
<main><h1>Shop</h1><p>See the <a href="/faq">FAQ</a>.</p>
<button onclick="out.textContent='signed in'">Sign in</button>
<button onclick="out.textContent='google'">Sign in with Google</button>
<label>Email <input id=email></label>
<p id=out>none</p>
<iframe src="{{CROSS}}/inner" title="Remote"></iframe></main>`

func toolboxSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/inner":
			fmt.Fprint(w, `<!doctype html><button onclick="this.textContent='pressed'">Remote button</button>`)
		case "/api/data":
			fmt.Fprint(w, `server`)
		case "/widgets":
			fmt.Fprint(w, widgetsHTML)
		default:
			fmt.Fprint(w, toolboxHTML)
		}
	}))
}

// Locators through the CLI: find lists, actions take them, bad ones are
// usage errors before a daemon starts, ambiguous and missing ones are
// coded.
func TestCLILocators(t *testing.T) {
	srv := toolboxSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))

	found := c.ok("find", "text=sign in")
	require.EqualValues(t, 2, found["total"])
	ms := found["matches"].([]any)
	first := ms[0].(map[string]any)
	assert.Equal(t, "button", first["role"])
	assert.Equal(t, "Sign in", first["name"])
	assert.EqualValues(t, 0, first["nth"])
	assert.Regexp(t, `^e\d+$`, first["ref"])

	c.ok("click", `role=button[name="Sign in"]`)
	assert.Equal(t, "signed in", c.ok("eval", "out.textContent")["value"])
	c.ok("type", "label=email", "ada@example.com")
	assert.Equal(t, "ada@example.com", c.ok("eval", "email.value")["value"])
	c.ok("click", `role=button[name="Remote button"]`)
	c.ok("wait", "--ref", `role=button[name="pressed"]`)

	o := c.json("click", "text=sign in")
	assert.Equal(t, 1, o.Exit)
	assert.Equal(t, "ambiguous_locator", o.errCode())
	details := o.Body["error"].(map[string]any)["details"].(map[string]any)
	assert.Len(t, details["matches"], 2)
	assert.Contains(t, o.Body["error"].(map[string]any)["message"], first["ref"])

	o = c.json("click", "css=.nothing")
	assert.Equal(t, "element_not_found", o.errCode())

	o = c.json("click", `role=button[name="Sign in"`)
	assert.Equal(t, 2, o.Exit, "a malformed locator is a usage error")
	assert.Equal(t, "invalid_argument", o.errCode())
	assert.Contains(t, o.Body["error"].(map[string]any)["message"], "closing ]")
	assert.Equal(t, "signed in", c.ok("eval", "out.textContent")["value"], "nothing was clicked")

	// Plain output of read is the Markdown itself.
	p := c.run("read")
	require.Equal(t, 0, p.Exit, p.Stderr)
	assert.True(t, strings.HasPrefix(p.Stdout, "# Shop\n\nSee the [FAQ][e"), p.Stdout)
	assert.NotContains(t, p.Stdout, "Home")
	assert.Contains(t, c.ok("read", "--all")["markdown"], "[Home][e")

	// An element's script, and both ends of a drag, by locator.
	assert.Equal(t, "ada@example.com", c.ok("eval", "el => el.value", "--ref", "label=email")["value"])
	c.ok("open", srv.MainURL("/widgets"))
	c.ok("drag", `role=button[name="source"]`, "text=drop here")
	assert.Equal(t, "dropped", c.ok("eval", "out.textContent")["value"])
}

func TestCLIRoutes(t *testing.T) {
	srv := toolboxSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))
	fetch := "fetch('/api/data').then(r => r.status + ' ' + r.headers.get('x-routed') + ' ' + r.status).then(x => x)"
	body := "fetch('/api/data').then(r => r.text())"
	file := filepath.Join(t.TempDir(), "body.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"from":"file"}`), 0o600))

	r := c.ok("route", "**/api/*", "--status", "203", "--body-file", file, "--header", "X-Routed: yes")
	require.Len(t, r["routes"], 1)
	assert.Equal(t, `{"from":"file"}`, c.ok("eval", body)["value"])
	assert.Equal(t, "203 yes 203", c.ok("eval", fetch)["value"])
	c.ok("route", "**/api/*", "--abort", "connectionrefused")
	assert.Equal(t, "failed", c.ok("eval", "fetch('/api/data').then(() => 'fetched', () => 'failed')")["value"])

	routes := c.ok("routes")["routes"].([]any)
	require.Len(t, routes, 1)
	rt := routes[0].(map[string]any)
	assert.Equal(t, "abort", rt["action"])
	assert.Equal(t, "connectionrefused", rt["reason"])
	assert.EqualValues(t, 1, rt["hits"])

	for _, bad := range [][]string{
		{"route", "api/*", "--status", "200"},
		{"route", "**/x", "--abort", "nope"},
		{"route", "**/x", "--status", "999"},
	} {
		o := c.json(bad...)
		assert.Equal(t, "invalid_argument", o.errCode(), "%v", bad)
	}
	for _, bad := range [][]string{
		{"route", "**/x"},
		{"route", "**/x", "--abort", "--status", "200"},
		{"route", "**/x", "--status", "200", "--header", "nocolon"},
	} {
		o := c.json(bad...)
		assert.Equal(t, 2, o.Exit, "%v is a usage error: %v", bad, o.Body)
	}
	assert.Len(t, c.ok("routes")["routes"], 1, "bad routes changed nothing")
	assert.EqualValues(t, 1, c.ok("unroute")["removed"])
	assert.Equal(t, "server", c.ok("eval", body)["value"])
}

func TestCLISet(t *testing.T) {
	srv := toolboxSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))
	st := c.ok("set", "device", "Pixel", "8")
	assert.Equal(t, "Pixel 8", st["device"])
	assert.EqualValues(t, 412, c.ok("eval", "innerWidth")["value"])
	c.ok("set", "timezone", "Asia/Tokyo")
	c.ok("set", "locale", "fr-FR")
	c.ok("set", "media", "dark")
	c.ok("set", "reduced-motion", "on")
	c.ok("set", "headers", `{"X-Test":"1"}`)
	c.ok("set", "geolocation", "48.85", "2.35", "--accuracy", "5")
	c.ok("set", "user-agent", "Agent", "Test/1")
	assert.Equal(t, "Asia/Tokyo fr-FR true true Agent Test/1", c.ok("eval",
		"[Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language, matchMedia('(prefers-color-scheme: dark)').matches, matchMedia('(prefers-reduced-motion: reduce)').matches, navigator.userAgent].join(' ')")["value"])
	c.ok("set", "offline", "on")
	assert.Equal(t, false, c.ok("eval", "navigator.onLine")["value"])
	c.ok("set", "offline", "off")
	c.ok("set", "viewport", "600", "500", "--dpr", "2")
	assert.Equal(t, "600 500 2", c.ok("eval", "innerWidth + ' ' + innerHeight + ' ' + devicePixelRatio")["value"])

	// A tab opened later has the settings.
	c.ok("tab", "new", srv.MainURL("/"))
	assert.Equal(t, "600 Asia/Tokyo", c.ok("eval", "innerWidth + ' ' + Intl.DateTimeFormat().resolvedOptions().timeZone")["value"])

	shown := c.ok("set")
	assert.Equal(t, "Asia/Tokyo", shown["timezone"])
	o := c.json("set", "device", "Nokia", "3310")
	assert.Equal(t, "invalid_argument", o.errCode())
	assert.Contains(t, o.Body["error"].(map[string]any)["message"], "iPhone 15")
	assert.Len(t, o.Body["error"].(map[string]any)["details"].(map[string]any)["known"], 10)
	o = c.json("set", "timezone", "Mars/Olympus")
	assert.Equal(t, "invalid_argument", o.errCode())
	for _, bad := range [][]string{{"set", "offline", "maybe"}, {"set", "colour", "red"}, {"set", "viewport", "a", "b"}, {"set", "headers", "[1]"}, {"set", "media", "dark", "--dpr", "2"}} {
		o := c.json(bad...)
		assert.Equal(t, 2, o.Exit, "%v is a usage error: %v", bad, o.Body)
	}
	assert.Equal(t, "Asia/Tokyo", c.ok("set")["timezone"], "bad input changed nothing")
	c.ok("set", "reset")
	assert.Empty(t, c.ok("set")["timezone"])
}

func TestCLIBatch(t *testing.T) {
	srv := toolboxSite(t)
	c := newSharedCLI(t)
	steps := fmt.Sprintf(`[["open", %q], ["click", "role=button[name=\"Sign in\"]"], ["eval", "out.textContent"], ["find", "text=sign in"]]`, srv.MainURL("/"))
	cmd := c.command("batch", "--json")
	cmd.Stdin = strings.NewReader(steps)
	out, err := cmd.Output()
	require.NoError(t, err, "%s", out)
	var results []map[string]any
	require.NoError(t, json.Unmarshal(out, &results), "%s", out)
	require.Len(t, results, 4)
	for _, r := range results {
		assert.Equal(t, true, r["ok"], "%v", r)
	}
	assert.Equal(t, "toolbox", results[0]["title"])
	assert.Equal(t, "signed in", results[2]["value"])
	assert.EqualValues(t, 2, results[3]["total"])

	// The first error stops the batch, unless --continue.
	file := filepath.Join(t.TempDir(), "steps.json")
	require.NoError(t, os.WriteFile(file, []byte(`[["click", "css=.nothing"], ["eval", "1+1"]]`), 0o600))
	o := c.run("batch", "--json", "--file", file)
	assert.Equal(t, 1, o.Exit)
	require.NoError(t, json.Unmarshal([]byte(o.Stdout), &results), o.Stdout)
	require.Len(t, results, 1)
	assert.Equal(t, false, results[0]["ok"])
	assert.Equal(t, "element_not_found", results[0]["error"].(map[string]any)["code"])
	o = c.run("batch", "--json", "--continue", "--file", file)
	assert.Equal(t, 1, o.Exit)
	require.NoError(t, json.Unmarshal([]byte(o.Stdout), &results), o.Stdout)
	require.Len(t, results, 2)
	assert.EqualValues(t, 2, results[1]["value"])

	// A step that does not parse runs nothing.
	require.NoError(t, os.WriteFile(file, []byte(`[["eval", "window.ran = 1"], ["click", "role=button[name=\"x\""]]`), 0o600))
	o = c.run("batch", "--json", "--file", file)
	assert.Equal(t, 2, o.Exit, o.Stdout)
	assert.Contains(t, o.Stdout, "batch step 2")
	assert.Equal(t, "undefined", c.ok("eval", "typeof window.ran")["value"])
	for _, bad := range []string{`{}`, `[["nope"]]`, `[["batch"]]`, `[["--session", "x", "eval", "1"]]`, `[]`} {
		require.NoError(t, os.WriteFile(file, []byte(bad), 0o600))
		o := c.run("batch", "--json", "--file", file)
		assert.Equal(t, 2, o.Exit, "%s: %s", bad, o.Stdout)
	}

	// --timeout-ms is each step's budget, not the whole batch's: three
	// steps of a second each fit in budgets of 2.5 s.
	sleep := `["eval", "new Promise(r => setTimeout(() => r('slept'), 1000))"]`
	require.NoError(t, os.WriteFile(file, []byte("["+sleep+","+sleep+","+sleep+"]"), 0o600))
	o = c.run("batch", "--json", "--timeout-ms", "2500", "--file", file)
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.NoError(t, json.Unmarshal([]byte(o.Stdout), &results), o.Stdout)
	require.Len(t, results, 3)

	// Plain output: each step's as the command alone prints it.
	require.NoError(t, os.WriteFile(file, []byte(`[["eval", "'one'"], ["read"]]`), 0o600))
	o = c.run("batch", "--file", file)
	require.Equal(t, 0, o.Exit, o.Stderr)
	assert.Contains(t, o.Stdout, "type: string\nvalue: one\n# Shop\n", "one step's output after the other")
}
