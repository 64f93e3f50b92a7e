package main_test

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// waitOK runs a command until check accepts its body, within 20 s.
func (c *cli) waitOK(check func(map[string]any) bool, args ...string) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		b := c.ok(args...)
		if check(b) {
			return b
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("agentbrowser %v never gave what was awaited; last: %v", args, b)
		}
		time.Sleep(100 * time.Millisecond) // polling interval, not synchronisation
	}
}

// findIn returns the first item of list whose key holds want.
func findIn(list any, key, want string) map[string]any {
	items, _ := list.([]any)
	for _, it := range items {
		m, _ := it.(map[string]any)
		if s, _ := m[key].(string); strings.Contains(s, want) {
			return m
		}
	}
	return nil
}

// finishedRequest waits until the network log holds a finished request
// whose URL holds url, and returns it.
func (c *cli) finishedRequest(url string) map[string]any {
	c.t.Helper()
	var r map[string]any
	c.waitOK(func(b map[string]any) bool {
		r = findIn(b["requests"], "url", url)
		return r != nil && r["state"] == "finished"
	}, "network")
	return r
}

// oopifFrame waits until the frames list an out-of-process frame whose
// URL holds url, and returns its frame id.
func (c *cli) oopifFrame(url string) string {
	c.t.Helper()
	var id string
	c.waitOK(func(b map[string]any) bool {
		if f := findIn(b["frames"], "url", url); f != nil && f["is_oopif"] == true {
			id = f["frame_id"].(string)
		}
		return id != ""
	}, "frames")
	return id
}

// A failing checkout: its POST's request body and its 500 response's body
// are readable, and the console error it logs from a nested function has
// its stack.
func TestCLIFailingCheckoutInFull(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/checkout"))

	post := c.finishedRequest("/api/checkout")
	require.Equal(t, "POST", post["method"])
	require.EqualValues(t, 500, post["status"])

	var full map[string]any
	c.waitOK(func(b map[string]any) bool {
		full = b
		rb, _ := b["response_body"].(map[string]any)
		return rb["state"] != "pending"
	}, "network", "get", post["id"].(string))
	req := full["request_body"].(map[string]any)
	require.Equal(t, "kept", req["state"], "%v", full)
	require.JSONEq(t, `{"item":"book","qty":2}`, req["text"].(string))
	resp := full["response_body"].(map[string]any)
	require.Equal(t, "kept", resp["state"], "%v", full)
	require.Contains(t, resp["text"], "card declined")
	require.Contains(t, resp["text"], `\"qty\":2`, "the server got the body the page sent")
	require.NotNil(t, findIn(full["response_headers"], "name", "Content-Type"))
	require.NotNil(t, findIn(full["request_headers"], "name", "Content-Type"))
	require.NotNil(t, full["timing"])

	// The response body saved to a file.
	out := filepath.Join(t.TempDir(), "resp.json")
	saved := c.ok("network", "get", post["id"].(string), "--save", out)
	require.Equal(t, out, saved["response_body"].(map[string]any)["path"])
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(b), "card declined")
	st, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	// The document's body is kept; an image's is not, by default, and says
	// why.
	doc := findIn(c.ok("network")["requests"], "url", "/checkout")
	d := c.ok("network", "get", doc["id"].(string))
	require.Contains(t, d["response_body"].(map[string]any)["text"], "function report")
	require.Equal(t, "none", d["request_body"].(map[string]any)["state"])

	o := c.json("network", "get", "no-such-id")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "not_found", o.errCode())

	// The console error from report(), called by pay()'s promise.
	var msg map[string]any
	c.waitOK(func(b map[string]any) bool {
		msg = findIn(b["messages"], "text", "checkout failed")
		return msg != nil
	}, "console")
	require.NotEmpty(t, msg["id"])
	m := c.ok("console", "get", msg["id"].(string))
	require.Equal(t, "error", m["level"])
	stack := m["stack"].([]any)
	require.NotEmpty(t, stack)
	top := stack[0].(map[string]any)
	require.Equal(t, "report", top["function"])
	require.Equal(t, srv.MainURL("/checkout"), top["url"])
	require.EqualValues(t, 3, top["line"])
	require.Positive(t, top["column"])
	require.NotEmpty(t, m["frame_id"])
	args := m["args"].([]any)
	require.Len(t, args, 3)
	require.Equal(t, "checkout failed", mustString(t, args[0].(map[string]any)["value"]))
	require.EqualValues(t, 500, args[1].(map[string]any)["value"])
	o = c.json("console", "get", "c-999999")
	require.Equal(t, "not_found", o.errCode())
	o = c.json("console", "get")
	require.Equal(t, 2, o.Exit)
}

