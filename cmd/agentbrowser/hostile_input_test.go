package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/marks"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The hostile suite's input cases (issue 49): headers that would inject
// or break, numbers that are not numbers, a page that forges screenshot
// labels, and a batch whose output would grow without bound.

// headerSite serves /echo, a page that shows the cookies and the X-A
// header its request carried, on 127.0.0.1.
func headerSite(t *testing.T) *testutil.Servers {
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "<!doctype html><title>echo</title><p id=c>%q</p><p id=h>%q</p>", r.Header.Get("Cookie"), r.Header.Get("X-A"))
	}))
}

// TestHostileHeaderInjection: a header with CR/LF, NUL or a character a
// name cannot hold, and a request header the browser keeps for itself, are
// refused with invalid_argument on every surface (route --header, set
// headers, MCP browser_route and browser_emulate, --cdp-header), nothing is
// added, and the session goes on loading pages. A repeated --header keeps
// each value whole: the CR/LF reaches the check.
func TestHostileHeaderInjection(t *testing.T) {
	srv := headerSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/echo"))
	// (A NUL cannot travel in a command line; the MCP cases below send one.)
	for _, h := range []string{"X-A: b\r\nSet-Cookie: injected=1", "X-A: b\nSet-Cookie: injected=1", "X-A: b\rc", "X(A: 1", "X A: 1"} {
		o := c.json("route", "**/echo*", "--status", "200", "--body", "routed", "--header", "X-B: ok", "--header", h)
		requireCode(t, o, "invalid_argument", 1, hostileCeiling)
		require.Contains(t, o.Body["error"].(map[string]any)["message"], "header 2", "%q", h)
	}
	require.Empty(t, c.ok("routes")["routes"], "nothing was added")
	for _, j := range []string{`{"Host":"evil.example"}`, `{"content-length":"1"}`, `{"Proxy-Authorization":"x"}`, `{"Transfer-Encoding":"chunked"}`,
		`{"X-A":"b\r\nSet-Cookie: injected=1"}`, `{"X-A":"a\u0000b"}`, `{"X(A":"1"}`} {
		o := c.json("set", "headers", j)
		requireCode(t, o, "invalid_argument", 1, hostileCeiling)
	}
	r := c.ok("open", srv.MainURL("/echo?after"))
	require.Equal(t, "echo", r["title"], "loads still work")
	require.Empty(t, c.ok("cookies")["cookies"], "no cookie was injected")

	// A header that is fine goes through, and is sent.
	c.ok("set", "headers", `{"X-A":"fine"}`)
	c.ok("open", srv.MainURL("/echo?fine"))
	got := c.ok("eval", "document.getElementById('h').textContent")["value"]
	require.Equal(t, `"fine"`, got)

	o := c.json("--cdp-header", "X-A: b\r\nX-B: c", "--session", "other", "tabs")
	require.Equal(t, 2, o.Exit, "%s", o.Stdout)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "carriage return")

	cs := mcpOver(t, newSharedCLI(t))
	for _, hs := range []map[string]any{{"X\x00A": "1"}, {"X(A": "1"}, {"X-A": "b\r\nSet-Cookie: injected=1"}} {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_route",
			Arguments: map[string]any{"pattern": "**/echo*", "status": 200, "body": "x", "headers": hs}})
		require.NoError(t, err)
		require.True(t, res.IsError, "%v: %s", hs, textOf(res))
		require.Contains(t, textOf(res), "invalid_argument")
	}
	for _, hs := range []map[string]any{{"Host": "evil.example"}, {"X-A": "a\x00b"}} {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_emulate", Arguments: map[string]any{"headers": hs}})
		require.NoError(t, err)
		require.True(t, res.IsError, "%v: %s", hs, textOf(res))
		require.Contains(t, textOf(res), "invalid_argument")
	}
}

