package main_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// evalCeiling only turns a hang into a failure; it is not a timing claim.
const evalCeiling = 20 * time.Second

// evalCLI runs its own build of the binary with its own AGENTBROWSER_HOME.
type evalCLI struct {
	t    *testing.T
	bin  string
	home string
}

// evalRun is one invocation's outcome.
type evalRun struct {
	exit int
	body map[string]any
	dur  time.Duration
	out  string
}

func (r evalRun) code() string {
	e, _ := r.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r evalRun) details() map[string]any {
	e, _ := r.body["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	return d
}

func newEvalCLI(t *testing.T) *evalCLI {
	t.Helper()
	testutil.RequireChrome(t)
	bin := filepath.Join(t.TempDir(), "agentbrowser")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	c := &evalCLI{t: t, bin: bin, home: t.TempDir()}
	t.Cleanup(func() {
		for _, s := range []string{"default", "noeval"} {
			c.run("--session", s, "close")
		}
	})
	return c
}

func (c *evalCLI) command(args ...string) *exec.Cmd {
	cmd := exec.Command(c.bin, append([]string{"--json"}, args...)...)
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+c.home)
	return cmd
}

func (c *evalCLI) run(args ...string) evalRun {
	c.t.Helper()
	cmd := c.command(args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := evalRun{dur: time.Since(start), out: out.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.exit = ee.ExitCode()
	} else if err != nil {
		c.t.Fatalf("running agentbrowser %v: %v", args, err)
	}
	if err := json.Unmarshal(out.Bytes(), &r.body); err != nil {
		c.t.Fatalf("agentbrowser %v: not one JSON object: %v\nstdout: %s\nstderr: %s", args, err, out.String(), errb.String())
	}
	return r
}

func (c *evalCLI) ok(args ...string) map[string]any {
	c.t.Helper()
	r := c.run(args...)
	require.Equal(c.t, 0, r.exit, "agentbrowser %v: %v", args, r.body)
	return r.body
}

// evalSite serves the pages; /started answers a script's synchronous XHR
// and reports it, so the test knows a script is spinning without reading
// the blocked page.
func evalSite(t *testing.T) (*testutil.Servers, chan string) {
	started := make(chan string, 16)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/counter":
			fmt.Fprint(w, `<!doctype html><title>counter</title><style>body{margin:0}</style>
<button id=b style="position:absolute;left:10px;top:10px;width:100px;height:40px" onclick="n.textContent=+n.textContent+1">add</button>
<p id=n style="position:absolute;top:100px">0</p>
<iframe name=cross src="{{CROSS}}/leaf" style="position:absolute;top:200px"></iframe>`)
		case "/leaf":
			fmt.Fprint(w, `<title>leaf</title><p>leaf</p>`)
		case "/started":
			started <- r.URL.Query().Get("id")
			fmt.Fprint(w, "ok")
		default:
			http.NotFound(w, r)
		}
	}))
	return srv, started
}

func waitStarted(t *testing.T, started chan string, id string) {
	t.Helper()
	for {
		select {
		case got := <-started:
			if got == id {
				return
			}
		case <-time.After(evalCeiling):
			t.Fatalf("script %q never started", id)
		}
	}
}

// spinScript reports id, then counts in window.__n forever.
func spinScript(id string) string {
	return fmt.Sprintf(`(() => { const x = new XMLHttpRequest(); x.open("GET", "/started?id=%s", false); x.send();
for (;;) { window.__n = (window.__n || 0) + 1 } })()`, id)
}

const hung = "while (true) {}"

