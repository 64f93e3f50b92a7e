package main_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// chromeSite serves two pages of one site that share a navigation, the
// second with a long list.
func chromeSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	nav := `<nav aria-label="Sections"><a href="/a">Alpha</a> <a href="/b">Beta</a> <a href="/c">Gamma</a> <a href="/d">Delta</a></nav>`
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var items strings.Builder
		if r.URL.Path == "/list" {
			for i := range 40 {
				fmt.Fprintf(&items, "<li>Row %d of the list</li>", i)
			}
		}
		fmt.Fprintf(w, "<!doctype html><title>%s</title>%s<main><h1>%s</h1><ul>%s</ul></main>", r.URL.Path, nav, r.URL.Path, items.String())
	}))
}

// snapshot --find, --cursor and --full, through the CLI.
func TestCLISnapshotControls(t *testing.T) {
	srv := chromeSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/home"))
	c.ok("snapshot")
	c.ok("open", srv.MainURL("/list"))

	st := c.ok("snapshot")
	snap := st["snapshot"].(string)
	require.Regexp(t, `navigation "Sections" \[ref=e\d+\] \[same as on an earlier page: 4 refs`, snap)
	require.NotContains(t, snap, "Alpha")
	full := c.ok("snapshot", "--full")["snapshot"].(string)
	assert.Contains(t, full, `link "Alpha"`)

	found := c.ok("snapshot", "--find", "/row 3\\d/i")
	assert.EqualValues(t, 10, found["matches"])
	assert.Contains(t, found["snapshot"], "Row 39 of the list")
	assert.NotContains(t, found["snapshot"], "Row 29 of the list")

	cut := c.ok("snapshot", "--max-chars", "300")
	next, _ := cut["next_cursor"].(string)
	require.NotEmpty(t, next, cut["snapshot"])
	assert.Regexp(t, regexp.MustCompile(`cursor=`+regexp.QuoteMeta(next)+` shows them$`), cut["snapshot"])
	rest := c.ok("snapshot", "--max-chars", "300", "--cursor", next)
	assert.NotEqual(t, cut["snapshot"], rest["snapshot"])

	o := c.json("snapshot", "--find", "/[/")
	assert.Equal(t, "invalid_argument", o.errCode(), o.Stdout)
}
