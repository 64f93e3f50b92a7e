package main_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// habitsHTML is the local site a user coming from agent-browser or
// Playwright tries things on: a form with a select, checkboxes and a date
// input, buttons in and out of the form, headings, a download link, a
// confirm() dialog and a cross-origin iframe.
const habitsHTML = `<!doctype html><title>Shop</title>
<h1>Shop</h1><h2>Basket</h2>
<form id=f>
<label>Email <input id=email value="old"></label>
<label>Date <input type=date id=d></label>
<label><input type=checkbox id=agree checked> Agree</label>
<label><input type=checkbox id=news> News</label>
<label>Fruit <select id=fruit><option>Apple</option><option selected>Banana</option></select></label>
<button type=button id=save disabled>Save</button>
<button type=button aria-expanded=false>Menu</button>
</form>
<div id=other><button type=button onclick="document.title='other'">Save</button></div>
<p id=hid style="display:none">hidden</p>
<p id=styled style="color: rgb(255, 0, 0); margin: 4px; padding: 2px; width: 100px">styled</p>
<a href="/file.txt" id=dl>Get file</a>
<a href="/file2.txt" download id=dl2>Get second file</a>
<button type=button id=ask onclick="document.title = confirm('Really?') ? 'yes' : 'no'">Ask</button>
<iframe src="{{CROSS}}/inner" width=300 height=100></iframe>`

func habitsSite(t *testing.T) *testutil.Servers {
	t.Helper()
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/inner":
			fmt.Fprint(w, `<title>inner</title><button type=button>Inner</button><input type=checkbox checked aria-label=Remember>`)
		case "/file.txt", "/file2.txt":
			w.Header().Set("Content-Disposition", "attachment; filename="+strings.TrimPrefix(r.URL.Path, "/"))
			fmt.Fprint(w, "file "+r.URL.Path)
		case "/missing":
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, "<title>Not here</title><p>nothing here</p>")
		case "/empty404":
			w.WriteHeader(http.StatusNotFound)
		case "/slowfetch":
			time.Sleep(300 * time.Millisecond)
			fmt.Fprint(w, "ok")
		case "/idle":
			fmt.Fprint(w, `<title>idle</title><script>setTimeout(() => fetch('/slowfetch'), 100)</script>`)
		default:
			fmt.Fprint(w, habitsHTML)
		}
	}))
}

// Every command answers --help and -h with its usage and flags, exit 0,
// and so does help COMMAND.
func TestEveryCommandAnswersHelp(t *testing.T) {
	c := newCLI(t)
	for _, name := range main.CommandNames() {
		if strings.HasPrefix(name, "test-") {
			continue // registered by this package's tests, not in the binary
		}
		for _, h := range []string{"--help", "-h"} {
			o := c.run(name, h)
			require.Equal(t, 0, o.Exit, "%s %s: %s", name, h, o.Stderr)
			assert.Contains(t, o.Stdout, "usage: agentbrowser "+name, "%s %s", name, h)
		}
	}
	o := c.run("snapshot", "--help")
	assert.Contains(t, o.Stdout, "-i, --interactive")
	o = c.run("--json", "click", "-h")
	require.Equal(t, 0, o.Exit)
	assert.Contains(t, o.Stdout, `"ok":true`)
	assert.Contains(t, o.Stdout, "bare CSS selector")
	o = c.run("help", "fill")
	assert.Contains(t, o.Stdout, "usage: agentbrowser fill")
	o = c.run("--help")
	assert.Contains(t, o.Stdout, "COMMAND --help")
	// An unknown short flag says where the flags are.
	o = c.run("snapshot", "-x")
	require.Equal(t, 2, o.Exit)
	assert.Contains(t, o.Stderr, "agentbrowser snapshot --help")
	// A malformed target lists the forms, before any daemon starts.
	o = c.run("click", "@save")
	require.Equal(t, 2, o.Exit)
	for _, form := range []string{"e5", "role=button", "text=", "css=", ">>", "#save"} {
		assert.Contains(t, o.Stderr, form)
	}
}

