package main_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

const mcpFormHTML = `<!doctype html><title>form</title>
<input aria-label=name id=name>
<input type=checkbox aria-label=agree id=agree>
<select aria-label=color id=color><option value=r>red<option value=g>green</select>
<button onclick="out.textContent='hi '+document.getElementById('name').value+' '+agree.checked+' '+color.value">go</button>
<button onclick="out.textContent='answer '+prompt('q?','def')">ask</button>
<p id=out>none</p>
<script>console.error('boom')</script>`

func mcpSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/form":
			http.SetCookie(w, &http.Cookie{Name: "seen", Value: "1"})
			fmt.Fprint(w, mcpFormHTML)
		case "/counter":
			fmt.Fprint(w, counterHTML)
		case "/pointer":
			fmt.Fprint(w, pointerHTML)
		case "/checkout":
			fmt.Fprint(w, checkoutHTML)
		case "/api/checkout":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":"card declined"}`)
		default:
			fmt.Fprintf(w, "<title>%s</title><p>page %s</p>", strings.Trim(r.URL.Path, "/"), r.URL.Path)
		}
	}))
}

// inMemory connects the SDK's client to an in-process server.
func inMemory(t *testing.T, settings map[string]string) *mcp.ClientSession {
	t.Helper()
	return inMemoryIsolated(t, settings, "browser")
}

// inMemoryIsolated is inMemory with an isolation mode: with context, the
// connection's session works in a browser context of the server's shared
// browser, reached over a unix socket.
func inMemoryIsolated(t *testing.T, settings map[string]string, isolation string) *mcp.ClientSession {
	t.Helper()
	return inMemoryRoots(t, settings, isolation)
}

// inMemoryRoots is inMemoryIsolated whose client declares roots (MCP
// roots/list): the directories whose files the tools may use.
func inMemoryRoots(t *testing.T, settings map[string]string, isolation string, roots ...string) *mcp.ClientSession {
	t.Helper()
	t.Setenv("AGENTBROWSER_HOME", t.TempDir())
	main.UseDaemonBinary(bin)
	srv, wait := main.NewMCPServerIsolated(settings, isolation)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	for _, r := range roots {
		client.AddRoots(&mcp.Root{URI: "file://" + r})
	}
	cs, err := client.Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		wait()
	})
	return cs
}

// stdio starts "agentbrowser mcp" and connects the SDK's client to it.
func stdio(t *testing.T, args ...string) *mcp.ClientSession {
	t.Helper()
	c := newCLI(t)
	cmd := c.command(append([]string{"mcp"}, args...)...)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callOK(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	text := textOf(res)
	require.False(t, res.IsError, "%s: %s", name, text)
	return res, text
}

func callErr(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (code, text string) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	require.True(t, res.IsError, "%s should fail: %s", name, textOf(res))
	sc, _ := res.StructuredContent.(map[string]any)
	if e, ok := sc["error"].(map[string]any); ok {
		code, _ = e["code"].(string)
	}
	return code, textOf(res)
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func structured(t *testing.T, res *mcp.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// refFor finds the ref of the line with this role and name in a snapshot.
func refFor(t *testing.T, snap, role, name string) string {
	t.Helper()
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, role+` "`+name+`"`) {
			if i := strings.Index(l, "[ref="); i >= 0 {
				return strings.SplitN(l[i+5:], "]", 2)[0]
			}
		}
	}
	t.Fatalf("no %s %q in snapshot:\n%s", role, name, snap)
	return ""
}

func TestMCPToolSchemas(t *testing.T) {
	cs := inMemory(t, nil)
	res, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	byName := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		byName[tl.Name] = tl
	}
	for _, want := range []string{"browser_navigate", "browser_navigate_back", "browser_navigate_forward", "browser_reload", "browser_snapshot",
		"browser_click", "browser_type", "browser_fill_form", "browser_press_key", "browser_hover", "browser_drag", "browser_select_option",
		"browser_check", "browser_scroll", "browser_file_upload", "browser_handle_dialog", "browser_dialogs", "browser_tabs",
		"browser_take_screenshot", "browser_console_messages", "browser_network_requests", "browser_evaluate", "browser_wait_for",
		"browser_frames", "browser_resize", "browser_cdp", "browser_close",
		"browser_cookies", "browser_storage_state", "browser_downloads", "browser_pdf_save",
		"browser_find", "browser_read", "browser_route", "browser_unroute", "browser_routes", "browser_emulate"} {
		require.Contains(t, byName, want)
	}
	for name, tl := range byName {
		require.NotEmpty(t, tl.Title, name)
		require.NotNil(t, tl.Annotations, name)
		require.NotNil(t, tl.OutputSchema, name)
		b, _ := json.Marshal(tl.InputSchema)
		s := string(b)
		// CLI-only options never reach a schema: stdin would make the
		// server read its own protocol input; args is CLI syntax.
		// (As property names: "session" may well be an enum's value.)
		for _, bad := range []string{`"stdin":`, `"args":`, `"json":`, `"session":`, `"log-level":`, `"idle-timeout":`, "usage:", "agentbrowser "} {
			assert.NotContains(t, s, bad, name)
		}
		assert.NotContains(t, tl.Description, "usage:", name)
	}
	var click map[string]any
	b, _ := json.Marshal(byName["browser_click"].InputSchema)
	require.NoError(t, json.Unmarshal(b, &click))
	// target (Playwright MCP's name) or ref: one of them, checked by the
	// tool, as a schema's top-level anyOf is refused by some hosts.
	require.NotContains(t, fmt.Sprint(click["required"]), "ref")
	props := click["properties"].(map[string]any)
	require.Equal(t, "string", props["ref"].(map[string]any)["type"])
	require.Equal(t, "string", props["target"].(map[string]any)["type"])
	require.Equal(t, []any{"left", "right", "middle"}, props["button"].(map[string]any)["enum"])
	require.Contains(t, props, "tab")
	require.Contains(t, props, "timeout_ms")
	require.True(t, byName["browser_snapshot"].Annotations.ReadOnlyHint)
	require.True(t, *byName["browser_click"].Annotations.DestructiveHint)
	require.False(t, byName["browser_click"].Annotations.ReadOnlyHint)

	// The switches hide the tools that run page script or raw CDP.
	noEval := inMemory(t, map[string]string{"evaluate-enabled": "false"})
	res, err = noEval.ListTools(t.Context(), nil)
	require.NoError(t, err)
	for _, tl := range res.Tools {
		require.NotEqual(t, "browser_evaluate", tl.Name)
		require.NotEqual(t, "browser_cdp", tl.Name)
	}
	noCDP := inMemory(t, map[string]string{"cdp-enabled": "false"})
	res, err = noCDP.ListTools(t.Context(), nil)
	require.NoError(t, err)
	names := []string{}
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	require.Contains(t, names, "browser_evaluate")
	require.NotContains(t, names, "browser_cdp")
}