func TestCLIEval(t *testing.T) {
	srv, started := evalSite(t)
	c := newEvalCLI(t)
	c.ok("open", srv.MainURL("/counter"))

	t.Run("values, type and engine", func(t *testing.T) {
		r := c.ok("eval", "[1, NaN, -0, undefined, {a: Infinity}]")
		assert.Equal(t, []any{float64(1), "NaN", "-0", "undefined", map[string]any{"a": "Infinity"}}, r["value"])
		assert.Equal(t, "array", r["type"])
		assert.Equal(t, "isolated", r["engine"])
		r = c.ok("eval", "document.getElementById('n')")
		assert.Equal(t, "p#n", r["value"])
		assert.Equal(t, "node", r["type"])
	})

	t.Run("markup stays as it is", func(t *testing.T) {
		// JSON for people and models is not HTML-escaped.
		o := c.run("eval", "'<p>Hi & bye</p>'")
		require.Equal(t, 0, o.exit, o.out)
		assert.Contains(t, o.out, `"<p>Hi & bye</p>"`)
		assert.NotContains(t, o.out, `\u003c`)
	})

	t.Run("stdin", func(t *testing.T) {
		cmd := c.command("eval", "--stdin")
		cmd.Stdin = bytes.NewBufferString("'from' + ' stdin'")
		out, err := cmd.Output()
		require.NoError(t, err)
		var body map[string]any
		require.NoError(t, json.Unmarshal(out, &body))
		assert.Equal(t, "from stdin", body["value"])
	})

	t.Run("a thrown error", func(t *testing.T) {
		r := c.run("eval", "throw new Error('boom')")
		assert.Equal(t, 1, r.exit)
		assert.Equal(t, "js_exception", r.code())
		assert.Equal(t, "Error: boom", r.details()["message"])
	})

	t.Run("by ref", func(t *testing.T) {
		snap := c.ok("snapshot")
		refs, _ := snap["refs"].(map[string]any)
		ref := ""
		for r, v := range refs {
			if info := v.(map[string]any); info["role"] == "button" && info["name"] == "add" {
				ref = r
			}
		}
		require.NotEmpty(t, ref, "no ref for the button in %v", snap["snapshot"])
		r := c.ok("eval", "el => el.id + ':' + el.textContent", "--ref", ref)
		assert.Equal(t, "b:add", r["value"])
		assert.Equal(t, "isolated", r["engine"])
	})

	t.Run("in a cross-origin frame", func(t *testing.T) {
		frame := ""
		deadline := time.Now().Add(evalCeiling)
		for frame == "" {
			require.True(t, time.Now().Before(deadline), "the frame did not appear")
			for _, f := range c.ok("frames")["frames"].([]any) {
				if f := f.(map[string]any); f["name"] == "cross" && f["is_oopif"] == true && f["url"] == srv.CrossURL("/leaf") {
					frame, _ = f["frame_id"].(string)
				}
			}
		}
		r := c.ok("eval", "document.title + ' ' + location.origin", "--frame", frame)
		assert.Equal(t, "leaf "+srv.CrossURL(""), r["value"])
	})

	t.Run("a hung script times out and the tab stays usable", func(t *testing.T) {
		r := c.run("--timeout-ms", "700", "eval", hung)
		t.Logf("CLI: while(true){} with --timeout-ms 700 took %v (whole process): %v", r.dur, r.details())
		require.Equal(t, 1, r.exit, "%v", r.body)
		require.Equal(t, "timeout", r.code())
		require.Less(t, r.dur, evalCeiling/2)
		c.ok("click", "--xy", "50,30")
		assert.Equal(t, "1", c.ok("eval", "document.getElementById('n').textContent")["value"])
	})

	t.Run("the daemon protocol carries the same budget", func(t *testing.T) {
		conn, err := net.Dial("unix", filepath.Join(c.home, "default.sock"))
		require.NoError(t, err)
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(evalCeiling))
		start := time.Now()
		req := map[string]any{"command": "eval", "request": map[string]any{"expression": hung}, "timeout_ms": 700}
		require.NoError(t, json.NewEncoder(conn).Encode(req))
		var rep struct {
			Exit  int            `json:"exit"`
			Fault map[string]any `json:"fault"`
		}
		require.NoError(t, json.NewDecoder(conn).Decode(&rep))
		took := time.Since(start)
		r := evalRun{exit: rep.Exit, body: map[string]any{"ok": rep.Fault == nil, "error": rep.Fault}}
		t.Logf("daemon protocol: timeout_ms 700 answered after %v: %v", took, r.details())
		require.Equal(t, 1, rep.Exit)
		require.Equal(t, "timeout", r.code())
		require.Less(t, took, evalCeiling/2)
		assert.Equal(t, "2", func() any {
			c.ok("click", "--xy", "50,30")
			return c.ok("eval", "document.getElementById('n').textContent")["value"]
		}())
	})

	t.Run("killing the CLI terminates its script", func(t *testing.T) {
		cmd := c.command("eval", spinScript("cli-kill"))
		require.NoError(t, cmd.Start())
		waitStarted(t, started, "cli-kill")
		require.NoError(t, cmd.Process.Kill())
		cmd.Wait()
		first := c.ok("eval", "window.__n")["value"]
		require.IsType(t, float64(0), first, "the loop ran")
		c.ok("eval", "new Promise(r => setTimeout(r, 20))")
		assert.Equal(t, first, c.ok("eval", "window.__n")["value"], "the loop was terminated")
		c.ok("click", "--xy", "50,30")
	})

	t.Run("stats", func(t *testing.T) {
		st := c.ok("stats")["evaluate"].(map[string]any)
		assert.GreaterOrEqual(t, st["count"], float64(8))
		assert.GreaterOrEqual(t, st["timeouts"], float64(2))
		assert.GreaterOrEqual(t, st["cancelled"], float64(1))
		assert.GreaterOrEqual(t, st["terminations"], float64(3))
		assert.Contains(t, st, "duration_ms")
		assert.Contains(t, st, "fallback_reasons")
	})

	t.Run("evaluate_enabled off", func(t *testing.T) {
		r := c.run("--session", "noeval", "--evaluate-enabled=false", "eval", "1")
		assert.Equal(t, 1, r.exit)
		assert.Equal(t, "evaluate_disabled", r.code(), "%v", r.body)
	})
}

// TestBudgetSameEverywhere gives the same hung script the same 700 ms
// budget through the Go API; the CLI and the daemon protocol get it in
// TestCLIEval. Each returns timeout without waiting for a default.
func TestBudgetSameEverywhere(t *testing.T) {
	testutil.RequireChrome(t)
	ctx, cancel := context.WithTimeout(t.Context(), evalCeiling)
	defer cancel()
	s, err := standard.Start(ctx, session.Config{TaskID: "budget"})
	require.NoError(t, err)
	defer s.Close()

	bctx, bcancel := context.WithTimeout(t.Context(), 700*time.Millisecond)
	defer bcancel()
	start := time.Now()
	_, err = actions.Evaluate(bctx, s, hung)
	took := time.Since(start)
	body := actions.Describe(err)
	t.Logf("Go API: a 700 ms context deadline returned after %v: %v", took, body.Details)
	require.Equal(t, events.CodeTimeout, body.Code, body.Message)
	require.Less(t, took, evalCeiling/2)
	r, err := actions.Evaluate(ctx, s, "1 + 1")
	require.NoError(t, err)
	require.Equal(t, float64(2), r.Value)
}