// Short flags, bare CSS selectors, chained locators and state filters
// work as agent-browser and Playwright users type them.
func TestShortFlagsBareCSSChainsAndFilters(t *testing.T) {
	srv := habitsSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))

	o := c.run("snapshot", "-i", "-c", "-d", "5")
	require.Equal(t, 0, o.Exit, o.Stderr)
	assert.Contains(t, o.Stdout, `checkbox "Agree" [checked]`)
	scoped := c.ok("snapshot", "-s", "#other")
	assert.Contains(t, scoped["snapshot"], `button "Save"`)
	assert.NotContains(t, scoped["snapshot"], "Email")

	find := func(loc string) []map[string]any {
		t.Helper()
		body := c.ok("find", loc)
		var out []map[string]any
		for _, m := range body["matches"].([]any) {
			out = append(out, m.(map[string]any))
		}
		return out
	}
	names := func(ms []map[string]any) []string {
		var out []string
		for _, m := range ms {
			out = append(out, fmt.Sprint(m["name"]))
		}
		return out
	}
	assert.Equal(t, []string{"Save", "Menu"}, names(find("css=form >> role=button")), "a chain keeps what is inside the form")
	assert.Equal(t, []string{"Save"}, names(find("#other >> role=button")), "a bare CSS first step")
	assert.Equal(t, []string{"Save", "Menu"}, names(find("#f button")), "bare CSS")
	assert.Equal(t, []string{"Agree", "Remember"}, names(find("role=checkbox[checked]")))
	assert.Equal(t, []string{"News"}, names(find("role=checkbox[checked=false]")))
	assert.Equal(t, []string{"Save"}, names(find("role=button[disabled]")))
	assert.Equal(t, []string{"Menu"}, names(find("role=button[expanded=false]")))
	assert.Equal(t, []string{"Basket"}, names(find("role=heading[level=2]")))
	assert.Equal(t, []string{"Banana"}, names(find("role=option[selected]")))
	// A top-frame match names no frame; one in the iframe does.
	for _, m := range find("role=checkbox[checked]") {
		if m["name"] == "Agree" {
			assert.NotContains(t, m, "frame_id")
		} else {
			assert.NotEmpty(t, m["frame_id"])
		}
	}

	// A bare selector acts; one that matches nothing says how it was read.
	c.ok("click", "#other button")
	assert.Equal(t, "other", c.ok("get", "title")["title"])
	o = c.json("click", "Save now")
	assert.Equal(t, "element_not_found", o.errCode())
	assert.Contains(t, o.Stdout, "read as CSS")

	// frames counts the top frame it lists.
	fr := c.ok("frames")
	assert.EqualValues(t, len(fr["frames"].([]any))+1, fr["count"])
}

