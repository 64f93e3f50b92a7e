package main_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const counterHTML = `<!doctype html><title>counter</title><style>body{margin:0}</style>
<button id=b style="position:absolute;left:10px;top:10px;width:100px;height:40px" onclick="n.textContent=+n.textContent+1">add</button>
<p id=n style="margin-top:80px">0</p>`

func site(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/counter":
			fmt.Fprint(w, counterHTML)
		default:
			fmt.Fprintf(w, "<title>%s</title><p>page %s</p>", strings.Trim(r.URL.Path, "/"), r.URL.Path)
		}
	}))
}

func TestCLIOneSessionEndToEnd(t *testing.T) {
	srv := site(t)
	c := newCLI(t)

	open := c.ok("open", srv.MainURL("/counter"))
	require.Equal(t, "counter", open["title"])
	require.Equal(t, srv.MainURL("/counter"), open["url"])

	click := c.ok("click", "--xy", "50,30")
	require.NotEmpty(t, click["tab_id"])
	c.ok("click", "--xy", "50,30")

	ev := c.ok("eval", "document.getElementById('n').textContent")
	require.Equal(t, "2", ev["value"])
	require.Equal(t, "string", ev["type"])

	num := c.ok("eval", "6*7")
	require.Equal(t, float64(42), num["value"])
	require.Equal(t, "number", num["type"])

	tabs := c.ok("tabs")["tabs"].([]any)
	require.Len(t, tabs, 1)
	tab := tabs[0].(map[string]any)
	require.Equal(t, true, tab["active"])
	require.Equal(t, srv.MainURL("/counter"), tab["url"])
	for _, k := range []string{"id", "url", "title", "active"} {
		require.Contains(t, tab, k)
	}

	// The daemon is listed, then closed.
	sess := c.ok("sessions")["sessions"].([]any)
	require.Len(t, sess, 1)
	require.Equal(t, "default", sess[0].(map[string]any)["session"])
	require.Equal(t, true, c.ok("close")["closed"])
	require.Empty(t, c.ok("sessions")["sessions"])
}

