package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
)

// The state tools through MCP: cookies, storage states, downloads (in the
// action's result, the page state and browser_downloads) and PDFs.
func TestMCPStateTools(t *testing.T) {
	srv := stateSite(t)
	keep := filepath.Join(t.TempDir(), "dl")
	files := t.TempDir() // the client's root
	cs := inMemoryRoots(t, map[string]string{"download-dir": keep}, "browser", files)
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/login")})

	res, _ := callOK(t, cs, "browser_cookies", map[string]any{"action": "list"})
	require.ElementsMatch(t, []string{"sid", "theme"}, names(structured(t, res)["cookies"]))
	callOK(t, cs, "browser_cookies", map[string]any{"action": "set", "name": "lang", "value": "fr", "url": srv.MainURL("/"), "httpOnly": true})
	res, _ = callOK(t, cs, "browser_cookies", map[string]any{"action": "list", "urls": []string{srv.MainURL("/")}})
	require.ElementsMatch(t, []string{"sid", "theme", "lang"}, names(structured(t, res)["cookies"]))
	res, _ = callOK(t, cs, "browser_cookies", map[string]any{"action": "clear", "url": srv.MainURL("/")})
	require.Len(t, structured(t, res)["cookies"], 3)
	code, _ := callErr(t, cs, "browser_cookies", map[string]any{"action": "set", "name": "x", "value": "1"})
	require.Equal(t, "invalid_argument", code)
	_, text := callErr(t, cs, "browser_cookies", map[string]any{"action": "bake"})
	require.Contains(t, text, "action")

	// The tab's web storage, without page script.
	res, text = callOK(t, cs, "browser_storage", map[string]any{"kind": "local"})
	require.Equal(t, []string{"token"}, names(structured(t, res)["items"]), text)
	require.Equal(t, strings.TrimSuffix(srv.MainURL("/"), "/"), structured(t, res)["origin"])
	res, _ = callOK(t, cs, "browser_storage", map[string]any{"kind": "local", "action": "set", "key": "k", "value": "v"})
	require.ElementsMatch(t, []string{"token", "k"}, names(structured(t, res)["items"]))
	res, _ = callOK(t, cs, "browser_storage", map[string]any{"kind": "local", "action": "get", "key": "token"})
	require.Equal(t, true, structured(t, res)["found"])
	require.Equal(t, "tok", structured(t, res)["value"])
	res, _ = callOK(t, cs, "browser_storage", map[string]any{"kind": "local", "action": "remove", "key": "k"})
	require.Equal(t, []string{"token"}, names(structured(t, res)["items"]))
	callOK(t, cs, "browser_storage", map[string]any{"kind": "session", "action": "set", "key": "s", "value": "1"})
	res, _ = callOK(t, cs, "browser_storage", map[string]any{"kind": "session", "action": "clear"})
	require.Empty(t, structured(t, res)["items"])
	_, text = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => localStorage.getItem('token') + ' ' + sessionStorage.length"})
	require.Equal(t, `Result: "tok 0"`, text, "what the page sees")
	_, text = callErr(t, cs, "browser_storage", map[string]any{"kind": "cookies"})
	require.Contains(t, text, "kind")
	code, _ = callErr(t, cs, "browser_storage", map[string]any{"kind": "local", "action": "remove"})
	require.Equal(t, "invalid_argument", code, "remove needs a key")

	// Sign in again, save, and load into another connection's browser.
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/login")})
	state := filepath.Join(files, "state.json")
	res, _ = callOK(t, cs, "browser_storage_state", map[string]any{"action": "save", "path": state})
	require.Equal(t, state, structured(t, res)["path"])
	st, err := os.Stat(state)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	// A click that downloads: the file lands, and the page state says so.
	_, snap := callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	_, snap = callOK(t, cs, "browser_snapshot", map[string]any{})
	_, clicked := callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Report")})
	res, text = callOK(t, cs, "browser_downloads", map[string]any{"wait": true})
	require.Contains(t, text, "report.csv: completed, 4 bytes, at "+filepath.Join(keep, "report.csv"))
	require.Equal(t, keep, structured(t, res)["dir"])
	// The page state counts the session's downloads when they changed:
	// the completed one in the click's state (if it had ended by then) or
	// in the next action's, once.
	_, text = callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	told := "- Downloads: 1 (browser_downloads)"
	require.True(t, strings.Contains(clicked, told) != strings.Contains(text, told), "told once: %q, then %q", clicked, text)
	_, text = callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	require.NotContains(t, text, "- Downloads", "nothing changed")
	_, snap = callOK(t, cs, "browser_snapshot", map[string]any{})
	callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Greeting")})
	callOK(t, cs, "browser_downloads", map[string]any{"wait": true})
	_, text = callOK(t, cs, "browser_snapshot", map[string]any{})
	require.Contains(t, text, "- Downloads: 2 (browser_downloads)")

	// Navigating to a file downloads it, and the navigation's result says so.
	res, text = callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/report.csv")})
	require.Contains(t, text, "- Download report.csv: ")
	require.Len(t, structured(t, res)["downloads"], 1)

	res, _ = callOK(t, cs, "browser_pdf_save", map[string]any{"paper": "A4"})
	path := structured(t, res)["path"].(string)
	require.Equal(t, keep, filepath.Dir(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(b, []byte("%PDF-")))
	named := filepath.Join(files, "receipt.pdf")
	res, _ = callOK(t, cs, "browser_pdf_save", map[string]any{"filename": named, "landscape": true, "background": true})
	require.Equal(t, named, structured(t, res)["path"])
	code, _ = callErr(t, cs, "browser_pdf_save", map[string]any{"filename": filepath.Join(files, "no", "x.pdf")})
	require.Equal(t, "invalid_argument", code)
	require.False(t, strings.HasPrefix(path, "/tmp/agentbrowser-downloads"), "a given directory, not a private one")

	// Into another connection's browser (made last: a second in-memory
	// server takes over the test's daemon directory).
	other := inMemoryRoots(t, nil, "browser", files)
	callOK(t, other, "browser_storage_state", map[string]any{"action": "load", "path": state})
	_, text = callOK(t, other, "browser_navigate", map[string]any{"url": srv.MainURL("/app")})
	require.Contains(t, text, "Page Title: ls=tok h=")
	require.Contains(t, text, "sid=s3cret")
	bad := filepath.Join(files, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"cookies": 3}`), 0o600))
	code, text = callErr(t, other, "browser_storage_state", map[string]any{"action": "load", "path": bad})
	require.Equal(t, "invalid_argument", code)
	require.Contains(t, text, "cookies: want a list")
}

// With --isolation context the session reaches the shared browser over a
// unix socket: that browser runs on this machine, so --download-dir is
// made here (0700) and the file lands in it with its safe name.
func TestMCPDownloadsSharedBrowser(t *testing.T) {
	srv := stateSite(t)
	keep := filepath.Join(t.TempDir(), "dl")
	cs := inMemoryIsolated(t, map[string]string{"download-dir": keep}, "context")
	callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	st, err := os.Stat(keep)
	require.NoError(t, err, "the session makes its download directory when it starts, before any download")
	require.True(t, st.IsDir())
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
	_, snap := callOK(t, cs, "browser_snapshot", map[string]any{})
	callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Report")})
	res, text := callOK(t, cs, "browser_downloads", map[string]any{"wait": true})
	require.Contains(t, text, "report.csv: completed, 4 bytes, at "+filepath.Join(keep, "report.csv"))
	require.Equal(t, keep, structured(t, res)["dir"])
	b, err := os.ReadFile(filepath.Join(keep, "report.csv"))
	require.NoError(t, err)
	require.Equal(t, "a,b\n", string(b))
}

// --storage-state on the MCP server: each connection's session loads the
// file before its first page, so the first page the client opens is
// signed in. The file is Playwright's storageState, written by hand.
func TestMCPStorageStateSetting(t *testing.T) {
	srv := stateSite(t)
	origin := strings.TrimSuffix(srv.MainURL("/"), "/")
	state := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(state, []byte(`{"cookies":[{"name":"sid","value":"s3cret","domain":"127.0.0.1","path":"/","expires":-1,"httpOnly":true,"secure":false,"sameSite":"Lax"}],`+
		`"origins":[{"origin":"`+origin+`","localStorage":[{"name":"token","value":"tok"}]}]}`), 0o600))
	cs := inMemory(t, map[string]string{"storage-state": state})
	_, text := callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/app")})
	require.Contains(t, text, "Page Title: ls=tok h=sid=s3cret", "loaded before the first page")
	res, _ := callOK(t, cs, "browser_cookies", map[string]any{"action": "list"})
	c := structured(t, res)["cookies"].([]any)[0].(map[string]any)
	require.Equal(t, true, c["httpOnly"])
}

// --profile on the MCP server: one connection at a time holds the profile
// (the next one's first call gets profile_in_use), the sign-in outlives the
// connection that made it, and context isolation, whose clients cannot
// reach a profile, refuses it before serving.
func TestMCPProfile(t *testing.T) {
	srv := stateSite(t)
	profile := filepath.Join(t.TempDir(), "profile")
	t.Setenv("AGENTBROWSER_HOME", t.TempDir())
	main.UseDaemonBinary(bin)
	server, wait := main.NewMCPServerIsolated(map[string]string{"profile": profile}, "browser")
	defer wait()
	connect := func() (*mcp.ClientSession, *mcp.ServerSession) {
		ct, st := mcp.NewInMemoryTransports()
		ss, err := server.Connect(t.Context(), st, nil)
		require.NoError(t, err)
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
		require.NoError(t, err)
		return cs, ss
	}
	a, aServer := connect()
	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/login")})
	b, bServer := connect()
	defer func() { b.Close(); bServer.Wait() }()
	code, text := callErr(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/app")})
	require.Equal(t, "profile_in_use", code, text)

	// The server closes an ended connection's session after the connection
	// is gone: poll until it let the profile go.
	a.Close()
	aServer.Wait()
	deadline := time.Now().Add(hostileMCPCeiling)
	for {
		res, err := b.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_navigate", Arguments: map[string]any{"url": srv.MainURL("/app")}})
		require.NoError(t, err)
		text = textOf(res)
		if !res.IsError {
			break
		}
		require.Contains(t, text, "profile_in_use")
		require.True(t, time.Now().Before(deadline), "the ended connection's session still holds the profile: %s", text)
		time.Sleep(100 * time.Millisecond)
	}
	require.Contains(t, text, "Page Title: ls=tok h=", "the sign-in outlived its connection")
	require.Contains(t, text, "sid=s3cret")

	c := newCLI(t)
	cmd := c.command("--profile", profile, "mcp", "--isolation", "context")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 2, exit.ExitCode())
	require.Contains(t, out.String()+errb.String(), "--isolation browser")
}