func mustString(t *testing.T, v any) string {
	t.Helper()
	s, ok := v.(string)
	require.True(t, ok, "%v is not a string", v)
	return s
}

// fetchMS is how long the page of the active tab (or frame) takes to fetch
// path, by the page's own clock.
func (c *cli) fetchMS(path string, extra ...string) float64 {
	c.t.Helper()
	expr := `(async () => { const t = performance.now(); await (await fetch('` + path + `?' + Math.random(), {cache: 'no-store'})).text(); return performance.now() - t })()`
	v := c.ok(append([]string{"eval", expr}, extra...)...)["value"]
	f, ok := v.(float64)
	require.True(c.t, ok, "fetch took %v", v)
	return f
}

// Throttling: a 100 KB response takes far longer under slow-3g (400
// kbit/s and 2 s of latency: about 4 s) than without (milliseconds), in
// the tab, in an out-of-process frame and in a tab opened later; set
// network off restores it. The ratios asked for are a fraction of what
// the throttle does, so a loaded machine does not fail them.
func TestCLINetworkAndCPUThrottling(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/with-frame"))
	fast := c.fetchMS("/big")

	set := c.ok("set", "network", "slow-3g")
	require.Equal(t, "slow-3g", set["network"].(map[string]any)["preset"])
	slow := c.fetchMS("/big")
	require.Greater(t, slow, 1500.0, "slow-3g: 100 KB took %.0f ms (unthrottled %.0f ms)", slow, fast)
	require.Greater(t, slow, 5*fast+500)

	// The out-of-process frame is throttled too.
	cross := c.oopifFrame("/frame-big")
	inFrame := c.fetchMS(srv.CrossURL("/big"), "--frame", cross)
	require.Greater(t, inFrame, 1500.0, "the OOPIF was not throttled: %.0f ms", inFrame)

	// So is a tab opened later.
	c.ok("tab", "new", srv.MainURL("/plain"))
	later := c.fetchMS("/big")
	require.Greater(t, later, 1500.0, "a new tab was not throttled: %.0f ms", later)

	// Custom conditions, then off.
	set = c.ok("set", "network", "2000", "1000", "50")
	require.EqualValues(t, 2000, set["network"].(map[string]any)["download_kbps"])
	set = c.ok("set", "network", "off")
	require.Nil(t, set["network"])
	back := c.fetchMS("/big")
	require.Less(t, back, slow/3, "set network off: still %.0f ms", back)

	// set offline keeps working, and set network offline cuts the network.
	c.ok("set", "network", "offline")
	o := c.json("eval", `fetch('/big').then(() => 'online', () => 'offline')`)
	require.Equal(t, "offline", o.Body["value"])
	c.ok("set", "network", "off")
	c.ok("set", "offline", "on")
	require.Equal(t, "offline", c.ok("eval", `fetch('/big').then(() => 'online', () => 'offline')`)["value"])
	c.ok("set", "offline", "off")
	require.Equal(t, "online", c.ok("eval", `fetch('/big').then(() => 'online', () => 'offline')`)["value"])

	// CPU: a fixed loop takes longer at a slowdown of 6; asked for 2.
	loop := `(() => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7; return performance.now() - t })()`
	// Three runs each: the quickest before, the slowest during, so that
	// neither a busy machine before nor a slowdown that reaches the
	// renderer a moment after set answers decides it.
	cpu := func(pick func(a, b float64) float64) float64 {
		v := c.ok("eval", loop)["value"].(float64)
		for range 2 {
			v = pick(v, c.ok("eval", loop)["value"].(float64))
		}
		return v
	}
	before := cpu(math.Min)
	require.EqualValues(t, 6, c.ok("set", "cpu", "6")["cpu"])
	during := cpu(math.Max)
	require.Greater(t, during, 2*before, "cpu 6: %.0f ms against %.0f ms", during, before)
	c.ok("set", "cpu", "1")

	// Forced colors and contrast, as media queries see them.
	c.ok("set", "forced-colors", "active")
	c.ok("set", "contrast", "more")
	require.Equal(t, true, c.ok("eval", `matchMedia('(forced-colors: active)').matches && matchMedia('(prefers-contrast: more)').matches`)["value"])
	c.ok("set", "forced-colors", "reset")
	require.Equal(t, false, c.ok("eval", `matchMedia('(forced-colors: active)').matches`)["value"])

	for _, args := range [][]string{{"set", "network"}, {"set", "network", "1", "2"}, {"set", "cpu"}, {"set", "cpu", "x"}, {"set", "contrast"}} {
		require.Equal(t, 2, c.json(args...).Exit, "%v", args)
	}
	for _, args := range [][]string{{"set", "network", "warp"}, {"set", "cpu", "0.5"}, {"set", "cpu", "NaN"}, {"set", "network", "-1", "2", "3"},
		{"set", "contrast", "loud"}, {"set", "forced-colors", "sometimes"}} {
		o := c.json(args...)
		require.Equal(t, 1, o.Exit, "%v", args)
		require.Equal(t, "invalid_argument", o.errCode(), "%v", args)
	}
}

