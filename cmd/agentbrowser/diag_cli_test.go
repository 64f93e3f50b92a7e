package main_test

import (
	"encoding/json"
	"os"
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

// A failing checkout: its POST's request body and its 500 response's body
// are readable, and the console error it logs from a nested function has
// its stack.
func TestCLIFailingCheckoutInFull(t *testing.T) {
	srv := diagSite(t)
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/checkout"))

	var post map[string]any
	c.waitOK(func(b map[string]any) bool {
		post = findIn(b["requests"], "url", "/api/checkout")
		return post != nil && post["state"] == "finished"
	}, "network")
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

var _ = json.Marshal
