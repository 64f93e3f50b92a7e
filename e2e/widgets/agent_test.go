package widgets_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// agent is what a task may do, as an agent does it: read the page's
// snapshot and act on the refs it shows. An action answers with its error
// code ("" on success) and its message or output.
type agent interface {
	open(url string)
	snapshot() string
	click(ref string) (code, msg string)
	typeText(ref, text string, clear bool) (code, msg string)
	fill(ref, value string) (code, msg string)
	selectOption(ref, value string) (code, msg string)
	press(key string) (code, msg string)
	scroll(ref string, dy int) (code, msg string)
	// eval calls fn (a function of the element with ref, else of
	// nothing) and returns its value as JSON.
	eval(fn, ref string) string
}

// mcpAgent drives "agentbrowser mcp" over stdio with the official MCP Go
// SDK's client.
type mcpAgent struct {
	t  *testing.T
	cs *mcp.ClientSession
}

func newMCPAgent(t *testing.T) *mcpAgent {
	t.Helper()
	cmd := exec.Command(bin, "mcp")
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+t.TempDir())
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "widgets-test", Version: "0"}, nil).
		Connect(t.Context(), &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return &mcpAgent{t: t, cs: cs}
}

func (a *mcpAgent) call(name string, args map[string]any) (res *mcp.CallToolResult, code, text string) {
	a.t.Helper()
	res, err := a.cs.CallTool(a.t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(a.t, err, "calling %s", name)
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	text = b.String()
	if res.IsError {
		code = "unknown"
		if m := regexp.MustCompile(`^Error \[([a-z_]+)\]`).FindStringSubmatch(text); m != nil {
			code = m[1]
		}
	}
	return res, code, text
}

func (a *mcpAgent) ok(name string, args map[string]any) (*mcp.CallToolResult, string) {
	a.t.Helper()
	res, code, text := a.call(name, args)
	require.Empty(a.t, code, "%s %v: %s", name, args, text)
	return res, text
}

func (a *mcpAgent) open(url string) { a.ok("browser_navigate", map[string]any{"url": url}) }
func (a *mcpAgent) snapshot() string {
	_, text := a.ok("browser_snapshot", map[string]any{})
	return text
}
func (a *mcpAgent) click(ref string) (string, string) {
	_, code, text := a.call("browser_click", map[string]any{"ref": ref})
	return code, text
}
func (a *mcpAgent) typeText(ref, text string, clear bool) (string, string) {
	_, code, out := a.call("browser_type", map[string]any{"ref": ref, "text": text, "clear": clear})
	return code, out
}
func (a *mcpAgent) fill(ref, value string) (string, string) {
	_, code, out := a.call("browser_fill_form", map[string]any{"fields": []map[string]any{{"ref": ref, "value": value}}})
	return code, out
}
func (a *mcpAgent) selectOption(ref, value string) (string, string) {
	_, code, out := a.call("browser_select_option", map[string]any{"ref": ref, "values": []string{value}})
	return code, out
}
func (a *mcpAgent) press(key string) (string, string) {
	_, code, out := a.call("browser_press_key", map[string]any{"key": key})
	return code, out
}
func (a *mcpAgent) scroll(ref string, dy int) (string, string) {
	_, code, out := a.call("browser_scroll", map[string]any{"ref": ref, "dy": dy})
	return code, out
}
func (a *mcpAgent) eval(fn, ref string) string {
	args := map[string]any{"function": fn}
	if ref != "" {
		args["ref"] = ref
	}
	res, text := a.ok("browser_evaluate", args)
	sc, _ := json.Marshal(res.StructuredContent)
	var m map[string]json.RawMessage
	if json.Unmarshal(sc, &m) == nil && m["value"] != nil {
		return string(m["value"])
	}
	a.t.Fatalf("browser_evaluate gave no value: %s", text)
	return ""
}

// cliAgent drives the agentbrowser CLI, one process a command, with --json.
type cliAgent struct {
	t    *testing.T
	home string
}

func newCLIAgent(t *testing.T) *cliAgent {
	t.Helper()
	a := &cliAgent{t: t, home: t.TempDir()}
	t.Cleanup(func() { a.run("close") })
	return a
}

func (a *cliAgent) run(args ...string) map[string]any {
	a.t.Helper()
	cmd := exec.Command(bin, append([]string{"--json"}, args...)...)
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+a.home)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	_ = cmd.Run()
	var body map[string]any
	if err := json.Unmarshal(out.Bytes(), &body); err != nil {
		a.t.Fatalf("agentbrowser %v: stdout is not one JSON object: %v\nstdout: %s\nstderr: %s", args, err, out.String(), errb.String())
	}
	return body
}