// An init script runs before the page's own script, in out-of-process
// frames and in tabs opened later; removed, it no longer runs; with eval
// disabled it is refused.
func TestCLIInitScripts(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/plain"))
	file := filepath.Join(t.TempDir(), "init.js")
	require.NoError(t, os.WriteFile(file, []byte(`window.__fromInit = 'yes'`), 0o600))
	added := c.ok("init-script", "add", file)
	id := added["added"].(map[string]any)["id"].(string)
	require.Equal(t, file, added["added"].(map[string]any)["name"])

	open := c.ok("open", srv.MainURL("/init"))
	require.Equal(t, "init:yes", open["title"], "the page's script read the init script's global")
	cross := c.oopifFrame("/init-frame")
	require.Equal(t, "yes", c.ok("eval", "window.seen", "--frame", cross)["value"], "the OOPIF's script read it too")

	c.ok("tab", "new", srv.MainURL("/init"))
	require.Equal(t, "init:yes", c.ok("eval", "document.title")["value"], "a tab opened later runs it")

	c.ok("init-script", "add", "--code", "window.second = 2", "--name", "two")
	list := c.ok("init-script", "list")["scripts"].([]any)
	require.Len(t, list, 2)
	c.ok("init-script", "remove", id)
	require.Len(t, c.ok("init-script", "list")["scripts"].([]any), 1)
	require.Equal(t, "init:undefined", c.ok("open", srv.MainURL("/init"))["title"])
	require.EqualValues(t, 2, c.ok("eval", "window.second")["value"])
	require.Equal(t, "not_found", c.json("init-script", "remove", id).errCode())
	for _, args := range [][]string{{"init-script"}, {"init-script", "add"}, {"init-script", "remove"}, {"init-script", "list", "x"}, {"init-script", "bogus"}} {
		require.Equal(t, 2, c.json(args...).Exit, "%v", args)
	}

	off := newSharedCLI(t)
	off.pre = append(off.pre, "--evaluate-enabled=false")
	o := off.json("init-script", "add", "--code", "window.x = 1")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "evaluate_disabled", o.errCode())
}

