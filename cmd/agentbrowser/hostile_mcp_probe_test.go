package main_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// Variants of the MCP server's trust boundary (issue 49) that the first
// cases did not try: file: URLs in disguise, raw CDP that carries another
// command or hands the protocol to the page, a file: page that shows other
// files in its frames, and an operator's directory that holds the
// server's own.

// secretFile is a file outside every client's directories with a marker
// that must never reach a page.
func secretFile(t *testing.T) (path, marker string) {
	t.Helper()
	marker = "SECRET-" + strings.Repeat("7", 12)
	path = filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(path, []byte(marker+"\n"), 0o600))
	return path, marker
}

// refusedCall checks that a tool call failed with one of the codes that
// say nothing was sent.
func refusedCall(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) string {
	t.Helper()
	code, text := callErr(t, cs, tool, args)
	require.Contains(t, []string{"path_not_allowed", "cdp_not_allowed", "url_not_allowed", "invalid_argument"}, code, "%s %v: %s", tool, args, text)
	return code
}

// noLocalFile checks that no tab of the client shows a local file, in any
// of its frames, and that the marker reached no page.
func noLocalFile(t *testing.T, cs *mcp.ClientSession, marker string) {
	t.Helper()
	res, _ := callOK(t, cs, "browser_tabs", map[string]any{"action": "list"})
	for _, tb := range structured(t, res)["tabs"].([]any) {
		tab := tb.(map[string]any)
		id, url := tab["id"].(string), tab["url"].(string)
		require.NotRegexp(t, `^(?i)(file|view-source):`, url, "a tab shows a local file")
		res, _ := callOK(t, cs, "browser_cdp", map[string]any{"method": "Page.getFrameTree", "tab": id})
		b, _ := json.Marshal(structured(t, res))
		require.NotContains(t, string(b), `"url":"file:`, "a frame shows a local file")
		_, text := callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => document.documentElement.outerHTML", "tab": id})
		require.NotContains(t, text, marker)
	}
}