func TestCLIErrorsAndExitCodes(t *testing.T) {
	c := newCLI(t)
	// Usage errors exit 2 and never start a daemon.
	o := c.json("frobnicate")
	require.Equal(t, 2, o.Exit)
	require.Equal(t, false, o.Body["ok"])
	require.Equal(t, "invalid_argument", o.errCode())
	o = c.json("open")
	require.Equal(t, 2, o.Exit)
	o = c.json("--timeout-ms", "-5", "tabs")
	require.Equal(t, 1, o.Exit, "a negative budget is a bad value: invalid_argument, exit 1")
	require.Equal(t, "invalid_argument", o.errCode())
	o = c.json("click", "--xy", "nope")
	require.Equal(t, 2, o.Exit)
	for _, args := range [][]string{{"eval"}, {"eval", ""},
		// A malformed ref is a usage error too, checked before a daemon
		// starts.
		// (a bare word is a CSS selector; @x is neither a ref nor CSS).
		{"click", "@notaref"}, {"type", "@x", "abc"}, {"hover", "@x"}, {"scroll", "@x"}, {"select", "@x", "v"},
		{"check", "@x"}, {"uncheck", "@x"}, {"upload", "@x", "f"}, {"drag", "e1", "@x"}, {"eval", "el => 1", "--ref", "@x"},
		{"screenshot", "--ref", "@x"}, {"wait", "--gone", "@x"}, {"wait", "--ref", "@x"}, {"snapshot", "--scope", "@x"},
		{"cookies", "set", "n", "v"},
		// So are the other arguments the CLI can check without a browser.
		{"tab", "bogus"}, {"tab", "switch"}, {"dialog", "bogus"}, {"dialog", "dismiss", "--prompt-text", "x"},
		{"dialog", "policy", "nope"}, {"dialog", "accept", "--hold-ms", "5"}, {"resize", "a", "b"}, {"resize", "0", "10"},
		{"eval", "1", "--ref", "e1", "--frame", "F"}} {
		o = c.json(args...)
		require.Equal(t, 2, o.Exit, "%v", args)
		require.Equal(t, "invalid_argument", o.errCode(), "%v", args)
	}
	// A value the action's handler refuses (defaultaction.Check) is
	// invalid_argument with exit 1, as when the handler finds it, but it
	// too is found before a daemon starts.
	for _, args := range [][]string{{"click", "e1", "--button", "sideways"}, {"click", "e1", "--modifiers", "Shift,Hyper"},
		{"click", "--xy", "-1,5"}, {"press", ""}, {"press", "Hyper+X"}, {"wait"}, {"wait", "--text", "a", "--load"},
		{"screenshot", "--format", "gif"}, {"screenshot", "--quality", "50"}, {"screenshot", "--full", "--ref", "e1"}} {
		o = c.json(args...)
		require.Equal(t, 1, o.Exit, "%v", args)
		require.Equal(t, "invalid_argument", o.errCode(), "%v", args)
	}
	o = c.json("--dialog-policy", "bogus", "tabs")
	require.Equal(t, 2, o.Exit)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "dialog")
	_, err := os.Stat(filepath.Join(c.home, "default.sock"))
	require.True(t, os.IsNotExist(err), "a usage error must not start a daemon")

	// Action errors exit 1 with a code.
	testutil.RequireChrome(t)
	o = c.json("eval", "throw new Error('boom')")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "js_exception", o.errCode())
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "boom")
	o = c.json("open", "http://127.0.0.1:1/")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "navigation_failed", o.errCode())
	// Without --json, errors go to stderr.
	o = c.run("eval", "throw new Error('boom')")
	require.Equal(t, 1, o.Exit)
	require.Contains(t, o.Stderr, "error [js_exception]")
	// A request that did not pass through the CLI's Prepare, which reads
	// --stdin and drops the flag, has no expression: it is refused, and the
	// daemon goes on.
	conn, err := net.Dial("unix", filepath.Join(c.home, "default.sock"))
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(time.Minute)))
	fmt.Fprintln(conn, `{"command":"eval","request":{},"timeout_ms":5000}`)
	var rep struct {
		Exit int `json:"exit"`
		Body struct {
			Error struct{ Code string } `json:"error"`
		} `json:"body"`
	}
	require.NoError(t, json.NewDecoder(conn).Decode(&rep))
	require.Equal(t, 1, rep.Exit)
	require.Equal(t, "invalid_argument", rep.Body.Error.Code)
	// The session still works.
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
}

func TestCLITwoSessionsSideBySide(t *testing.T) {
	srv := site(t)
	c := newCLI(t, "a", "b")
	c.ok("--session", "a", "open", srv.MainURL("/alpha"))
	c.ok("--session", "b", "open", srv.MainURL("/beta"))
	require.Equal(t, "alpha", c.ok("--session", "a", "eval", "document.title")["value"])
	require.Equal(t, "beta", c.ok("--session", "b", "eval", "document.title")["value"])
	sess := c.ok("sessions")["sessions"].([]any)
	require.Len(t, sess, 2)
	pa := sess[0].(map[string]any)["pid"]
	pb := sess[1].(map[string]any)["pid"]
	require.NotEqual(t, pa, pb, "each session has its own daemon")
}

func TestCLISocketIsPrivate(t *testing.T) {
	c := newCLI(t)
	testutil.RequireChrome(t)
	c.ok("eval", "1")
	fi, err := os.Stat(filepath.Join(c.home, "default.sock"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

func TestCLIBrowserKilled(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	c.ok("open", srv.MainURL("/first"))
	// Kill the browser behind the daemon's back: the daemon records its
	// pid in the runtime directory.
	pid, _ := recordedBrowser(t, c)
	require.NoError(t, syscall.Kill(-pid, syscall.SIGKILL))

	// The next command answers, never hangs: either browser_crashed or
	// success on a fresh browser that says so.
	o := c.json("--timeout-ms", "20000", "eval", "1+1")
	require.Less(t, o.Dur, 60*time.Second)
	if o.Exit != 0 {
		require.Equal(t, "browser_crashed", o.errCode(), o.Stdout)
		o = c.json("eval", "1+1")
	}
	require.Equal(t, 0, o.Exit, o.Stdout)
	require.Equal(t, float64(2), o.Body["value"])
	// After that, the session is usable again.
	c.ok("open", srv.MainURL("/second"))
	require.Equal(t, "second", c.ok("eval", "document.title")["value"])
}