// The vitals of a page with a known layout shift, a late largest image
// and a slow button, without a trace; then the same in a trace.
func TestCLIVitalsAndTrace(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/plain"))
	// The first call installs the observer; the page loaded next has it
	// from its start.
	require.Equal(t, false, c.ok("vitals")["observing"])
	c.ok("trace", "start")
	c.ok("open", srv.MainURL("/vitals"))
	var v map[string]any
	v = c.waitOK(func(b map[string]any) bool {
		lcp, _ := b["lcp"].(map[string]any)
		cls, _ := b["cls"].(map[string]any)
		return lcp != nil && strings.Contains(lcp["element"].(string), "img#hero") && cls != nil && cls["score"].(float64) > 0
	}, "vitals")
	require.Equal(t, true, v["observing"])
	require.Contains(t, v["lcp"].(map[string]any)["url"], "/hero.png")
	require.Greater(t, v["lcp"].(map[string]any)["ms"], 400.0, "the image came 500 ms after the start")
	cls := v["cls"].(map[string]any)
	require.NotEmpty(t, cls["elements"], "the elements that moved: %v", cls)
	require.NotNil(t, v["ttfb_ms"])

	snap := c.ok("snapshot")["snapshot"].(string)
	ref := refIn(t, snap, `button "Slow"`)
	c.ok("click", ref)
	v = c.waitOK(func(b map[string]any) bool { return b["inp"] != nil }, "vitals")
	inp := v["inp"].(map[string]any)
	require.GreaterOrEqual(t, inp["ms"], 150.0, "the handler ran 160 ms: %v", inp)
	require.Contains(t, inp["element"], "button#slow")

	out := filepath.Join(t.TempDir(), "trace.json")
	tr := c.ok("trace", "stop", out)
	require.Equal(t, out, tr["path"])
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	var doc struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	require.NoError(t, json.Unmarshal(raw, &doc), "a trace DevTools and Perfetto open: {traceEvents: [...]}")
	require.NotEmpty(t, doc.TraceEvents)
	sum := tr["summary"].(map[string]any)
	t.Logf("vitals: %v\ntrace summary: %v", v, sum)
	require.Equal(t, srv.MainURL("/vitals"), sum["url"])
	lcp := sum["lcp"].(map[string]any)
	require.Contains(t, lcp["element"], "img#hero", "%v", sum)
	require.Greater(t, sum["cls"].(map[string]any)["score"], 0.0, "%v", sum)
	require.NotNil(t, sum["ttfb_ms"])
	require.NotNil(t, sum["inp"], "%v", sum)
	require.Contains(t, sum["inp"].(map[string]any)["element"], "button#slow")
	require.NotEmpty(t, sum["long_tasks"], "the 160 ms handler is a long task")
	require.NotNil(t, findIn(sum["largest_requests"], "url", "/hero.png"))
	require.Equal(t, "invalid_argument", c.json("trace", "stop", out).errCode(), "no trace runs any more")
	require.Equal(t, 2, c.json("trace").Exit)
}