func (a *cliAgent) act(args ...string) (string, string) {
	a.t.Helper()
	body := a.run(args...)
	if body["ok"] == true {
		b, _ := json.Marshal(body)
		return "", string(b)
	}
	e, _ := body["error"].(map[string]any)
	code, _ := e["code"].(string)
	msg, _ := e["message"].(string)
	if d, ok := e["details"]; ok {
		b, _ := json.Marshal(d)
		msg += " " + string(b)
	}
	return code, msg
}

func (a *cliAgent) ok(args ...string) map[string]any {
	a.t.Helper()
	body := a.run(args...)
	require.Equal(a.t, true, body["ok"], "agentbrowser %v: %v", args, body)
	return body
}

func (a *cliAgent) open(url string) { a.ok("open", url) }
func (a *cliAgent) snapshot() string {
	s, _ := a.ok("snapshot")["snapshot"].(string)
	return s
}
func (a *cliAgent) click(ref string) (string, string) { return a.act("click", ref) }
func (a *cliAgent) typeText(ref, text string, clear bool) (string, string) {
	if clear {
		return a.act("type", ref, text, "--clear")
	}
	return a.act("type", ref, text)
}

// fill is what fill_form does for a text field, the one the CLI lacks.
func (a *cliAgent) fill(ref, value string) (string, string) { return a.typeText(ref, value, true) }
func (a *cliAgent) selectOption(ref, value string) (string, string) {
	return a.act("select", ref, value)
}
func (a *cliAgent) press(key string) (string, string) { return a.act("press", key) }
func (a *cliAgent) scroll(ref string, dy int) (string, string) {
	return a.act("scroll", ref, "--dy", fmt.Sprint(dy))
}
func (a *cliAgent) eval(fn, ref string) string {
	// Without --ref, eval takes an expression: call the function.
	args := []string{"eval", "(" + fn + ")()"}
	if ref != "" {
		args = []string{"eval", fn, "--ref", ref}
	}
	b, _ := json.Marshal(a.ok(args...)["value"])
	return string(b)
}

// refOf finds, in a snapshot, the ref of the first line with role whose
// name matches name (a regular expression, anchored); "" when none.
func refOf(snapshot, role, name string) string {
	re := regexp.MustCompile(`(?m)^ *- ` + regexp.QuoteMeta(role) + ` "` + name + `"[^\n]*?\[ref=(e\d+)\]`)
	if m := re.FindStringSubmatch(snapshot); m != nil {
		return m[1]
	}
	return ""
}

// firstRef finds the ref of the first line with role.
func firstRef(snapshot, role string) string {
	re := regexp.MustCompile(`(?m)^ *- ` + regexp.QuoteMeta(role) + `\b[^\n]*?\[ref=(e\d+)\]`)
	if m := re.FindStringSubmatch(snapshot); m != nil {
		return m[1]
	}
	return ""
}

// refWith finds the ref of the first line with role whose attributes
// hold attr ([hint="..."], [expanded]...).
func refWith(snapshot, role, attr string) string {
	re := regexp.MustCompile(`(?m)^ *- ` + regexp.QuoteMeta(role) + `(?: "[^"\n]*")?[^\n]*?` + regexp.QuoteMeta(attr) + `[^\n]*?\[ref=(e\d+)\]`)
	if m := re.FindStringSubmatch(snapshot); m != nil {
		return m[1]
	}
	return ""
}

// await takes snapshots until find finds its ref in one, as an agent
// looks again while a page loads; it fails the test after a generous
// ceiling.
func await(t *testing.T, a agent, what string, find func(snap string) string) (ref, snap string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		snap = a.snapshot()
		if ref = find(snap); ref != "" {
			return ref, snap
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s in the snapshot:\n%s", what, snap)
		}
		tm := time.NewTimer(100 * time.Millisecond)
		select {
		case <-tm.C:
		case <-t.Context().Done():
			tm.Stop()
			t.Fatal("test ended")
		}
	}
}

// str decodes the JSON of a string value; "" for any other value.
func str(v string) string {
	var s string
	_ = json.Unmarshal([]byte(v), &s)
	return s
}

// awaitValue evaluates fn until it returns the string want.
func awaitValue(t *testing.T, a agent, what, fn, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := str(a.eval(fn, ""))
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s is %s, want %s", what, fn, got, want)
		}
		tm := time.NewTimer(100 * time.Millisecond)
		select {
		case <-tm.C:
		case <-t.Context().Done():
			tm.Stop()
			t.Fatal("test ended")
		}
	}
}