func TestMCPHTTPBindNeedsToken(t *testing.T) {
	require.NoError(t, main.HTTPListenCheck("127.0.0.1:0", "", false))
	require.NoError(t, main.HTTPListenCheck("localhost:8931", "", false))
	require.NoError(t, main.HTTPListenCheck("[::1]:8931", "", false))
	require.Error(t, main.HTTPListenCheck("0.0.0.0:8931", "", false))
	require.Error(t, main.HTTPListenCheck(":8931", "", false))
	require.NoError(t, main.HTTPListenCheck("0.0.0.0:8931", "secret", false))
	// --no-auth: loopback only, and not with a token.
	require.NoError(t, main.HTTPListenCheck("127.0.0.1:0", "", true))
	require.Error(t, main.HTTPListenCheck("0.0.0.0:8931", "", true))
	require.Error(t, main.HTTPListenCheck(":8931", "", true))
	require.Error(t, main.HTTPListenCheck("127.0.0.1:0", "secret", true))
	c := newCLI(t)
	o := c.json("mcp", "--http", "0.0.0.0:0")
	require.Equal(t, 2, o.Exit, o.Stdout)
	require.Contains(t, o.Stdout, "auth-token")
}

// flow drives the common tool flow on one client.
func flow(t *testing.T, cs *mcp.ClientSession, srv *testutil.Servers) {
	res, text := callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/form")})
	require.Contains(t, text, "Page Title: form")
	page := structured(t, res)["page"].(map[string]any)
	require.Equal(t, "form", page["title"])

	res, snap := callOK(t, cs, "browser_snapshot", map[string]any{})
	require.Contains(t, snap, `button "go"`)
	require.NotContains(t, snap, "backend_node_id")
	sc := structured(t, res)
	require.Greater(t, sc["refs"], 3.0)
	require.NotContains(t, sc, "snapshot")

	name, agree, color, goBtn, ask := refFor(t, snap, "textbox", "name"), refFor(t, snap, "checkbox", "agree"),
		refFor(t, snap, "combobox", "color"), refFor(t, snap, "button", "go"), refFor(t, snap, "button", "ask")

	_, text = callOK(t, cs, "browser_type", map[string]any{"ref": name, "text": "ann"})
	require.Contains(t, text, `ann`)
	_, text = callOK(t, cs, "browser_fill_form", map[string]any{"fields": []map[string]any{
		{"ref": name, "value": "bob"}, {"ref": agree, "value": "true"}, {"ref": color, "value": "green"},
	}})
	res, text = callOK(t, cs, "browser_click", map[string]any{"ref": goBtn, "element": "go button"})
	require.Contains(t, text, "hi bob true g")
	page = structured(t, res)["page"].(map[string]any)
	require.Equal(t, false, page["full"], text)
	require.Less(t, len(text), len(snap)+200)

	// A prompt: the click returns at once with the dialog as modal state.
	res, text = callOK(t, cs, "browser_click", map[string]any{"ref": ask})
	require.Contains(t, text, "browser_handle_dialog")
	code, text := callErr(t, cs, "browser_click", map[string]any{"ref": goBtn})
	require.Equal(t, "dialog_blocking", code, text)
	// The next step is said once, in tool terms.
	require.Equal(t, 1, strings.Count(text, "browser_handle_dialog"), text)
	require.NotContains(t, text, "'dialog")
	_, text = callOK(t, cs, "browser_handle_dialog", map[string]any{"accept": true, "promptText": "42"})
	require.Contains(t, text, "answer 42")

	res, _ = callOK(t, cs, "browser_take_screenshot", map[string]any{})
	var img *mcp.ImageContent
	for _, c := range res.Content {
		if ic, ok := c.(*mcp.ImageContent); ok {
			img = ic
		}
	}
	require.NotNil(t, img)
	require.Equal(t, "image/png", img.MIMEType)
	require.Equal(t, "\x89PNG", string(img.Data[:4]))

	_, text = callOK(t, cs, "browser_console_messages", map[string]any{})
	require.Contains(t, text, "boom")
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => 1 + 1"})
	require.Equal(t, "Result: 2", text)
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "document.title"})
	require.Equal(t, `Result: "form"`, text)
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "(el) => el.value", "ref": name})
	require.Equal(t, `Result: "bob"`, text)
	// Text for the model keeps its markup as it is.
	res, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => '<p>Hi & bye</p>'"})
	require.Equal(t, `Result: "<p>Hi & bye</p>"`, text)
	require.Equal(t, "<p>Hi & bye</p>", structured(t, res)["value"])

	code, text = callErr(t, cs, "browser_click", map[string]any{"ref": "e999", "element": "ghost button"})
	require.Contains(t, []string{"unknown_ref", "stale_ref"}, code)
	require.Contains(t, text, "take a new browser_snapshot and use its refs")
	require.Equal(t, 1, strings.Count(text, "take a new"), "the advice is said once: %s", text)
	require.Contains(t, text, "ghost button")
	code, _ = callErr(t, cs, "browser_evaluate", map[string]any{"function": "() => { for(;;){} }", "timeout_ms": 600})
	require.Equal(t, "timeout", code)
	// Input the schema rejects never reaches the browser.
	_, text = callErr(t, cs, "browser_click", map[string]any{"ref": goBtn, "bogus": 1})
	require.Contains(t, text, "bogus")
	_, text = callErr(t, cs, "browser_click", map[string]any{})
	require.Contains(t, text, "ref")
}

