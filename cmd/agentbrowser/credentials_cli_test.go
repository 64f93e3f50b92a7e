package main_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// set credentials answers a site's HTTP authentication, in a frame too,
// never echoes the password, stops after a refusal (the server's answer,
// not a loop), and ends with off.
func TestSetCredentials(t *testing.T) {
	testutil.RequireChrome(t)
	// /x/ wants ann's password, /y/ bob's, each its own realm.
	logins := map[string][2]string{"x": {"ann", "s3cret"}, "y": {"bob", "pw"}}
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/open" {
			fmt.Fprint(w, `<title>open</title><iframe src="/x/private"></iframe>`)
			return
		}
		dir := strings.Split(strings.Trim(r.URL.Path, "/"), "/")[0]
		want := logins[dir]
		user, pass, ok := r.BasicAuth()
		if !ok || user != want[0] || pass != want[1] {
			w.Header().Set("WWW-Authenticate", `Basic realm="`+dir+`"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, "<title>denied</title>")
			return
		}
		fmt.Fprintf(w, "<title>welcome %s</title><p>private</p>", user)
	}))
	c := newSharedCLI(t)
	// Without credentials (or with refused ones) headless Chromium gives
	// the login up: navigation_failed, saying how to give one.
	refused := func(url string) {
		t.Helper()
		o := c.json("open", url)
		assert.Equal(t, "navigation_failed", o.errCode(), o.Stdout)
		assert.Contains(t, o.Stdout, "set credentials USER PASS")
	}
	refused(srv.MainURL("/x/private"))

	// Credentials for another origin are not sent here.
	c.ok("set", "credentials", "ann", "s3cret", srv.CrossURL("/"))
	refused(srv.MainURL("/x/private"))
	// Refused credentials end in a failure, not a loop.
	c.ok("set", "credentials", "ann", "wrong")
	refused(srv.MainURL("/x/private"))

	set := c.ok("set", "credentials", "ann", "s3cret")
	assert.Equal(t, map[string]any{"ok": true, "set": true, "username": "ann"}, set, "the password is never echoed")
	nav := c.ok("open", srv.MainURL("/x/private"))
	assert.Equal(t, "welcome ann", nav["title"])
	assert.EqualValues(t, 200, nav["status"])
	c.ok("open", srv.MainURL("/open"))
	fr := c.ok("frames")
	require.Len(t, fr["frames"], 1)
	assert.Equal(t, srv.MainURL("/x/private"), fr["frames"].([]any)[0].(map[string]any)["url"])

	assert.Equal(t, false, c.ok("set", "credentials", "off")["set"])
	refused(srv.MainURL("/y/private"))
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

// --headed with a display shows the browser: a virtual X server's display
// (Xvfb, which make test installs), a browser that is not headless.
func TestHeadedShowsTheBrowser(t *testing.T) {
	testutil.RequireChrome(t)
	xvfb, err := exec.LookPath("Xvfb")
	require.NoError(t, err, "Xvfb is missing: 'make test' installs it (apt-get install -y xvfb)")
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	// -displayfd: Xvfb picks a free display and writes its number to fd 3.
	x := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	require.NoError(t, x.Start())
	w.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	num := make(chan string, 1)
	go func() {
		b := make([]byte, 16)
		n, _ := r.Read(b)
		num <- strings.TrimSpace(string(b[:n]))
	}()
	var display string
	select {
	case d := <-num:
		display = ":" + d
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb named no display within 20 s")
	}
	require.NotEqual(t, ":", display)

	c := newCLI(t)
	c.env = []string{"DISPLAY=" + display, "WAYLAND_DISPLAY="}
	ua := c.ok("--headed", "eval", "navigator.userAgent")["value"].(string)
	require.NotContains(t, ua, "Headless", "the browser shows its window")
	assert.Equal(t, "visible", c.ok("eval", "document.visibilityState")["value"])
	c.ok("close")
}
