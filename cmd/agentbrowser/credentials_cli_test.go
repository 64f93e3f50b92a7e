package main_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// set credentials answers a site's HTTP authentication, in a frame too,
// never echoes the password, stops after a refusal, and ends with off.
func TestSetCredentials(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/open" {
			fmt.Fprint(w, `<title>open</title><iframe src="/private"></iframe>`)
			return
		}
		user, pass, ok := r.BasicAuth()
		if !ok || user != "ann" || pass != "s3cret" {
			w.Header().Set("WWW-Authenticate", `Basic realm="test"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, "<title>denied</title>")
			return
		}
		fmt.Fprintf(w, "<title>welcome %s</title><p>private</p>", user)
	}))
	c := newSharedCLI(t)
	nav := c.ok("open", srv.MainURL("/private"))
	assert.EqualValues(t, 401, nav["status"], "no credentials: the server's 401")

	set := c.ok("set", "credentials", "ann", "s3cret")
	assert.Equal(t, map[string]any{"ok": true, "set": true, "username": "ann"}, set, "the password is never echoed")
	nav = c.ok("open", srv.MainURL("/private"))
	assert.Equal(t, "welcome ann", nav["title"])
	assert.EqualValues(t, 200, nav["status"])
	c.ok("open", srv.MainURL("/open"))
	fr := c.ok("frames")
	require.Len(t, fr["frames"], 1)
	assert.Equal(t, srv.MainURL("/private"), fr["frames"].([]any)[0].(map[string]any)["url"])

	// Credentials for another origin are not sent here.
	c.ok("set", "credentials", "ann", "s3cret", srv.CrossURL("/"))
	assert.EqualValues(t, 401, c.ok("open", srv.MainURL("/private?again"))["status"])

	// Refused credentials end in the server's 401, not a loop.
	c.ok("set", "credentials", "ann", "wrong")
	nav = c.ok("open", srv.MainURL("/private?wrong"))
	assert.EqualValues(t, 401, nav["status"])

	assert.Equal(t, false, c.ok("set", "credentials", "off")["set"])
	assert.EqualValues(t, 401, c.ok("open", srv.MainURL("/private?off"))["status"])
	o := c.json("set", "credentials", "ann")
	assert.Equal(t, 2, o.Exit, "a user without a password is a usage error")
}

// --headed needs a display: without one it is refused before any daemon
// starts, saying what to do.
func TestHeadedNeedsADisplay(t *testing.T) {
	c := newCLI(t)
	c.env = []string{"DISPLAY=", "WAYLAND_DISPLAY="}
	o := c.json("--headed", "open", "about:blank")
	require.Equal(t, 2, o.Exit, o.Stdout)
	assert.Contains(t, o.Stdout, "xvfb-run")
	o = c.json("--headed", "--cdp", "ws://127.0.0.1:9/x", "tabs")
	require.Equal(t, 2, o.Exit, o.Stdout)
	assert.Contains(t, o.Stdout, "--headed is for a browser agentbrowser launches")
	list := c.ok("sessions")["sessions"].([]any)
	assert.Empty(t, list, "nothing was started")
}