func TestMCPInMemoryFlow(t *testing.T) {
	srv := mcpSite(t)
	cs := inMemory(t, nil)
	flow(t, cs, srv)
}

func TestMCPStdioFlow(t *testing.T) {
	srv := mcpSite(t)
	cs := stdio(t)
	flow(t, cs, srv)
}

// TestMCPCancelStopsScript cancels a running evaluate and checks that the
// page's loop stopped: its counter no longer grows, and ping answered
// while it ran.
func TestMCPCancelStopsScript(t *testing.T) {
	srv := mcpSite(t)
	t.Setenv("AGENTBROWSER_HOME", t.TempDir())
	main.UseDaemonBinary(bin)
	server, wait := main.NewMCPServer(nil, "")
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	progressed := make(chan struct{}, 16)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			select {
			case progressed <- struct{}{}:
			default:
			}
		},
	}).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer func() { cs.Close(); ss.Wait(); wait() }()

	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/counter")})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		p := &mcp.CallToolParams{Name: "browser_evaluate", Arguments: map[string]any{
			"function": "() => { window.n = 0; for (;;) { window.n++ } }", "timeout_ms": 60000}}
		p.SetProgressToken("loop")
		_, err := cs.CallTool(ctx, p)
		done <- err
	}()
	// A progress notification says the evaluate is running; ping answers
	// meanwhile (the server is concurrent).
	select {
	case <-progressed:
	case err := <-done:
		t.Fatalf("evaluate ended early: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("no progress notification from a running evaluate")
	}
	require.NoError(t, cs.Ping(t.Context(), nil))
	cancel()
	require.Error(t, <-done)
	// The engine terminates the script: the page answers again, well before
	// the 60 s budget (ceiling 20 s on a loaded machine), and n is fixed.
	var first string
	require.Eventually(t, func() bool {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_evaluate", Arguments: map[string]any{"function": "String(window.n)", "timeout_ms": 2000}})
		if err != nil || res.IsError {
			return false
		}
		first = textOf(res)
		return true
	}, 20*time.Second, 100*time.Millisecond)
	require.NotEqual(t, `Result: "undefined"`, first)
	_, second := callOK(t, cs, "browser_evaluate", map[string]any{"function": "String(window.n)"})
	require.Equal(t, first, second)
}
