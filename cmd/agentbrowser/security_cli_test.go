package main_test

import (
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

// policySite serves a page that marks its window, so a test can tell that
// the page was not replaced or touched.
func policySite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, formHTML+`<script>window.marker = 42</script>`)
	}))
}

// errMessage is a failed run's error message.
func (o outcome) errMessage() string {
	e, _ := o.Body["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}

// TestOpenURLPolicy: open and 'tab new' refuse file:, chrome:,
// view-source:, data: and javascript: URLs with url_not_allowed and leave
// the page as it was; --allow-scheme file opens a local file.
func TestOpenURLPolicy(t *testing.T) {
	testutil.RequireChrome(t)
	srv := policySite(t)
	c := newCLI(t, "default", "files")
	page := srv.MainURL("/page")
	c.ok("open", page)
	tabs := len(c.ok("tabs")["tabs"].([]any))

	for _, tc := range []struct{ url, scheme string }{
		{"file:///etc/hostname", "file"},
		{"chrome://version", "chrome"},
		{"view-source:" + page, "view-source"},
		{"data:text/html,<script>window.marker=1</script>", "data"},
		{"javascript:window.marker=1", "javascript"},
		{"  JavaScript:window.marker=2", "javascript"},
	} {
		for _, cmd := range [][]string{{"open", tc.url}, {"tab", "new", tc.url}} {
			o := c.json(cmd...)
			assert.Equal(t, 1, o.Exit, "%v: %v", cmd, o.Body)
			assert.Equal(t, "url_not_allowed", o.errCode(), "%v: %v", cmd, o.Body)
			if tc.scheme == "javascript" {
				assert.Contains(t, o.errMessage(), "eval", "the message points to eval")
			} else {
				assert.Contains(t, o.errMessage(), tc.scheme+":", "the message names the scheme")
				assert.Contains(t, o.errMessage(), "--allow-scheme "+tc.scheme, "the message names the flag")
			}
		}
		assert.Equal(t, page, c.ok("eval", "location.href")["value"], "after %s", tc.url)
		assert.EqualValues(t, 42, c.ok("eval", "window.marker")["value"], "after %s", tc.url)
	}
	assert.Len(t, c.ok("tabs")["tabs"], tabs, "no tab was opened")

	dir := t.TempDir()
	file := filepath.Join(dir, "local.html")
	require.NoError(t, os.WriteFile(file, []byte("<title>local file</title><p>hello"), 0o600))
	c.ok("--session", "files", "--allow-scheme", "file", "open", "file://"+file)
	assert.Equal(t, "local file", c.ok("--session", "files", "eval", "document.title")["value"])
	o := c.json("--session", "files", "open", "data:text/html,x")
	assert.Equal(t, "url_not_allowed", o.errCode(), "only the scheme allowed opens: %v", o.Body)
	o = c.json("--session", "files", "open", "javascript:1")
	assert.Equal(t, "url_not_allowed", o.errCode(), "javascript: never opens: %v", o.Body)
}

// TestEvaluateSwitch: with --evaluate-enabled=false nothing the agent is
// offered runs page script (eval, element evaluate, raw cdp, javascript:
// URLs), while snapshot, click and type still work. --cdp-enabled=false
// turns off only cdp.
func TestEvaluateSwitch(t *testing.T) {
	testutil.RequireChrome(t)
	srv := policySite(t)
	c := newCLI(t, "noeval", "nocdp")
	s := []string{"--session", "noeval"}
	run := func(args ...string) outcome { return c.json(append(append([]string{}, s...), args...)...) }
	ok := func(args ...string) map[string]any { return c.ok(append(append([]string{}, s...), args...)...) }

	ok("--evaluate-enabled=false", "open", srv.MainURL("/form"))
	snap := ok("snapshot")
	button := refByName(t, snap, "button", "Press me")
	for _, cmd := range [][]string{
		{"eval", "window.marker = 1"},
		{"eval", "el => el.click()", "--ref", button},
		{"cdp", "Runtime.evaluate", `{"expression":"window.marker = 1"}`},
		{"cdp", "Runtime.callFunctionOn", `{"functionDeclaration":"function(){ window.marker = 1 }","executionContextId":1}`},
		{"cdp", "Page.navigate", `{"url":"javascript:window.marker=1"}`},
		{"open", "javascript:window.marker=1"},
		{"tab", "new", "javascript:window.marker=1"},
	} {
		o := run(cmd...)
		assert.Equal(t, 1, o.Exit, "%v: %v", cmd, o.Body)
		assert.Equal(t, "evaluate_disabled", o.errCode(), "%v: %v", cmd, o.Body)
	}
	assert.Equal(t, "form", ok("snapshot")["title"], "nothing ran: the button was not clicked")
	ok("click", button)
	assert.Equal(t, "clicked", ok("snapshot")["title"], "click works without evaluate")
	typed := ok("type", refByName(t, snap, "textbox", "Name"), "Ada")
	assert.Equal(t, "Ada", typed["details"].(map[string]any)["value"], "type works without evaluate")
	assert.Contains(t, ok("snapshot")["snapshot"], "Ada")

	n := []string{"--session", "nocdp"}
	c.ok(append(n, "--cdp-enabled=false", "open", srv.MainURL("/form"))...)
	o := c.json(append(n, "cdp", "Runtime.evaluate", `{"expression":"1"}`)...)
	assert.Equal(t, "cdp_disabled", o.errCode(), "%v", o.Body)
	assert.True(t, strings.Contains(o.errMessage(), "cdp"), o.errMessage())
	assert.EqualValues(t, 42, c.ok(append(n, "eval", "window.marker")...)["value"], "eval still works")
}