// A HAR of the failing checkout holds the POST with its request body and
// the 500 with its response body, in HAR 1.2's structure.
func TestCLIHAR(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("har", "start")
	c.ok("open", srv.MainURL("/checkout"))
	c.waitOK(func(b map[string]any) bool {
		p := findIn(b["requests"], "url", "/api/checkout")
		if p == nil || p["state"] != "finished" {
			return false
		}
		full := c.ok("network", "get", p["id"].(string))
		return full["response_body"].(map[string]any)["state"] == "kept"
	}, "network")
	out := filepath.Join(t.TempDir(), "session.har")
	res := c.ok("har", "stop", out)
	require.Equal(t, out, res["path"])
	require.GreaterOrEqual(t, res["entries"], 2.0)
	require.GreaterOrEqual(t, res["bodies"], 2.0)
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	checkHAR(t, raw)
	var har struct {
		Log struct {
			Entries []struct {
				Request struct {
					Method   string `json:"method"`
					URL      string `json:"url"`
					PostData *struct {
						MimeType string `json:"mimeType"`
						Text     string `json:"text"`
					} `json:"postData"`
				} `json:"request"`
				Response struct {
					Status  int `json:"status"`
					Content struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"response"`
			} `json:"entries"`
		} `json:"log"`
	}
	require.NoError(t, json.Unmarshal(raw, &har))
	found := false
	for _, e := range har.Log.Entries {
		if strings.HasSuffix(e.Request.URL, "/api/checkout") {
			found = true
			require.Equal(t, "POST", e.Request.Method)
			require.NotNil(t, e.Request.PostData)
			require.Equal(t, "application/json", e.Request.PostData.MimeType)
			require.JSONEq(t, `{"item":"book","qty":2}`, e.Request.PostData.Text)
			require.Equal(t, 500, e.Response.Status)
			require.Contains(t, e.Response.Content.Text, "card declined")
		}
	}
	require.True(t, found, "the POST is in the HAR")
	require.Equal(t, "invalid_argument", c.json("har", "stop", out).errCode())
	require.Equal(t, 2, c.json("har", "stop").Exit)
}

// checkHAR checks raw against the parts of HAR 1.2 every reader needs:
// log.version and creator, and in each entry the request's and response's
// required fields and the timings.
func checkHAR(t *testing.T, raw []byte) {
	t.Helper()
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	log := doc["log"].(map[string]any)
	require.Equal(t, "1.2", log["version"])
	require.NotEmpty(t, log["creator"].(map[string]any)["name"])
	require.NotNil(t, log["creator"].(map[string]any)["version"])
	for _, e := range log["entries"].([]any) {
		e := e.(map[string]any)
		_, err := time.Parse(time.RFC3339Nano, e["startedDateTime"].(string))
		require.NoError(t, err)
		require.IsType(t, 0.0, e["time"])
		req, resp := e["request"].(map[string]any), e["response"].(map[string]any)
		for _, k := range []string{"method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"} {
			require.Contains(t, req, k)
		}
		for _, k := range []string{"status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"} {
			require.Contains(t, resp, k)
		}
		content := resp["content"].(map[string]any)
		require.Contains(t, content, "size")
		require.Contains(t, content, "mimeType")
		require.Contains(t, e, "cache")
		timings := e["timings"].(map[string]any)
		for _, k := range []string{"send", "wait", "receive"} {
			require.GreaterOrEqual(t, timings[k], -1.0, k)
		}
	}
}

// A recording holds the frames painted, their times, and every command
// with its arguments and result code; without ffmpeg it says so, and with
// an ffmpeg on the PATH it runs it to make the WebM.
func TestCLIRecord(t *testing.T) {
	srv := diagSite(t)
	// A stand-in ffmpeg that writes its last argument, the video, and
	// keeps its arguments: what is checked is that the recording runs it
	// on the frames. Other sessions find no ffmpeg: this machine has none
	// on its PATH (the test checks).
	_, err := exec.LookPath("ffmpeg")
	require.Error(t, err, "this test wants a PATH without ffmpeg")
	fake := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(fake, "ffmpeg"), []byte("#!/bin/sh\nfor a; do last=$a; done\necho \"$@\" > \"$last.args\"\necho webm > \"$last\"\n"), 0o700))

	for _, withFFmpeg := range []bool{false, true} {
		c := newSharedCLI(t)
		if withFFmpeg {
			c.env = []string{"PATH=" + fake + ":" + os.Getenv("PATH")}
		}
		c.ok("open", srv.MainURL("/vitals"))
		c.ok("record", "start")
		c.ok("open", srv.MainURL("/checkout"))
		c.ok("eval", "document.body.style.background = 'red'")
		require.Equal(t, "js_exception", c.json("eval", "throw new Error('x')").errCode())
		dir := filepath.Join(t.TempDir(), "rec")
		res := c.ok("record", "stop", dir)
		require.Equal(t, dir, res["dir"])
		require.GreaterOrEqual(t, res["frames"], 1.0)
		var frames []map[string]any
		b, err := os.ReadFile(filepath.Join(dir, "frames.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &frames))
		require.NotEmpty(t, frames)
		_, err = os.Stat(filepath.Join(dir, frames[0]["file"].(string)))
		require.NoError(t, err)
		_, err = time.Parse(time.RFC3339Nano, frames[0]["timestamp"].(string))
		require.NoError(t, err)
		var actions []any
		b, err = os.ReadFile(filepath.Join(dir, "actions.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &actions))
		var cmds []string
		for _, a := range actions {
			a := a.(map[string]any)
			cmds = append(cmds, a["command"].(string)+":"+a["code"].(string))
		}
		require.Contains(t, cmds, "open:ok")
		require.Contains(t, cmds, "eval:ok")
		require.Contains(t, cmds, "eval:js_exception")
		open := findIn(actions, "command", "open")
		require.Equal(t, srv.MainURL("/checkout"), open["args"].(map[string]any)["url"])
		require.NotEmpty(t, open["at"])
		st, err := os.Stat(dir)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
		if withFFmpeg {
			require.Equal(t, filepath.Join(dir, "video.webm"), res["video"])
			args, err := os.ReadFile(filepath.Join(dir, "video.webm.args"))
			require.NoError(t, err)
			require.Contains(t, string(args), "libvpx-vp9")
		} else {
			require.Nil(t, res["video"])
			require.Contains(t, res["video_note"], "ffmpeg is not on the PATH")
		}
		require.Equal(t, "invalid_argument", c.json("record", "stop", dir).errCode())
	}
}

// The HAR of a session validates against the HAR 1.2 schema with
// har-validator (e2e/har, installed by make test with npm ci). Under
// CI=true a missing Node.js or install fails the test instead of skipping
// it.
func TestCLIHARValidates(t *testing.T) {
	dir, err := filepath.Abs("../../e2e/har")
	require.NoError(t, err)
	node, err := exec.LookPath("node")
	missing := ""
	switch {
	case err != nil:
		missing = "node is not installed"
	case !exists(filepath.Join(dir, "node_modules", "har-validator", "package.json")):
		missing = "run 'npm ci' in e2e/har (make test does)"
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the HAR validator cannot run: %s", missing)
		}
		t.Skip(missing)
	}
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("har", "start")
	c.ok("open", srv.MainURL("/checkout"))
	c.finishedRequest("/api/checkout")
	c.ok("open", srv.MainURL("/vitals"))
	c.ok("eval", `fetch('/nope').then(r => r.status)`)
	_ = c.json("eval", `fetch('http://127.0.0.1:1/refused').catch(() => 'failed')`)
	out := filepath.Join(t.TempDir(), "session.har")
	c.ok("har", "stop", out)
	cmd := exec.CommandContext(t.Context(), node, "validate.mjs", out)
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	t.Logf("%s", b)
	require.NoError(t, err, "har-validator refused the HAR")
}

// The body budget and types are session settings.
func TestCLINetworkBodySettings(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.pre = append(c.pre, "--network-body-budget", "0")
	c.ok("open", srv.MainURL("/checkout"))
	doc := findIn(c.ok("network")["requests"], "url", "/checkout")
	body := c.ok("network", "get", doc["id"].(string))["response_body"].(map[string]any)
	require.Equal(t, "not_kept", body["state"])
	require.Contains(t, body["reason"], "off")

	all := newSharedCLI(t, "all")
	all.pre = append(all.pre, "--session", "all", "--network-body-types", "all")
	all.ok("open", srv.MainURL("/vitals"))
	img := all.finishedRequest("/hero.png")
	all.waitOK(func(b map[string]any) bool {
		rb := b["response_body"].(map[string]any)
		return rb["state"] == "kept" && rb["base64"] != nil
	}, "network", "get", img["id"].(string))

	for _, args := range [][]string{{"--network-body-budget", "-1", "tabs"}, {"--network-body-budget", "lots", "tabs"}, {"--network-body-types", ",", "tabs"}} {
		require.Equal(t, 2, c.json(args...).Exit, "%v", args)
	}
}