// TestHostileNaNEverywhere: NaN and infinities where numbers enter the CLI
// are invalid_argument (exit 1), before any daemon or browser starts,
// never an internal error.
func TestHostileNaNEverywhere(t *testing.T) {
	testutil.RequireChrome(t)
	c := newCLI(t)
	for _, args := range [][]string{
		{"set", "viewport", "800", "600", "--dpr", "NaN"},
		{"set", "viewport", "800", "600", "--dpr", "Inf"},
		{"set", "viewport", "800", "600", "--dpr", "0"},
		{"set", "viewport", "800", "600", "--dpr", "-1"},
		{"set", "geolocation", "NaN", "NaN"},
		{"set", "geolocation", "10", "Inf"},
		{"set", "geolocation", "10", "10", "--accuracy", "NaN"},
		{"set", "geolocation", "10", "10", "--accuracy", "+Inf"},
		{"click", "--xy", "NaN,NaN"},
		{"click", "--xy", "Inf,1"},
	} {
		o := c.json(args...)
		requireCode(t, o, "invalid_argument", 1, hostileCeiling)
		require.NotContains(t, o.Stdout, "unsupported value", args)
	}
	_, _, all := c.sessionProcs()
	require.Empty(t, all, "refused before a daemon started")
}

// labelPage is a page with two buttons apart and, when swap is set, a
// script that counts every node added to the document and swaps any e1
// and e2 text it finds in them, as a page forging set-of-marks labels
// would.
func labelPage(swap bool) string {
	page := `<!doctype html><title>labels</title><body style="margin:0;font:16px sans-serif">
<button style="position:absolute;left:40px;top:60px;width:120px;height:40px">Cancel</button>
<button style="position:absolute;left:300px;top:60px;width:160px;height:40px">Delete account</button>`
	if swap {
		page += `<script>
window.seen = 0;
new MutationObserver(ms => {
  for (const m of ms) for (const n of m.addedNodes) {
    window.seen++;
    const w = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t; (t = w.nextNode());) t.data = t.data === "e1" ? "e2" : t.data === "e2" ? "e1" : t.data;
  }
}).observe(document.documentElement, {childList: true, subtree: true, characterData: true, attributes: true});
</script>`
	}
	return page
}

// TestHostileLabelsThePageCannotSwap: a labelled screenshot of a page that
// watches for and swaps labels shows each ref over the element the
// snapshot gives it: the page saw no change to its document, the label
// over Cancel is Cancel's ref drawn by us, and the picture is the same
// pixel for pixel as that of the same page without the script.
func TestHostileLabelsThePageCannotSwap(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, labelPage(r.URL.Path == "/swap"))
	}))
	c := newSharedCLI(t)
	dir := t.TempDir()
	shoot := func(name string) (image.Image, map[string]string) {
		snap := c.ok("snapshot", "--interactive")
		refs := map[string]string{"Cancel": refByName(t, snap, "button", "Cancel"), "Delete account": refByName(t, snap, "button", "Delete account")}
		p := filepath.Join(dir, name)
		shot := c.ok("screenshot", p, "--labels")
		require.Equal(t, float64(2), shot["labels"])
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err)
		return img, refs
	}
	c.ok("open", srv.MainURL("/swap"))
	hostile, refs := shoot("hostile.png")
	require.Equal(t, float64(0), c.ok("eval", "window.seen")["value"], "the page saw nothing of the labels")
	require.Equal(t, "e1", refs["Cancel"])

	// Each label reads as its element's ref: the tag over the button is
	// pixel for pixel the one we draw for that ref.
	var dpr float64
	require.NoError(t, json.Unmarshal([]byte(fmt.Sprint(c.ok("eval", "devicePixelRatio")["value"])), &dpr))
	px := max(1, int(math.Round(2*dpr)))
	for name, ref := range refs {
		var box []float64
		raw := c.ok("eval", fmt.Sprintf(`(() => { const b = [...document.querySelectorAll("button")].find(b => b.textContent === %q).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom] })()`, name))["value"]
		for _, v := range raw.([]any) {
			box = append(box, v.(float64))
		}
		m := marks.Mark{Text: ref, Box: image.Rect(int(math.Round(box[0]*dpr)), int(math.Round(box[1]*dpr)), int(math.Round(box[2]*dpr)), int(math.Round(box[3]*dpr)))}
		want := image.NewRGBA(hostile.Bounds())
		marks.Draw(want, []marks.Mark{m}, px)
		tag := marks.TagRect(m, px)
		require.Equal(t, "", firstDiff(want, hostile, tag), "%s's label is not %s's", name, ref)
	}

	// The same page without the script, in a tab of its own (refs from e1).
	c.ok("tab", "new", srv.MainURL("/plain"))
	plain, prefs := shoot("plain.png")
	require.Equal(t, refs, prefs)
	require.Equal(t, hostile.Bounds(), plain.Bounds())
	require.Equal(t, "", firstDiff(plain, hostile, hostile.Bounds()), "the page's script changed the picture")
}