// fill, get, is and the new waits, through the CLI on a real page.
func TestFillGetIsWait(t *testing.T) {
	srv := habitsSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))

	c.ok("fill", "#email", "new@example.com")
	assert.Equal(t, "new@example.com", c.ok("get", "value", "#email")["value"])
	assert.Equal(t, "Shop", c.ok("get", "text", "h1")["text"])
	attr := c.ok("get", "attr", "#email", "id")
	assert.Equal(t, "email", attr["value"])
	assert.Equal(t, true, attr["present"])
	assert.Equal(t, false, c.ok("get", "attr", "#email", "title")["present"])
	assert.Contains(t, c.ok("get", "html", "#f")["html"], `id="email"`)
	assert.Contains(t, c.ok("get", "html", "#f", "--outer")["html"], `<form id="f">`)
	assert.EqualValues(t, 5, c.ok("get", "count", "role=button")["count"], "Save, Menu, Save, Ask, and the iframe's Inner")
	assert.EqualValues(t, 2, c.ok("get", "count", "#f button")["count"])
	box := c.ok("get", "box", "#styled")["box"].(map[string]any)
	assert.EqualValues(t, 100+2*2, box["width"])
	st := c.ok("get", "styles", "#styled", "--props", "color,margin-top")
	assert.Equal(t, map[string]any{"color": "rgb(255, 0, 0)", "margin-top": "4px"}, st["styles"])
	bm := st["box_model"].(map[string]any)
	assert.EqualValues(t, 100, bm["content"].(map[string]any)["width"])
	assert.EqualValues(t, 112, bm["margin"].(map[string]any)["width"])
	all := c.ok("get", "styles", "#styled")["styles"].(map[string]any)
	assert.Greater(t, len(all), 100, "all computed styles")
	assert.Equal(t, c.ok("get", "url")["url"], srv.MainURL("/"))

	is := func(what, target string) any { return c.ok("is", what, target)[what] }
	assert.Equal(t, false, is("visible", "#hid"))
	assert.Equal(t, false, is("visible", "#nothing-here"), "no match is not visible")
	assert.Equal(t, true, is("visible", "h1"))
	assert.Equal(t, true, is("checked", "#agree"))
	assert.Equal(t, false, is("checked", "#news"))
	assert.Equal(t, false, is("enabled", "#save"))
	assert.Equal(t, true, is("editable", "#email"))
	assert.Equal(t, false, is("editable", "#save"))
	o := c.json("is", "checked", "h1")
	assert.Equal(t, "invalid_argument", o.errCode())
	// Plain output prints the answer alone.
	o = c.run("is", "checked", "#agree")
	assert.Equal(t, "true\n", o.Stdout)
	o = c.run("get", "value", "#email")
	assert.Equal(t, "new@example.com\n", o.Stdout)

	// Waits: a pause, a script, a load state, an element by position.
	w := c.ok("wait", "150")
	assert.EqualValues(t, 150, w["details"].(map[string]any)["elapsed_ms"])
	c.ok("wait", "--fn", "document.title === 'Shop'")
	c.ok("wait", "--fn", "() => document.querySelectorAll('button').length > 2")
	c.ok("wait", "#save")
	c.ok("wait", "--load")
	c.ok("wait", "--load", "domcontentloaded")
	o = c.json("--timeout-ms", "800", "wait", "--fn", "false")
	assert.Equal(t, "timeout", o.errCode())
	o = c.json("--timeout-ms", "1000", "wait", "5000")
	assert.Equal(t, "invalid_argument", o.errCode(), "a pause longer than the budget fails at once")
	assert.Less(t, o.Dur, 900*time.Millisecond)

	c.ok("open", srv.MainURL("/idle"))
	w = c.ok("wait", "--load", "networkidle")
	assert.Equal(t, "the network to be idle", w["details"].(map[string]any)["waited_for"])
	assert.GreaterOrEqual(t, w["details"].(map[string]any)["elapsed_ms"], float64(500))
}

// wait --fn runs script in the page, so the evaluate switch stops it.
func TestWaitFnObeysTheEvaluateSwitch(t *testing.T) {
	srv := habitsSite(t)
	c := newSharedCLI(t)
	c.pre = append(c.pre, "--evaluate-enabled=false")
	c.ok("open", srv.MainURL("/"))
	o := c.json("wait", "--fn", "true")
	assert.Equal(t, "evaluate_disabled", o.errCode(), o.Stdout)
	// Reading the page is agentbrowser's own script, not the agent's.
	assert.Equal(t, "Shop", c.ok("get", "text", "h1")["text"])
}

// Navigations report the main document's HTTP status, and the browser's
// error page is a failure for every kind of navigation.
func TestNavigationStatusAndErrorPages(t *testing.T) {
	srv := habitsSite(t)
	c := newSharedCLI(t)
	nav := c.ok("open", srv.MainURL("/"))
	assert.EqualValues(t, 200, nav["status"])
	nav = c.ok("open", srv.MainURL("/missing"))
	assert.EqualValues(t, 404, nav["status"], "a 404 page is loaded and says so")
	assert.Equal(t, "Not here", nav["title"])
	nav = c.ok("open", srv.MainURL("/empty404"))
	assert.EqualValues(t, 404, nav["status"], "an empty 404, which Chrome shows its own page for, is the server's answer")
	nav = c.ok("reload")
	assert.EqualValues(t, 404, nav["status"])
	c.ok("open", srv.MainURL("/"))
	click := c.ok("click", "text=Get file")
	assert.NotContains(t, click, "status", "a download is no navigation")

	c.ok("set", "offline", "on")
	for _, cmd := range [][]string{{"reload"}, {"open", srv.MainURL("/missing")}} {
		o := c.json(cmd...)
		assert.Equal(t, "navigation_failed", o.errCode(), "%v: %s", cmd, o.Stdout)
		assert.Contains(t, o.Stdout, "ERR_INTERNET_DISCONNECTED", "%v", cmd)
	}
	c.ok("set", "offline", "off")
	c.ok("open", srv.MainURL("/missing"))
	c.ok("open", srv.MainURL("/"))
	c.ok("set", "offline", "on")
	o := c.json("back")
	if o.errCode() != "" {
		// Not from the back/forward cache: the browser's error page.
		assert.Equal(t, "navigation_failed", o.errCode(), o.Stdout)
	} else {
		assert.EqualValues(t, 404, o.Body["status"], "restored from the cache: the page as it was")
	}
	c.ok("set", "offline", "off")
}

