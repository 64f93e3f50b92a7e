package main_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// blockedURLs lists the url of each blocked load in a result, checking
// that each carries url_not_allowed.
func blockedURLs(t *testing.T, v any) []string {
	t.Helper()
	list, _ := v.([]any)
	var out []string
	for _, b := range list {
		m := b.(map[string]any)
		assert.Equal(t, "url_not_allowed", m["code"], "%v", m)
		out = append(out, m["url"].(string))
	}
	return out
}

// TestOriginAllowList: with --allowed-origins set to the 127.0.0.1 origin,
// the localhost origin is never fetched: not by open, not by a link the
// page follows, not by an iframe, not by a window.open; each is reported
// with url_not_allowed.
func TestOriginAllowList(t *testing.T) {
	testutil.RequireChrome(t)
	var crossHits atomic.Int64
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Host, "localhost") {
			crossHits.Add(1)
		}
		switch r.URL.Path {
		case "/page":
			fmt.Fprint(w, `<!doctype html><title>allowed</title>
<a href="{{CROSS}}/leaf">Other origin</a>
<button onclick="window.open('{{CROSS}}/popup')">Popup</button>
<script>window.marker = 42</script>`)
		case "/framed":
			fmt.Fprint(w, `<!doctype html><title>framed</title><iframe src="{{CROSS}}/frame"></iframe>`)
		default:
			fmt.Fprint(w, `<title>leaf</title><p>leaf`)
		}
	}))
	main := srv.MainURL("")
	c := newCLI(t, "origins")
	s := func(args ...string) []string { return append([]string{"--session", "origins"}, args...) }

	page := srv.MainURL("/page")
	c.ok(s("--allowed-origins", main, "open", page)...)

	// open of the other origin: refused before anything navigates.
	o := c.json(s("open", srv.CrossURL("/leaf"))...)
	assert.Equal(t, "url_not_allowed", o.errCode(), "%v", o.Body)
	assert.Contains(t, o.errMessage(), "allowed origins")
	assert.Equal(t, page, c.ok(s("eval", "location.href")...)["value"])
	assert.EqualValues(t, 42, c.ok(s("eval", "window.marker")...)["value"])
	o = c.json(s("tab", "new", srv.CrossURL("/leaf"))...)
	assert.Equal(t, "url_not_allowed", o.errCode(), "%v", o.Body)

	// A link the page follows to the other origin.
	snap := c.ok(s("snapshot")...)
	res := c.ok(s("click", refByName(t, snap, "link", "Other origin"))...)
	assert.Contains(t, blockedURLs(t, res["blocked"]), srv.CrossURL("/leaf"), "the click reports the blocked load: %v", res)

	// An iframe from the other origin.
	res = c.ok(s("open", srv.MainURL("/framed"))...)
	assert.Contains(t, blockedURLs(t, res["blocked"]), srv.CrossURL("/frame"), "the navigation reports the blocked iframe: %v", res)

	// A popup to the other origin.
	c.ok(s("open", page)...)
	snap = c.ok(s("snapshot")...)
	c.ok(s("click", refByName(t, snap, "button", "Popup"))...)
	// The popup loads on its own after the click returns: poll the state
	// (the ceiling only turns a hang into a failure).
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := c.ok(s("snapshot", "--no-tree")...)
		if got := blockedURLs(t, st["blocked_loads"]); contains(got, srv.CrossURL("/popup")) {
			assert.Contains(t, got, srv.CrossURL("/leaf"))
			assert.Contains(t, got, srv.CrossURL("/frame"))
			break
		}
		require.True(t, time.Now().Before(deadline), "the popup's blocked load never showed in the state: %v", st["blocked_loads"])
	}
	assert.Zero(t, crossHits.Load(), "no request ever reached the other origin")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
