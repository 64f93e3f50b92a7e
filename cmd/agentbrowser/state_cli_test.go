package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// stateSite signs in on /login (an HttpOnly cookie, a visible one and a
// localStorage token), shows on /app what its first script finds and what
// the server got, and offers a file on /files.
func stateSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "s3cret", Path: "/", HttpOnly: true, MaxAge: 3600})
			http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Path: "/"})
			fmt.Fprint(w, `<!doctype html><title>signed in</title><script>localStorage.setItem("token", "tok")</script>`)
		case "/app":
			fmt.Fprintf(w, `<!doctype html><title>app</title><p id=hdr>%s</p><script>document.title = "ls=" + localStorage.getItem("token") + " h=" + hdr.textContent</script>`, r.Header.Get("Cookie"))
		case "/report.csv":
			w.Header().Set("Content-Disposition", `attachment; filename="report.csv"`)
			fmt.Fprint(w, "a,b\n")
		case "/files":
			fmt.Fprint(w, `<!doctype html><title>files</title><a href="/report.csv">Report</a><a href="data:text/plain,hi" download="hi.txt">Greeting</a>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>page</title>`)
		}
	}))
}

// runIn runs the CLI with --json in dir, so that relative paths are the
// caller's.
func (c *cli) runIn(dir string, args ...string) outcome {
	c.t.Helper()
	cmd := c.command(append([]string{"--json"}, args...)...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	o := outcome{Stdout: out.String(), Stderr: errb.String()}
	if ee, ok := err.(interface{ ExitCode() int }); ok {
		o.Exit = ee.ExitCode()
	}
	require.NoError(c.t, json.Unmarshal(out.Bytes(), &o.Body), "stdout %q stderr %q", o.Stdout, o.Stderr)
	return o
}

func names(list any) []string {
	var out []string
	for _, v := range list.([]any) {
		out = append(out, v.(map[string]any)["name"].(string))
	}
	return out
}

func TestCLICookiesAndStorage(t *testing.T) {
	srv := stateSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/login"))

	got := c.ok("cookies")
	require.ElementsMatch(t, []string{"sid", "theme"}, names(got["cookies"]))
	for _, ck := range got["cookies"].([]any) {
		m := ck.(map[string]any)
		if m["name"] == "sid" {
			require.Equal(t, true, m["httpOnly"])
			require.Equal(t, "127.0.0.1", m["domain"])
		}
	}
	require.Empty(t, c.ok("cookies", "--url", srv.CrossURL("/"))["cookies"])
	// Chromium keeps a cookie 400 days at most: a month is kept as set.
	exp := time.Now().Add(30 * 24 * time.Hour).Unix()
	set := c.ok("cookies", "set", "lang", "fr", "--url", srv.MainURL("/"), "--http-only", "--same-site", "Strict", "--expires", strconv.FormatInt(exp, 10))
	ck := set["cookies"].([]any)[0].(map[string]any)
	require.Equal(t, "Strict", ck["sameSite"])
	require.Equal(t, float64(exp), ck["expires"])
	c.ok("cookies", "set", "region", "eu", "--domain", "127.0.0.1", "--path", "/app")
	app := c.ok("open", srv.MainURL("/app"))
	_, header, _ := strings.Cut(app["title"].(string), " h=")
	require.Contains(t, header, "lang=fr")
	require.Contains(t, header, "region=eu")
	cleared := c.ok("cookies", "clear", "--url", srv.MainURL("/"))
	require.ElementsMatch(t, []string{"sid", "theme", "lang"}, names(cleared["cookies"]), "region is for /app only")
	require.Equal(t, []string{"region"}, names(c.ok("cookies")["cookies"]))
	c.ok("cookies", "clear")
	require.Empty(t, c.ok("cookies")["cookies"])

	// Web storage of the active tab's origin.
	items := c.ok("storage", "local")
	require.Equal(t, []any{map[string]any{"name": "token", "value": "tok"}}, items["items"])
	c.ok("storage", "local", "set", "token", "mine")
	one := c.ok("storage", "local", "get", "token")
	require.Equal(t, "mine", one["value"])
	require.Equal(t, true, one["found"])
	require.True(t, strings.HasPrefix(c.ok("reload")["title"].(string), "ls=mine"), "the page reads what was set")
	c.ok("storage", "local", "remove", "token")
	require.Equal(t, false, c.ok("storage", "local", "get", "token")["found"])
	c.ok("storage", "session", "set", "a", "1")
	c.ok("storage", "session", "clear")
	require.Empty(t, c.ok("storage", "session")["items"])
	plain := c.run("storage", "local")
	require.Equal(t, 0, plain.Exit, plain.Stderr)
	require.Contains(t, plain.Stdout, "origin: "+srv.MainURL(""))

	for _, bad := range [][]string{
		{"cookies", "set", "only-a-name"},
		{"cookies", "bake"},
		{"cookies", "--domain", "x"},
		{"storage", "local", "set", "k"},
		{"storage", "local", "get", "k", "v"},
		{"state", "open", "f.json"},
	} {
		o := c.json(bad...)
		require.Equal(t, 2, o.Exit, "%v: %v", bad, o.Body)
	}
	// Neither --url nor --domain is a usage error, exit 2 (cli_test.go).
	for _, bad := range [][]string{
		{"cookies", "set", "n", "v", "--url", "x", "--domain", "y"},
		{"cookies", "set", "n", "v", "--url", srv.MainURL("/"), "--same-site", "lax"},
		{"storage", "cookies"},
	} {
		o := c.json(bad...)
		require.Equal(t, 1, o.Exit, "%v: %v", bad, o.Body)
		require.Equal(t, "invalid_argument", o.errCode(), "%v", bad)
	}
}

// A state saved by one session loads into another, both by state load and
// by --storage-state before the first page; paths are the caller's.
func TestCLIStorageState(t *testing.T) {
	srv := stateSite(t)
	c := newSharedCLI(t, "a", "b", "c")
	dir := t.TempDir()
	c.ok("--session", "a", "open", srv.MainURL("/login"))
	saved := c.runIn(dir, "--session", "a", "state", "save", "state.json")
	require.Equal(t, 0, saved.Exit, "%v", saved.Body)
	path := filepath.Join(dir, "state.json")
	require.Equal(t, path, saved.Body["path"])
	require.Equal(t, float64(2), saved.Body["cookies"])
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	loaded := c.runIn(dir, "--session", "b", "state", "load", "state.json")
	require.Equal(t, 0, loaded.Exit, "%v", loaded.Body)
	app := c.ok("--session", "b", "open", srv.MainURL("/app"))
	require.True(t, strings.HasPrefix(app["title"].(string), "ls=tok"), "%v", app["title"])
	require.Contains(t, app["title"], "sid=s3cret")

	first := c.runIn(dir, "--session", "c", "--storage-state", "state.json", "open", srv.MainURL("/app"))
	require.Equal(t, 0, first.Exit, "%v", first.Body)
	require.True(t, strings.HasPrefix(first.Body["title"].(string), "ls=tok"), "loaded before the first page: %v", first.Body["title"])

	// A malformed state file is refused before any daemon starts, naming
	// what is wrong.
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"cookies":[{"name":"a","value":"b","domain":"x","sameSite":"lax"}]}`), 0o600))
	o := c.json("--session", "d", "--storage-state", bad, "tabs")
	require.Equal(t, 2, o.Exit, "%v", o.Body)
	require.Equal(t, "invalid_argument", o.errCode())
	require.Contains(t, o.Body["error"].(map[string]any)["message"], `cookies[0].sameSite: "lax"`)
	o = c.json("--session", "a", "state", "load", bad)
	require.Equal(t, "invalid_argument", o.errCode())
	require.Equal(t, 2, len(c.ok("--session", "a", "cookies")["cookies"].([]any)), "nothing of it was loaded")
}

func TestCLIDownloadsAndPDF(t *testing.T) {
	srv := stateSite(t)
	c := newSharedCLI(t, "default", "small")
	keep := filepath.Join(t.TempDir(), "dl")
	c.pre = append(c.pre, "--download-dir", keep)
	snap := c.ok("open", srv.MainURL("/files"))
	require.Equal(t, "files", snap["title"])
	snap = c.ok("snapshot")
	c.ok("click", refByName(t, snap, "link", "Report"))
	got := c.ok("downloads", "--wait")
	require.Equal(t, keep, got["dir"])
	d := got["downloads"].([]any)[0].(map[string]any)
	require.Equal(t, "completed", d["state"])
	require.Equal(t, filepath.Join(keep, "report.csv"), d["path"])
	require.Equal(t, "report.csv", d["suggested_filename"])
	b, err := os.ReadFile(d["path"].(string))
	require.NoError(t, err)
	require.Equal(t, "a,b\n", string(b))

	// A click reports the download it started, in its result or in the
	// next one's.
	clicked := c.ok("click", refByName(t, snap, "link", "Greeting"))
	waited := c.ok("downloads", "--wait")
	require.Len(t, waited["downloads"], 2)
	if ds, ok := clicked["downloads"].([]any); ok {
		require.Equal(t, "hi.txt", ds[0].(map[string]any)["suggested_filename"])
	}
	o := c.json("--timeout-ms", "1000", "downloads", "--wait")
	require.Equal(t, "timeout", o.errCode(), "no new download began")

	// Navigating to a file downloads it.
	nav := c.ok("open", srv.MainURL("/report.csv"))
	require.Equal(t, srv.MainURL("/files"), nav["url"])
	require.Len(t, nav["downloads"], 1)

	dir := t.TempDir()
	pdf := c.runIn(dir, "pdf", "page.pdf", "--paper", "A4", "--landscape", "--background")
	require.Equal(t, 0, pdf.Exit, "%v", pdf.Body)
	require.Equal(t, filepath.Join(dir, "page.pdf"), pdf.Body["path"])
	b, err = os.ReadFile(filepath.Join(dir, "page.pdf"))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(b, []byte("%PDF-")))
	st, err := os.Stat(filepath.Join(dir, "page.pdf"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	def := c.ok("pdf")
	require.Equal(t, keep, filepath.Dir(def["path"].(string)), "without a path, into the download directory")
	require.NoError(t, os.Symlink(filepath.Join(dir, "page.pdf"), filepath.Join(dir, "link.pdf")))
	o = c.runIn(dir, "pdf", "link.pdf")
	require.Equal(t, "invalid_argument", o.errCode())
	o = c.json("pdf", filepath.Join(dir, "x.pdf"), "--paper", "A3")
	require.Equal(t, "invalid_argument", o.errCode())

	o = c.json("--session", "other", "--max-download-bytes", "0", "tabs")
	require.Equal(t, 2, o.Exit)

	// The session settings reach the downloads: one above
	// --max-download-bytes is canceled and leaves no file, and one from an
	// origin --blocked-origins names never starts.
	small := []string{"--session", "small", "--max-download-bytes", "2", "--blocked-origins", srv.CrossURL("")}
	c.ok(append(small, "open", srv.MainURL("/files"))...)
	before, err := os.ReadDir(keep)
	require.NoError(t, err)
	snap = c.ok(append(small, "snapshot")...)
	c.ok(append(small, "click", refByName(t, snap, "link", "Report"))...)
	got = c.ok(append(small, "downloads", "--wait")...)
	d = got["downloads"].([]any)[0].(map[string]any)
	require.Equal(t, "canceled", d["state"], "%v", d)
	require.Equal(t, "download_too_large", d["error"].(map[string]any)["code"])
	require.Empty(t, d["path"])
	require.Equal(t, keep, got["dir"])
	after, err := os.ReadDir(keep)
	require.NoError(t, err)
	require.Equal(t, len(before), len(after), "a canceled download leaves no file")
	o = c.json(append(small, "open", srv.CrossURL("/report.csv"))...)
	require.Equal(t, "url_not_allowed", o.errCode(), "%v", o.Body)
	got = c.ok(append(small, "downloads")...)
	require.Len(t, got["downloads"], 1, "the blocked one never started")
}

// --profile keeps a sign-in across close; a second session asking for the
// same profile is refused, naming the first, before its browser starts.
func TestCLIProfile(t *testing.T) {
	srv := stateSite(t)
	c := newCLI(t, "default", "other")
	profile := filepath.Join(t.TempDir(), "profile")
	c.ok("--profile", profile, "open", srv.MainURL("/login"))
	st, err := os.Stat(profile)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())

	o := c.json("--session", "other", "--profile", profile, "open", srv.MainURL("/app"))
	require.Equal(t, "profile_in_use", o.errCode(), "%v", o.Body)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], `session "default"`)

	c.ok("close")
	require.DirExists(t, profile, "close keeps the profile")
	app := c.ok("--session", "other", "--profile", profile, "open", srv.MainURL("/app"))
	require.True(t, strings.HasPrefix(app["title"].(string), "ls=tok"), "%v", app["title"])
	require.Contains(t, app["title"], "sid=s3cret")

	o = c.json("--profile", profile, "--cdp", "ws://127.0.0.1:1/devtools/browser/x", "tabs")
	require.Equal(t, 2, o.Exit)
}
