package main_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/request"
)

// hostilePages serves the hostile pages of this file on 127.0.0.1.
func hostilePages(t *testing.T) (url func(path string) string) {
	t.Helper()
	testutil.RequireChrome(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/many":
			// 100,000 elements, a tenth of them buttons.
			fmt.Fprint(w, `<!doctype html><title>many</title><div id=root></div><script>
const root = document.getElementById('root'), f = document.createDocumentFragment();
for (let i = 0; i < 100000; i++) { const e = document.createElement(i % 10 ? 'span' : 'button'); e.textContent = 'item ' + i; f.appendChild(e); }
root.appendChild(f);</script>`)
		case "/console":
			// 110,000 errors, logged in chunks once flood() is called.
			fmt.Fprint(w, `<!doctype html><title>console</title><p>flooding<script>
window.flood = () => { let i = 0; (function chunk() {
  for (let n = 0; n < 5000 && i < 110000; n++, i++) console.error('flood ' + i);
  if (i < 110000) setTimeout(chunk); else window.flooded = true;
})(); };</script>`)
		case "/popups":
			fmt.Fprint(w, `<!doctype html><title>popups</title><button onclick="for (let i = 0; i < 50; i++) window.open('/plain?' + i)" style="width:200px;height:50px">open</button>`)
		case "/beforeunload":
			fmt.Fprint(w, `<!doctype html><title>leave</title><input aria-label=x><script>
addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = 'stay'; });</script>`)
		case "/overrides":
			fmt.Fprint(w, `<!doctype html><title>overrides</title><button>press</button><input aria-label=field><script>
JSON.stringify = () => { throw new Error('no JSON for you') };
JSON.parse = () => { throw new Error('no JSON for you') };
window.Promise = function () { throw new Error('no Promise') };
Array.prototype.map = Array.prototype.forEach = Array.prototype.push = function () { throw new Error('no arrays') };
Object.prototype.toJSON = function () { return 'poisoned' };
Object.defineProperty(Object.prototype, 'then', {get() { throw new Error('no then') }, configurable: true});
document.querySelector = document.querySelectorAll = () => { throw new Error('no queries') };
</script>`)
		case "/bigtitle":
			// A title of 2 MB and a text of 2 MB.
			fmt.Fprint(w, `<!doctype html><title>t</title><p id=p></p><button>ok</button><script>
document.title = 'T'.repeat(2e6); document.getElementById('p').textContent = 'y'.repeat(2e6);</script>`)
		case "/download":
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Content-Disposition", `attachment; filename="`+r.URL.Query().Get("name")+`"`)
			fmt.Fprint(w, "payload")
		case "/offer":
			fmt.Fprintf(w, `<!doctype html><title>offer</title><a href="/download?name=%s" download style="display:block;width:200px;height:50px">get</a>`, html.EscapeString(r.URL.Query().Get("name")))
		default:
			fmt.Fprint(w, `<!doctype html><title>plain</title><p>plain page`)
		}
	}))
	t.Cleanup(srv.Close)
	return func(path string) string { return srv.URL + path }
}

// daemonCall sends one request on the session's socket, without a client
// process (for cases that need hundreds of commands), and decodes the
// answer.
func (c *cli) daemonCall(t *testing.T, q request.Request) (body map[string]any) {
	t.Helper()
	req, err := json.Marshal(map[string]any{"command": q.Command(), "request": q, "timeout_ms": 30000})
	require.NoError(t, err)
	rep, ok := c.rawRequest(t, append(req, '\n'), false)
	require.True(t, ok, "no answer to %s", q.Command())
	return rep.whole
}