// firstDiff names the first pixel of r where a and b differ, "" when none.
func firstDiff(a, b image.Image, r image.Rectangle) string {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, aa := a.At(x, y).RGBA()
			br, bg, bb, ba := b.At(x, y).RGBA()
			if ar>>8 != br>>8 || ag>>8 != bg>>8 || ab>>8 != bb>>8 || aa>>8 != ba>>8 {
				return fmt.Sprintf("pixel %d,%d: %v against %v", x, y, a.At(x, y), b.At(x, y))
			}
		}
	}
	return ""
}

// TestHostileBatchStopsAtTheCap: a batch of 1,000 steps each answering
// 100 KB stops when its output reaches the cap (4 MiB): the steps that ran
// are answered, the last with result_too_large naming the step it reached,
// and the steps after it never run (the page's counter says how many
// ran). The daemon's peak memory is logged; it stays under 100 MB.
func TestHostileBatchStopsAtTheCap(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.ok("open", url("/"))
	c.ok("eval", "window.ran = 0")
	steps := make([][]string, 1000)
	for i := range steps {
		steps[i] = []string{"eval", `(window.ran++, "x".repeat(100000))`}
	}
	b, err := json.Marshal(steps)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "steps.json")
	require.NoError(t, os.WriteFile(file, b, 0o600))
	o := c.run("--json", "batch", "--file", file)
	require.Equal(t, 1, o.Exit, "%.300s", o.Stderr)
	var bodies []map[string]any
	require.NoError(t, json.Unmarshal([]byte(o.Stdout), &bodies))
	require.Greater(t, len(bodies), 10)
	require.Less(t, len(bodies), 1000)
	for _, body := range bodies[:len(bodies)-1] {
		require.Equal(t, true, body["ok"])
		require.Len(t, body["value"], 100000)
	}
	last := bodies[len(bodies)-1]
	require.Equal(t, false, last["ok"])
	e := last["error"].(map[string]any)
	require.Equal(t, "result_too_large", e["code"])
	require.Contains(t, e["message"], fmt.Sprintf("the batch stopped after step %d of 1000", len(bodies)))
	require.Contains(t, e["message"], "what it changed stays changed")
	ran := c.ok("eval", "window.ran")["value"].(float64)
	require.Equal(t, float64(len(bodies)), ran, "no step ran after the one that reached the cap")
	require.Less(t, len(o.Stdout), 5<<20)

	daemons, _, _ := c.sessionProcs()
	require.NotEmpty(t, daemons)
	for _, d := range daemons {
		kb := peakRSSKB(t, d.PID)
		t.Logf("daemon %d: peak RSS %d MB (race-instrumented build)", d.PID, kb>>10)
	}
}

// peakRSSKB reads a process's peak resident set (VmHWM) in KiB.
func peakRSSKB(t *testing.T, pid int) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			require.NoError(t, err)
			return n
		}
	}
	t.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}