// A download a click starts is in that click's result, each click its
// own file.
func TestDownloadInItsOwnActionsResult(t *testing.T) {
	srv := habitsSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/"))
	for i := range 3 {
		for _, link := range []struct{ target, file string }{{"#dl", "file.txt"}, {"#dl2", "file2.txt"}} {
			body := c.ok("click", link.target)
			dls, _ := body["downloads"].([]any)
			require.Len(t, dls, 1, "round %d, %s: %v", i, link.target, body)
			assert.Equal(t, link.file, dls[0].(map[string]any)["suggested_filename"])
		}
	}
	done := c.ok("downloads", "--wait")
	for _, d := range done["downloads"].([]any) {
		assert.Equal(t, "completed", d.(map[string]any)["state"])
	}
}

// A profile keeps a login held in a session cookie from one session to
// the next; --no-keep-session-cookies lets it end with the browser.
func TestProfileKeepsSessionCookies(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "secret-session", Path: "/", HttpOnly: true})
			http.SetCookie(w, &http.Cookie{Name: "pref", Value: "kept", Path: "/", Expires: time.Now().Add(time.Hour)})
			fmt.Fprint(w, "<title>logged in</title>")
		default:
			if ck, err := r.Cookie("sid"); err == nil && ck.Value == "secret-session" {
				fmt.Fprint(w, "<title>Logged in</title>")
				return
			}
			fmt.Fprint(w, "<title>Not logged in</title>")
		}
	}))
	c := newCLI(t)
	profile := filepath.Join(t.TempDir(), "p")
	c.ok("--profile", profile, "open", srv.MainURL("/login"))
	assert.Equal(t, "Logged in", c.ok("open", srv.MainURL("/account"))["title"])
	c.ok("close")
	st, err := os.Stat(filepath.Join(profile, "agentbrowser-session-cookies.json"))
	require.NoError(t, err, "close saves the session cookies in the profile")
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	assert.Equal(t, "Logged in", c.ok("--profile", profile, "open", srv.MainURL("/account"))["title"], "the login lasts")
	c.ok("close")

	assert.Equal(t, "Not logged in", c.ok("--profile", profile, "--no-keep-session-cookies", "open", srv.MainURL("/account"))["title"])
	c.ok("close")
	_, err = os.Stat(filepath.Join(profile, "agentbrowser-session-cookies.json"))
	assert.True(t, os.IsNotExist(err), "forgotten, the saved cookies are removed")
}

// A command that fails before its browser exists leaves no daemon.
func TestFailedStartLeavesNoDaemon(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t, "a", "b")
	profile := filepath.Join(t.TempDir(), "p")
	c.ok("--session", "a", "--profile", profile, "open", "about:blank")
	o := c.json("--session", "b", "--profile", profile, "open", "about:blank")
	require.Equal(t, "profile_in_use", o.errCode(), o.Stdout)
	deadline := time.Now().Add(10 * time.Second)
	for {
		list := c.ok("sessions")["sessions"].([]any)
		names := []string{}
		for _, s := range list {
			names = append(names, s.(map[string]any)["session"].(string))
		}
		if len(names) == 1 && names[0] == "a" {
			break
		}
		require.True(t, time.Now().Before(deadline), "session b's daemon is still listed: %v", names)
		time.Sleep(50 * time.Millisecond) // polling the daemon list: its exit has no event here
	}
}