// TestHostileTwoHundredTabs: 200 tabs opened and closed leave one tab,
// the browser with one page, and the daemon with the goroutines it had.
func TestHostileTwoHundredTabs(t *testing.T) {
	url := hostilePages(t)
	c := newSharedCLI(t)
	c.ok("open", url("/plain"))
	before := c.ok("status")["goroutines"].(float64)
	// Four agents at a time, fifty tabs each, each closing the tab it
	// opened.
	var wg sync.WaitGroup
	errs := make(chan string, 400)
	for w := range 4 {
		wg.Go(func() {
			for i := range 50 {
				b := c.daemonCall(t, request.NewTab{})
				if b["ok"] != true {
					errs <- fmt.Sprintf("worker %d, tab new %d: %v", w, i, b["error"])
					return
				}
				id := b["tab"].(map[string]any)["id"].(string)
				if b = c.daemonCall(t, request.CloseTab{Tab: id}); b["ok"] != true {
					errs <- fmt.Sprintf("worker %d, tab close %d: %v", w, i, b["error"])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	ids, _ := c.tabIDs()
	require.Len(t, ids, 1)
	// Goroutines of closed tabs end shortly after: poll.
	deadline := time.Now().Add(hostileCeiling)
	for {
		after := c.ok("status")["goroutines"].(float64)
		if after <= before+10 {
			break
		}
		require.True(t, time.Now().Before(deadline), "goroutines: %v before, %v after 200 tabs", before, after)
		time.Sleep(100 * time.Millisecond) // polling the daemon's count
	}
}

// TestHostileHugePages: a page of 100,000 elements snapshots within the
// budget, as much as --max-chars asks for, and the session goes on.
func TestHostileHugePages(t *testing.T) {
	url := hostilePages(t)
	c := newCLI(t) // a browser of its own: see TestHostileTextAndValues
	c.ok("--timeout-ms", "60000", "open", url("/many"))
	snap := c.ok("--timeout-ms", "60000", "snapshot", "--interactive", "--max-chars", "20000")
	require.LessOrEqual(t, len(snap["snapshot"].(string)), 21000)
	require.Equal(t, float64(100000), c.ok("eval", "document.getElementById('root').children.length")["value"])

}

// TestHostileConsoleFlood: while a page logs 110,000 console errors (it
// takes Chrome tens of seconds), the session keeps answering and the
// console keeps a bounded ring of the latest, in order.
func TestHostileConsoleFlood(t *testing.T) {
	url := hostilePages(t)
	// A browser of its own: 110,000 messages keep a browser busy for
	// seconds, which a shared one's liveness check can take for a lost
	// browser on a loaded machine.
	c := newCLI(t)
	c.ok("open", url("/console"))
	c.ok("eval", "setTimeout(flood); 1")
	deadline := time.Now().Add(4 * time.Minute)
	latest := -1
	for {
		ev := c.daemonCall(t, request.Eval{Expression: "window.flooded === true"})
		if ev["ok"] != true {
			// Under the flood, on a loaded machine, an answer can take
			// longer than the call's budget: that is a timeout, never
			// a session that stopped answering for good.
			require.Equal(t, "timeout", ev["error"].(map[string]any)["code"], "the session stopped answering: %v", ev["error"])
			require.True(t, time.Now().Before(deadline), "the page did not finish logging")
			continue
		}
		b := c.daemonCall(t, request.Console{})
		msgs, _ := b["messages"].([]any)
		require.LessOrEqual(t, len(msgs), 50, "console keeps a bounded ring")
		if n := len(msgs); n > 0 {
			var i int
			fmt.Sscanf(msgs[n-1].(map[string]any)["text"].(string), "flood %d", &i)
			require.GreaterOrEqual(t, i, latest, "the ring went back in time")
			latest = i
		}
		if ev["value"] == true {
			break
		}
		require.True(t, time.Now().Before(deadline), "the page did not finish logging")
		time.Sleep(500 * time.Millisecond) // polling the page's progress
	}
	require.Positive(t, latest, "no message arrived")
}

// TestHostilePopupsAndBeforeunload: a click that opens 50 popups answers,
// and every popup can be closed; a page that asks before unloading does not
// keep open from answering (a beforeunload dialog, or the navigation).
func TestHostilePopupsAndBeforeunload(t *testing.T) {
	url := hostilePages(t)
	c := newSharedCLI(t)
	c.ok("open", url("/popups"))
	first, _ := c.tabIDs()
	o := c.json("click", "--xy", "50,25")
	require.Equal(t, 0, o.Exit, o.Stdout)
	ids, _ := c.tabIDs()
	require.LessOrEqual(t, len(ids), 51)
	for _, id := range ids {
		if id != first[0] {
			c.daemonCall(t, request.CloseTab{Tab: id})
		}
	}
	ids, _ = c.tabIDs()
	require.Equal(t, first, ids)
	c.ok("tab", "switch", first[0])

	c.ok("open", url("/beforeunload"))
	c.ok("type", refFor(t, c.ok("snapshot")["snapshot"].(string), "textbox", "x"), "activate") // a user gesture: Chrome asks only then
	o = c.json("open", url("/plain"))
	if o.Exit != 0 {
		requireCode(t, o, "dialog_blocking", 1, hostileCeiling)
	} else if d, ok := o.Body["dialog_opened"]; ok {
		require.Equal(t, "beforeunload", d.(map[string]any)["type"])
	}
	if len(c.ok("dialogs")["pending"].([]any)) > 0 {
		c.ok("dialog", "accept")
	}
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
}

// TestHostileTextAndValues: 100 KB of emoji and right-to-left text types
// and reads back whole; odd script values each get an answer with a
// value or a clear code.
func TestHostileTextAndValues(t *testing.T) {
	url := hostileSite(t)
	// A browser of its own: laying out 100 KB of text keeps a browser busy
	// for seconds, which a shared one's liveness check could take for a
	// hang on a loaded machine.
	c := newCLI(t)
	c.ok("open", url("/form"))
	ref := refFor(t, c.ok("snapshot")["snapshot"].(string), "textbox", "notes")
	// (One right-to-left override, at the end: thousands of unclosed
	// ones take Chrome's own layout tens of seconds.)
	text := strings.Repeat("😀 שלום عربي abc 🇺🇳 ", 100<<10/36) + "\u202e end"
	c.ok("--timeout-ms", "60000", "type", ref, text)
	require.Equal(t, text, c.ok("eval", "document.querySelector('textarea').value")["value"])
	o := c.run("snapshot")
	require.Equal(t, 0, o.Exit)
	require.Contains(t, o.Stdout, "😀 שלום")

	for expr, want := range map[string]string{
		"undefined": "", "NaN": "", "Infinity": "", "-0": "", "10n ** 30n": "", "Symbol('s')": "",
		"(() => 1)": "", "(() => { const o = {}; o.o = o; return o })()": "", "new Date(0)": "",
		"new Map([[1, 2]])": "", "document.body": "", "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]": "",
		"({get x() { throw new Error('getter') }})": "js_exception", "new Proxy({}, {ownKeys() { throw new Error('keys') }})": "",
		"Promise.reject(new Error('rejected'))": "js_exception", "throw 'a string'": "js_exception",
		"'\\ud800 lone surrogate'": "", "new Array(1e4).fill(0)": "",
	} {
		start := time.Now()
		b := c.daemonCall(t, request.Eval{Expression: expr})
		require.Less(t, time.Since(start), hostileCeiling, expr)
		code := ""
		if e, ok := b["error"].(map[string]any); ok {
			code, _ = e["code"].(string)
		}
		if want != "" {
			require.Equal(t, want, code, "%s: %v", expr, b["error"])
			continue
		}
		if b["ok"] != true {
			// A value that cannot cross as JSON is an error with a code,
			// never a hang or an internal error.
			require.NotEqual(t, "internal", code, "%s: %v", expr, b["error"])
			require.NotEmpty(t, code, "%s: %v", expr, b["error"])
		}
	}
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
}

// TestHostilePageOverridesBuiltins: a page that replaces JSON, Promise,
// Array.prototype, Object.prototype.toJSON and a throwing then getter,
// and document.querySelector, still snapshots, clicks, types and
// evaluates: our scripts run in a world of their own.
func TestHostilePageOverridesBuiltins(t *testing.T) {
	url := hostilePages(t)
	c := newSharedCLI(t)
	c.ok("open", url("/overrides"))
	snap := c.ok("snapshot")["snapshot"].(string)
	c.ok("click", refFor(t, snap, "button", "press"))
	c.ok("type", refFor(t, snap, "textbox", "field"), "typed")
	require.Equal(t, float64(2), c.ok("eval", "1+1")["value"])
	require.Equal(t, "overrides", c.ok("eval", "document.title")["value"])
	ids, _ := c.tabIDs()
	require.Len(t, ids, 1)
}

// TestHostileFrozenBrowser: a browser that stops answering (SIGSTOP)
// makes a command answer within its budget with a clear code; once it
// runs again, so does the session.
func TestHostileFrozenBrowser(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	c.ok("eval", "1")
	_, browser := c.daemonInfo()
	require.NoError(t, syscall.Kill(browser, syscall.SIGSTOP))
	resumed := false
	resume := func() {
		if !resumed {
			syscall.Kill(browser, syscall.SIGCONT)
			resumed = true
		}
	}
	defer resume()
	o := c.json("--timeout-ms", "2000", "eval", "1+1")
	require.Equal(t, 1, o.Exit, o.Stdout)
	require.Contains(t, []string{"timeout", "browser_crashed"}, o.errCode(), o.Stdout)
	require.Less(t, o.Dur, 3*2*time.Second+5*time.Second)
	resume()
	o = c.json("--timeout-ms", "30000", "eval", "1+1")
	if o.Exit != 0 {
		// The daemon may have given the frozen browser up for dead; the
		// next command starts a fresh one.
		requireCode(t, o, "browser_crashed", 1, hostileCeiling)
		o = c.json("eval", "1+1")
	}
	require.Equal(t, float64(2), o.Body["value"], o.Stdout)
}

// TestHostileDownloadsStayInTheSession: a download a page starts never
// lands in the user's home or Downloads folder (where a launched browser
// left to itself saves it), neither from a launched browser nor from a
// session's own context on a shared browser.
func TestHostileDownloadsStayInTheSession(t *testing.T) {
	url := hostilePages(t)
	home := t.TempDir()
	launched := newCLI(t)
	launched.env = append(launched.env, "HOME="+home)
	shared := newSharedCLI(t)
	userHome, _ := os.UserHomeDir()
	for i, c := range []*cli{launched, shared} {
		name := fmt.Sprintf("hostile-download-%d-%d.txt", os.Getpid(), i)
		c.ok("open", url("/offer?name="+name))
		c.ok("click", "--xy", "50,25")
		// The page gets to start it; a download that is allowed lands
		// within a moment.
		c.ok("eval", "new Promise(r => setTimeout(r, 1000))")
		for _, dir := range []string{filepath.Join(home, "Downloads"), filepath.Join(userHome, "Downloads"), home} {
			_, err := os.Stat(filepath.Join(dir, name))
			require.True(t, os.IsNotExist(err), "the page wrote %s", filepath.Join(dir, name))
		}
	}
}

// TestHostileHugeTitleAndText: a page whose title is larger than the
// result cap (2 MB under a 1 MiB cap: it would fill every result past it)
// is shown with its title cut to 4096 characters, so snapshot --max-chars
// still reads it, as does a page whose text is larger than the cap.
func TestHostileHugeTitleAndText(t *testing.T) {
	url := hostilePages(t)
	c := newCLI(t) // a browser of its own: see TestHostileTextAndValues
	c.pre = append(c.pre, "--max-result-bytes", "1048576")
	open := c.ok("open", url("/bigtitle"))
	require.LessOrEqual(t, len([]rune(open["title"].(string))), 4097)
	// The whole snapshot is either cut short by the engine (truncated) or
	// result_too_large; with --max-chars it reads.
	if o := c.json("snapshot"); o.Exit != 0 {
		requireCode(t, o, "result_too_large", 1, hostileCeiling)
	} else {
		require.LessOrEqual(t, len([]rune(o.Body["title"].(string))), 4097)
	}
	snap := c.ok("snapshot", "--max-chars", "10000")
	require.LessOrEqual(t, len([]rune(snap["title"].(string))), 4097)
	require.LessOrEqual(t, len([]rune(snap["snapshot"].(string))), 11000)
	tabs := c.ok("tabs")["tabs"].([]any)
	require.LessOrEqual(t, len([]rune(tabs[0].(map[string]any)["title"].(string))), 4097)
}
