package main_test

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

var diagTools = []string{"browser_network_request", "browser_console_message", "browser_trace_start", "browser_trace_stop", "browser_vitals",
	"browser_har_start", "browser_har_stop", "browser_record_start", "browser_record_stop", "browser_init_script"}

// idOn finds the [id=...] on the line of a list holding what.
func idOn(t *testing.T, text, what string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, what) {
			if m := regexp.MustCompile(`\[id=([^\]]+)\]`).FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no line with %q and an id in\n%s", what, text)
	return ""
}

// pollTool calls a tool until ok accepts its text, within 20 s.
func pollTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, ok func(text string, sc map[string]any) bool) (string, map[string]any) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, text := callOK(t, cs, name, args)
		sc := structured(t, res)
		if ok(text, sc) {
			return text, sc
		}
		require.True(t, time.Now().Before(deadline), "%s never gave what was awaited; last:\n%s", name, text)
		time.Sleep(100 * time.Millisecond) // polling interval, not synchronisation
	}
}

func TestMCPDiagnostics(t *testing.T) {
	srv := diagSite(t)
	dir := t.TempDir()
	cs := inMemoryRoots(t, nil, "context", dir) // the client's files: dir, its declared root

	tools, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	byName := map[string]*mcp.Tool{}
	for _, tl := range tools.Tools {
		byName[tl.Name] = tl
	}
	for _, n := range diagTools {
		require.Contains(t, byName, n)
		require.NotNil(t, byName[n].Annotations, n)
		require.NotNil(t, byName[n].OutputSchema, n)
	}
	require.True(t, byName["browser_vitals"].Annotations.ReadOnlyHint)
	b, _ := json.Marshal(byName["browser_emulate"].InputSchema)
	for _, p := range []string{`"network"`, `"cpu"`, `"forcedColors"`, `"contrast"`, `"slow-3g"`} {
		require.Contains(t, string(b), p)
	}

	// The failing checkout: its request in full and its console error.
	var res *mcp.CallToolResult
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/checkout")})
	list, _ := pollTool(t, cs, "browser_network_requests", nil, func(text string, _ map[string]any) bool {
		return strings.Contains(text, "/api/checkout => 500")
	})
	id := idOn(t, list, "/api/checkout")
	text, sc := pollTool(t, cs, "browser_network_request", map[string]any{"id": id}, func(_ string, sc map[string]any) bool {
		return sc["response_body"].(map[string]any)["state"] != "pending"
	})
	require.Contains(t, text, "card declined")
	require.Contains(t, text, `{"item":"book","qty":2}`)
	require.Equal(t, "kept", sc["request_body"].(map[string]any)["state"])
	require.EqualValues(t, 500, sc["status"])
	code, _ := callErr(t, cs, "browser_network_request", map[string]any{"id": "nope"})
	require.Equal(t, "not_found", code)

	msgs, _ := pollTool(t, cs, "browser_console_messages", nil, func(text string, _ map[string]any) bool {
		return strings.Contains(text, "checkout failed")
	})
	text, sc = pollTool(t, cs, "browser_console_message", map[string]any{"id": idOn(t, msgs, "checkout failed")}, func(string, map[string]any) bool { return true })
	require.Contains(t, text, "- report "+srv.MainURL("/checkout")+":3:")
	require.NotEmpty(t, sc["stack"])

	// Throttling through browser_emulate.
	timing := `async () => { const t = performance.now(); await (await fetch('/big?' + Math.random())).text(); return performance.now() - t }`
	callOK(t, cs, "browser_emulate", map[string]any{"network": "slow-3g"})
	res, _ = callOK(t, cs, "browser_evaluate", map[string]any{"function": timing})
	require.Greater(t, structured(t, res)["value"], 1500.0)
	res, _ = callOK(t, cs, "browser_emulate", map[string]any{"network": "off", "cpu": 1})
	require.Nil(t, structured(t, res)["network"])

	// An init script.
	res, text = callOK(t, cs, "browser_init_script", map[string]any{"action": "add", "code": "window.__fromInit = 'mcp'"})
	added := structured(t, res)["added"].(map[string]any)["id"].(string)
	require.Contains(t, text, added)
	res, _ = callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/init")})
	require.Equal(t, "init:mcp", structured(t, res)["page"].(map[string]any)["title"])
	callOK(t, cs, "browser_init_script", map[string]any{"action": "remove", "id": added})
	code, _ = callErr(t, cs, "browser_init_script", map[string]any{"action": "remove", "id": added})
	require.Equal(t, "not_found", code)

	// Vitals and a trace, and a HAR and a recording of the same.
	callOK(t, cs, "browser_vitals", nil)
	callOK(t, cs, "browser_trace_start", nil)
	callOK(t, cs, "browser_har_start", nil)
	callOK(t, cs, "browser_record_start", nil)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/vitals")})
	text, _ = pollTool(t, cs, "browser_vitals", nil, func(_ string, sc map[string]any) bool {
		lcp, _ := sc["lcp"].(map[string]any)
		return lcp != nil && strings.Contains(lcp["element"].(string), "img#hero")
	})
	require.Contains(t, text, "LCP:")
	require.Contains(t, text, "CLS:")
	res, text = callOK(t, cs, "browser_trace_stop", map[string]any{"filename": filepath.Join(dir, "t.json")})
	require.Contains(t, text, "img#hero")
	require.Equal(t, filepath.Join(dir, "t.json"), structured(t, res)["path"])
	res, text = callOK(t, cs, "browser_har_stop", map[string]any{"filename": filepath.Join(dir, "s.har")})
	require.Contains(t, text, "requests")
	var embedded *mcp.EmbeddedResource
	for _, c := range res.Content {
		if e, ok := c.(*mcp.EmbeddedResource); ok {
			embedded = e
		}
	}
	require.NotNil(t, embedded, "a small HAR comes back as content too")
	require.Contains(t, embedded.Resource.Text, `"version": "1.2"`)
	res, _ = callOK(t, cs, "browser_record_stop", map[string]any{"dir": filepath.Join(dir, "rec")})
	sc = structured(t, res)
	require.GreaterOrEqual(t, sc["frames"], 1.0)
	require.GreaterOrEqual(t, sc["actions"], 3.0, "the calls made while recording")

	// With evaluation off there is no init-script tool.
	noEval := inMemory(t, map[string]string{"evaluate-enabled": "false"})
	tools, err = noEval.ListTools(t.Context(), nil)
	require.NoError(t, err)
	for _, tl := range tools.Tools {
		require.NotEqual(t, "browser_init_script", tl.Name)
	}
}