// TestHostileMCPFileURLsInDisguise: with a browser of its own (--isolation
// browser), a remote client's raw CDP reaches no local file, however the
// file: URL is written (view-source:, a relative or backslashed path,
// control characters Chromium strips), whether it is carried inside
// another command (Target.sendMessageToTarget) or by page script given the
// protocol (Target.exposeDevToolsProtocol), and even when the file: page
// is one of its own downloads: a file: page shows any other local file in
// its frames. browser_navigate, with the operator allowing the file and
// view-source schemes, holds the disguised forms to the client's
// directory.
func TestHostileMCPFileURLsInDisguise(t *testing.T) {
	secret, marker := secretFile(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/evil.html":
			w.Header().Set("Content-Disposition", `attachment; filename="evil.html"`)
			w.Header().Set("Content-Type", "application/octet-stream")
			fmt.Fprintf(w, `<!doctype html><title>evil</title><iframe src="file://%s"></iframe>`, secret)
		case "/files":
			fmt.Fprint(w, `<!doctype html><title>files</title><a href="/evil.html">Get</a>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>page</title><p>hello</p>`)
		}
	}))
	testutil.RequireChrome(t)
	c := newCLI(t)
	m := startMCPHTTP(t, c, "--isolation", "browser", "--allow-scheme", "file", "--allow-scheme", "view-source")
	cs, err := m.connect(t, m.token)
	require.NoError(t, err)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/page")})

	rel := strings.TrimPrefix(secret, "/")
	disguised := []string{
		"view-source:file://" + secret,
		"VIEW-SOURCE:view-source:FILE://" + secret,
		"file:" + rel,
		`file:\\` + strings.ReplaceAll(secret, "/", `\`),
		"\x01file://" + secret,
		"fi\tle://" + secret,
		" file:/" + secret + " ",
		"file://localhost" + secret,
		"file:///%2e%2e" + secret,
	}
	for _, u := range disguised {
		refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Page.navigate", "params": map[string]any{"url": u}})
		refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Target.createTarget", "params": map[string]any{"url": u}})
		refusedCall(t, cs, "browser_navigate", map[string]any{"url": u})
	}
	noLocalFile(t, cs, marker)

	// A command inside another: the nested one is held to the same check.
	res, _ := callOK(t, cs, "browser_cdp", map[string]any{"method": "Target.getTargetInfo"})
	target := structured(t, res)["result"].(map[string]any)["targetInfo"].(map[string]any)["targetId"].(string)
	res, _ = callOK(t, cs, "browser_cdp", map[string]any{"method": "Target.attachToTarget", "params": map[string]any{"targetId": target, "flatten": false}})
	sid := structured(t, res)["result"].(map[string]any)["sessionId"].(string)
	for _, inner := range []map[string]any{
		{"id": 1, "method": "Page.navigate", "params": map[string]any{"url": "file://" + secret}},
		{"id": 2, "method": "Page.navigate", "params": map[string]any{"url": "view-source:file://" + secret}},
		{"id": 3, "method": "Target.sendMessageToTarget", "params": map[string]any{"sessionId": sid, "message": mustJSON(t, map[string]any{"id": 4, "method": "Page.navigate", "params": map[string]any{"url": "file://" + secret}})}},
	} {
		refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Target.sendMessageToTarget", "params": map[string]any{"sessionId": sid, "message": mustJSON(t, inner)}})
	}
	// The protocol handed to page script, where no path is checked.
	refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Target.exposeDevToolsProtocol", "params": map[string]any{"targetId": target, "bindingName": "cdp"}})
	noLocalFile(t, cs, marker)

	// The client's own download, an HTML file whose frame shows the
	// secret: a file: page reaches every local file, so none is opened.
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	_, snap := callOK(t, cs, "browser_snapshot", map[string]any{})
	callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Get")})
	res, text := callOK(t, cs, "browser_downloads", map[string]any{"wait": true})
	evil := structured(t, res)["downloads"].([]any)[0].(map[string]any)["path"].(string)
	require.True(t, strings.HasSuffix(evil, "evil.html"), text)
	refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Page.navigate", "params": map[string]any{"url": "file://" + evil}})
	refusedCall(t, cs, "browser_cdp", map[string]any{"method": "Target.createTarget", "params": map[string]any{"url": "file://" + evil}})
	noLocalFile(t, cs, marker)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestHostileMCPAllowedDirHoldsServerFiles: an operator's --allow-paths
// that holds the server's runtime directory (/tmp holds it when
// XDG_RUNTIME_DIR is unset) or its --download-dir does not open them to a
// client that declares it as a root: another client's directory and
// downloads, the token file and the daemons' sockets stay out of reach,
// for reading and for writing; the client's own directory and the rest of
// the shared directory still work.
func TestHostileMCPAllowedDirHoldsServerFiles(t *testing.T) {
	srv := trustSite(t, nil)
	share := t.TempDir()
	home := filepath.Join(share, "runtime")
	require.NoError(t, os.Mkdir(home, 0o700))
	c := newCLIHome(t, home)
	dd := filepath.Join(share, "downloads")
	m := startMCPHTTP(t, c, "--allow-paths", share, "--download-dir", dd)
	a, err := m.connect(t, m.token, share)
	require.NoError(t, err)
	b, err := m.connect(t, m.token, share)
	require.NoError(t, err)

	// B saves a state (a credential) in its own directory and downloads a
	// file into its own subdirectory of --download-dir.
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/login")})
	res, _ := callOK(t, b, "browser_storage_state", map[string]any{"action": "save", "path": "state.json"})
	stateB := structured(t, res)["path"].(string)
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	_, snap := callOK(t, b, "browser_snapshot", map[string]any{})
	callOK(t, b, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Report")})
	res, _ = callOK(t, b, "browser_downloads", map[string]any{"wait": true})
	dlB := structured(t, res)["downloads"].([]any)[0].(map[string]any)["path"].(string)
	require.True(t, strings.HasPrefix(dlB, dd+"/"), dlB)
	token := filepath.Join(home, fmt.Sprintf("mcp-%d.token", m.port))
	_, err = os.Stat(token)
	require.NoError(t, err)

	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/upload")})
	_, snap = callOK(t, a, "browser_snapshot", map[string]any{})
	input := refFor(t, snap, "button", "files")
	for _, p := range []string{stateB, dlB, token, filepath.Join(home, "default.log")} {
		code, text := callErr(t, a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{p}})
		require.Equal(t, "path_not_allowed", code, "%s: %s", p, text)
		code, text = callErr(t, a, "browser_storage_state", map[string]any{"action": "load", "path": p})
		require.Equal(t, "path_not_allowed", code, "%s: %s", p, text)
	}
	for _, p := range []string{stateB, filepath.Join(filepath.Dir(stateB), "planted.json"), token, filepath.Join(filepath.Dir(dlB), "report.csv")} {
		code, text := callErr(t, a, "browser_storage_state", map[string]any{"action": "save", "path": p})
		require.Equal(t, "path_not_allowed", code, "%s: %s", p, text)
		code, text = callErr(t, a, "browser_pdf_save", map[string]any{"filename": p})
		require.Equal(t, "path_not_allowed", code, "%s: %s", p, text)
	}
	_, text := callOK(t, a, "browser_evaluate", map[string]any{"function": "() => document.getElementById('out').textContent"})
	require.Equal(t, `Result: "none"`, text, "nothing reached A's page")
	got, err := os.ReadFile(stateB)
	require.NoError(t, err)
	require.Contains(t, string(got), "s3cret", "B's state is B's")
	_, err = os.Stat(filepath.Join(filepath.Dir(stateB), "planted.json"))
	require.ErrorIs(t, err, os.ErrNotExist)

	// What is A's, and the rest of the shared directory, still work.
	callOK(t, a, "browser_storage_state", map[string]any{"action": "save", "path": "mine.json"})
	callOK(t, a, "browser_storage_state", map[string]any{"action": "save", "path": filepath.Join(share, "shared.json")})
	callOK(t, a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{filepath.Join(share, "shared.json")}})
}

// TestHostileMCPNumbersAtTheEdge: numbers past what a tool can use are
// refused at once with invalid_argument and a message that names the
// argument, not a Go type: integers past 2^53 (1e308, 9.3e18) in any tool,
// nested ones included, and a wait longer than the call's budget or
// negative, which answered "Waited" at once (1e308 overflowed the timer)
// or only when the budget ran out.
func TestHostileMCPNumbersAtTheEdge(t *testing.T) {
	srv := trustSite(t, nil)
	cs := stdio(t)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/page")})
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"browser_wait_for", map[string]any{"time": 1e308}},
		{"browser_wait_for", map[string]any{"time": 9.3e18}},
		{"browser_wait_for", map[string]any{"time": -1}},
		{"browser_wait_for", map[string]any{"time": 40, "timeout_ms": 5000}},
		{"browser_evaluate", map[string]any{"function": "() => 1", "timeout_ms": 1e308}},
		{"browser_evaluate", map[string]any{"function": "() => 1", "timeout_ms": 9.3e18}},
		{"browser_scroll", map[string]any{"dy": 1e300}},
		{"browser_find", map[string]any{"locator": "text=hi", "limit": -9.3e18}},
		{"browser_snapshot", map[string]any{"max_bytes": 1e20}},
		{"browser_emulate", map[string]any{"viewport": map[string]any{"width": 1e308, "height": 100}}},
		{"browser_emulate", map[string]any{"viewport": map[string]any{"width": 300, "height": 200, "dpr": 1e-300}}},
		{"browser_emulate", map[string]any{"geolocation": map[string]any{"latitude": 1e308, "longitude": 0}}},
	} {
		t0 := time.Now()
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		require.NoError(t, err)
		text := textOf(res)
		require.True(t, res.IsError, "%s %v: %s", tc.tool, tc.args, text)
		code := ""
		if sc, ok := structured(t, res)["error"].(map[string]any); ok {
			code, _ = sc["code"].(string)
		}
		require.Equal(t, "invalid_argument", code, "%s %v: %s", tc.tool, tc.args, text)
		require.NotRegexp(t, `Go struct|mcpserver\.|of type int`, text, "%s %v", tc.tool, tc.args)
		require.Less(t, time.Since(t0), 3*time.Second, "%s %v: refused only after %v", tc.tool, tc.args, time.Since(t0))
	}
	_, text := callOK(t, cs, "browser_wait_for", map[string]any{"time": 0.2})
	require.Contains(t, text, "Waited")
}

// TestHostileMCPUnixSocketInSharedDir: "mcp --http unix:PATH" in a directory
// others may write to (without the sticky bit) is refused at start: the
// server checks its peers, but another user could rename its socket and
// put theirs in its place, and the clients would talk to them. A private
// directory, and a sticky one like /tmp, serve.
func TestHostileMCPUnixSocketInSharedDir(t *testing.T) {
	c := newCLI(t)
	shared := filepath.Join(t.TempDir(), "shared")
	require.NoError(t, os.Mkdir(shared, 0o700))
	require.NoError(t, os.Chmod(shared, 0o777))
	sock := filepath.Join(shared, "mcp.sock")
	o := c.json("mcp", "--http", "unix:"+sock)
	require.Equal(t, 2, o.Exit, "%s %s", o.Stdout, o.Stderr)
	require.Contains(t, o.errMessage(), shared)
	_, err := os.Lstat(sock)
	require.ErrorIs(t, err, os.ErrNotExist, "nothing was made there")
}
