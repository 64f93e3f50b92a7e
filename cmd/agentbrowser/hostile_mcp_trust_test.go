package main_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The MCP server's trust boundary (issue 49): who may connect over HTTP,
// which files a client may read and write, and that ending a session ends
// its calls and its browser. These tests run "agentbrowser mcp" as users
// run it and drive it with the official Go SDK client.

// trustSite serves a file input that shows what it was given, a download,
// a sign-in cookie, and a page an evaluate reports its start to.
func trustSite(t *testing.T, started chan<- struct{}) *testutil.Servers {
	testutil.RequireChrome(t)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/upload":
			fmt.Fprint(w, `<!doctype html><title>upload</title><input type=file multiple aria-label=files><p id=out>none</p>
<script>document.querySelector('input').onchange = async (e) => {
  const parts = [];
  for (const f of e.target.files) parts.push(f.name + '=' + (await f.text()).slice(0, 40));
  document.getElementById('out').textContent = parts.join(';');
};</script>`)
		case "/report.csv":
			w.Header().Set("Content-Disposition", `attachment; filename="report.csv"`)
			fmt.Fprint(w, "a,b\n")
		case "/files":
			fmt.Fprint(w, `<!doctype html><title>files</title><a href="/report.csv">Report</a>`)
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "s3cret", Path: "/", MaxAge: 3600})
			fmt.Fprint(w, `<!doctype html><title>signed in</title>`)
		case "/started":
			if started != nil {
				select {
				case started <- struct{}{}:
				default:
				}
			}
		default:
			fmt.Fprint(w, `<!doctype html><title>page</title>`)
		}
	}))
}

// mcpHTTP is "agentbrowser mcp --http 127.0.0.1:0" running as a test's
// child: its URL and the token it printed.
type mcpHTTP struct {
	url, token string
	port       int
	cmd        *exec.Cmd
	stderr     *syncBuffer
	exited     chan struct{}
}

var (
	servingLine = regexp.MustCompile(`serving Streamable HTTP on (http://\S+?)/?\n`)
	tokenLine   = regexp.MustCompile(`Bearer ([0-9a-f]{64})`)
)

// startMCPHTTP runs the HTTP server with args and waits until it serves;
// it is stopped (SIGTERM) when the test ends.
func startMCPHTTP(t *testing.T, c *cli, args ...string) *mcpHTTP {
	t.Helper()
	cmd := c.command(append([]string{"mcp", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(cmd.Env, "AGENTBROWSER_MCP_TOKEN=")
	m := &mcpHTTP{cmd: cmd, stderr: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stderr = m.stderr
	require.NoError(t, cmd.Start())
	go func() { cmd.Wait(); close(m.exited) }()
	t.Cleanup(func() { m.stop(t) })
	deadline := time.Now().Add(hostileMCPCeiling)
	for {
		if g := servingLine.FindStringSubmatch(m.stderr.String()); g != nil {
			m.url = g[1]
			break
		}
		select {
		case <-m.exited:
			t.Fatalf("mcp --http exited: %s", m.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		require.True(t, time.Now().Before(deadline), "mcp --http did not start: %s", m.stderr.String())
	}
	if g := tokenLine.FindStringSubmatch(m.stderr.String()); g != nil {
		m.token = g[1]
	}
	_, err := fmt.Sscanf(m.url[strings.LastIndex(m.url, ":")+1:], "%d", &m.port)
	require.NoError(t, err, m.url)
	return m
}

// stop ends the server as an operator does and waits for it.
func (m *mcpHTTP) stop(t *testing.T) {
	m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.exited:
	case <-time.After(hostileMCPCeiling):
		m.cmd.Process.Kill()
		<-m.exited
		t.Errorf("mcp --http did not stop on SIGTERM: %s", m.stderr.String())
	}
}

// connect connects the Go SDK client with token (none when empty),
// declaring roots.
func (m *mcpHTTP) connect(t *testing.T, token string, roots ...string) (*mcp.ClientSession, error) {
	t.Helper()
	hc := http.DefaultClient
	if token != "" {
		hc = &http.Client{Transport: bearer{token}}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	for _, r := range roots {
		client.AddRoots(&mcp.Root{URI: "file://" + r})
	}
	cs, err := client.Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: m.url, HTTPClient: hc}, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// post sends one raw MCP request (an initialize) with the Authorization
// header auth (and the Host header host, when given) and returns the HTTP
// status.
func (m *mcpHTTP) post(t *testing.T, auth string, host ...string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, m.url, strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if len(host) > 0 {
		req.Host = host[0]
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// resources are the embedded resources and images of a result.
func resources(res *mcp.CallToolResult) (out []*mcp.ResourceContents, images []*mcp.ImageContent) {
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.EmbeddedResource:
			out = append(out, c.Resource)
		case *mcp.ImageContent:
			images = append(images, c)
		}
	}
	return out, images
}

// TestHostileMCPHTTPTokenByDefault: "mcp --http" on loopback with no token makes
// one, prints it once and writes it 0600 to the runtime directory; a
// request without it (or with another) is 401, loopback or not; another
// local user can neither read the token nor get past the check; the token
// file and the clients' directory go when the server stops. --no-auth
// serves without a token on loopback only.
func TestHostileMCPHTTPTokenByDefault(t *testing.T) {
	c := newCLI(t)
	m := startMCPHTTP(t, c)
	require.NotEmpty(t, m.token, "no token printed: %s", m.stderr.String())
	file := filepath.Join(c.home, fmt.Sprintf("mcp-%d.token", m.port))
	st, err := os.Lstat(file)
	require.NoError(t, err, m.stderr.String())
	require.Equal(t, os.FileMode(0o600), st.Mode())
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, m.token+"\n", string(b))
	require.Contains(t, m.stderr.String(), file, "the message names the file")
	require.Equal(t, 1, strings.Count(m.stderr.String(), m.token), "the token is printed once")

	require.Equal(t, http.StatusUnauthorized, m.post(t, ""))
	require.Equal(t, http.StatusUnauthorized, m.post(t, "Bearer "+strings.Repeat("0", 64)))
	require.Equal(t, http.StatusUnauthorized, m.post(t, "Basic "+m.token))
	require.Equal(t, http.StatusOK, m.post(t, "bearer "+m.token))
	// DNS rebinding: a page of another site that resolves to loopback.
	require.Equal(t, http.StatusForbidden, m.post(t, "Bearer "+m.token, "evil.example:80"))
	_, err = m.connect(t, "")
	require.Error(t, err)
	cs, err := m.connect(t, m.token)
	require.NoError(t, err)
	tools, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	require.NotEmpty(t, tools.Tools)

	t.Run("another local user", func(t *testing.T) {
		// As root the test can act as the user nobody: a client of
		// theirs on the same machine gets 401, and the token file is
		// out of their reach.
		testutil.RequireRoot(t)
		out, err := testutil.AsNobody("curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
			"-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream",
			"--data", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"nobody","version":"0"}}}`,
			m.url).Output()
		require.NoError(t, err)
		require.Equal(t, "401", string(out))
		out, err = testutil.AsNobody("cat", file).CombinedOutput()
		require.Error(t, err, "nobody read the token: %s", out)
	})

	m.stop(t)
	_, err = os.Stat(file)
	require.ErrorIs(t, err, os.ErrNotExist, "the token file outlived the server")
	left, _ := filepath.Glob(filepath.Join(c.home, "mcp-*-clients"))
	require.Empty(t, left, "the clients' directory outlived the server")

	// --no-auth: the old behaviour, on loopback only.
	open := startMCPHTTP(t, c, "--no-auth")
	require.Empty(t, open.token)
	require.Contains(t, open.stderr.String(), "--no-auth")
	require.Equal(t, http.StatusOK, open.post(t, ""))
	for _, args := range [][]string{
		{"mcp", "--http", "0.0.0.0:0", "--no-auth"},
		{"mcp", "--http", "127.0.0.1:0", "--no-auth", "--auth-token", "x"},
	} {
		o := c.json(args...)
		require.Equal(t, 2, o.Exit, "%v: %s %s", args, o.Stdout, o.Stderr)
		require.Contains(t, o.Stdout, "no-auth", args)
	}
}

// TestHostileMCPClientsKeptApart: two clients of one HTTP server (a browser
// context each). Each reads and writes only its own directory: an upload
// of /etc/passwd, a PDF or a state saved elsewhere, a link in its
// directory that leads out, the other client's files and downloads, and
// raw CDP that names files are all path_not_allowed, with nothing reaching
// the page or the disk; what the server makes for a client (PDF, state,
// download) comes back as content; the directory goes when the session
// is deleted.
func TestHostileMCPClientsKeptApart(t *testing.T) {
	srv := trustSite(t, nil)
	c := newCLI(t)
	m := startMCPHTTP(t, c)
	a, err := m.connect(t, m.token)
	require.NoError(t, err)
	b, err := m.connect(t, m.token)
	require.NoError(t, err)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim.conf")
	require.NoError(t, os.WriteFile(victim, []byte("secret=1\n"), 0o600))

	notAllowed := func(cs *mcp.ClientSession, tool string, args map[string]any) string {
		t.Helper()
		code, text := callErr(t, cs, tool, args)
		require.Equal(t, "path_not_allowed", code, "%s %v: %s", tool, args, text)
		require.Contains(t, text, "Allowed: ", text)
		return text
	}
	pageOut := func(cs *mcp.ClientSession) string {
		t.Helper()
		_, text := callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => document.querySelector('input').files.length + ':' + document.getElementById('out').textContent"})
		return text
	}

	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/upload")})
	_, snap := callOK(t, a, "browser_snapshot", map[string]any{})
	input := refFor(t, snap, "button", "files")
	text := notAllowed(a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{"/etc/passwd"}})
	require.Contains(t, text, "-clients/c-", "the message names the client's own directory")
	require.Equal(t, `Result: "0:none"`, pageOut(a), "nothing reached the page")
	notAllowed(a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{"../../../../etc/passwd"}})
	notAllowed(a, "browser_pdf_save", map[string]any{"filename": filepath.Join(outside, "x.pdf")})
	notAllowed(a, "browser_storage_state", map[string]any{"action": "save", "path": filepath.Join(outside, "state.json")})
	notAllowed(a, "browser_storage_state", map[string]any{"action": "save", "path": victim})
	notAllowed(a, "browser_storage_state", map[string]any{"action": "load", "path": victim})
	ents, err := os.ReadDir(outside)
	require.NoError(t, err)
	require.Len(t, ents, 1, "something was written outside the client's directory")

	// Inside its own directory (relative paths resolve there) a client
	// works, and gets what was made back as content.
	res, _ := callOK(t, a, "browser_pdf_save", map[string]any{"filename": "page.pdf"})
	pdf := structured(t, res)["path"].(string)
	dirA := filepath.Dir(pdf)
	require.Equal(t, filepath.Join(c.home, fmt.Sprintf("mcp-%d-clients", m.cmd.Process.Pid)), filepath.Dir(dirA))
	st, err := os.Stat(dirA)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
	rs, _ := resources(res)
	require.Len(t, rs, 1, "the PDF comes back as content")
	require.Equal(t, "application/pdf", rs[0].MIMEType)
	require.True(t, bytes.HasPrefix(rs[0].Blob, []byte("%PDF-")))
	res, _ = callOK(t, a, "browser_storage_state", map[string]any{"action": "save", "path": "state.json"})
	rs, _ = resources(res)
	require.Len(t, rs, 1, "the state comes back as content")
	require.Contains(t, rs[0].Text, `"cookies"`)
	callOK(t, a, "browser_storage_state", map[string]any{"action": "load", "path": filepath.Join(dirA, "state.json")})
	callOK(t, a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{"state.json"}})
	require.Contains(t, pageOut(a), `1:state.json={`)

	// A link in the client's directory that leads out is refused, for
	// reading and writing, and the file it points to is untouched.
	require.NoError(t, os.Symlink(victim, filepath.Join(dirA, "evil")))
	require.NoError(t, os.Symlink(outside, filepath.Join(dirA, "out")))
	notAllowed(a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{"evil"}})
	notAllowed(a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{"out/victim.conf"}})
	notAllowed(a, "browser_pdf_save", map[string]any{"filename": "evil"})
	notAllowed(a, "browser_storage_state", map[string]any{"action": "save", "path": "out/state.json"})
	got, err := os.ReadFile(victim)
	require.NoError(t, err)
	require.Equal(t, "secret=1\n", string(got))
	ents, err = os.ReadDir(outside)
	require.NoError(t, err)
	require.Len(t, ents, 1)

	// Raw CDP that names a file or a download directory is held to the
	// same directories.
	for _, call := range []struct {
		method string
		params map[string]any
	}{
		{"DOM.setFileInputFiles", map[string]any{"files": []string{"/etc/passwd"}, "backendNodeId": 1}},
		{"Input.dispatchDragEvent", map[string]any{"type": "drop", "x": 1, "y": 1, "data": map[string]any{"items": []any{}, "files": []string{victim}, "dragOperationsMask": 1}}},
		{"Page.navigate", map[string]any{"url": "file:///etc/passwd"}},
		{"Page.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": outside}},
		{"Browser.setDownloadBehavior", map[string]any{"behavior": "default"}},
	} {
		notAllowed(a, "browser_cdp", map[string]any{"method": call.method, "params": call.params})
	}
	require.Contains(t, pageOut(a), `1:state.json={`, "the page kept the file it was given")

	// B downloads into its own directory; the file comes back as
	// content, once.
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
	_, snap = callOK(t, b, "browser_snapshot", map[string]any{})
	callOK(t, b, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Report")})
	res, text = callOK(t, b, "browser_downloads", map[string]any{"wait": true})
	dl := structured(t, res)["downloads"].([]any)[0].(map[string]any)["path"].(string)
	require.NotContains(t, dl, dirA)
	require.Contains(t, dl, filepath.Join(c.home, fmt.Sprintf("mcp-%d-clients", m.cmd.Process.Pid)), text)
	rs, _ = resources(res)
	require.Len(t, rs, 1, "the download comes back as content: %s", text)
	require.Equal(t, "a,b\n", string(rs[0].Blob))
	res, _ = callOK(t, b, "browser_downloads", map[string]any{})
	rs, _ = resources(res)
	require.Empty(t, rs, "a download is sent once")
	dirB := filepath.Dir(filepath.Dir(dl))

	// Neither reaches the other's files.
	notAllowed(a, "browser_file_upload", map[string]any{"ref": input, "paths": []string{dl}})
	notAllowed(a, "browser_storage_state", map[string]any{"action": "load", "path": dl})
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/upload")})
	_, snap = callOK(t, b, "browser_snapshot", map[string]any{})
	notAllowed(b, "browser_file_upload", map[string]any{"ref": refFor(t, snap, "button", "files"), "paths": []string{filepath.Join(dirA, "state.json")}})
	notAllowed(b, "browser_pdf_save", map[string]any{"filename": filepath.Join(dirA, "page.pdf")})
	require.Equal(t, `Result: "0:none"`, pageOut(b))

	// Deleting A's session removes its directory; B's stays.
	require.NoError(t, a.Close())
	deadline := time.Now().Add(hostileMCPCeiling)
	for {
		if _, err := os.Stat(dirA); os.IsNotExist(err) {
			break
		}
		require.True(t, time.Now().Before(deadline), "A's directory outlived its session")
		time.Sleep(50 * time.Millisecond)
	}
	_, err = os.Stat(dirB)
	require.NoError(t, err)
}

// TestHostileMCPStorageStateAndSharedDirs: the server's --storage-state signs
// in each new client but no client writes it; --download-dir gives each
// client a subdirectory of its own; --allow-paths lets a client use those
// of its declared roots it covers, and nothing else.
func TestHostileMCPStorageStateAndSharedDirs(t *testing.T) {
	srv := trustSite(t, nil)
	c := newCLI(t)
	share := t.TempDir()
	state := filepath.Join(share, "state.json")
	origState := `{"cookies":[{"name":"sid","value":"operator","domain":"127.0.0.1","path":"/","expires":-1,"httpOnly":false,"secure":false,"sameSite":"Lax"}],"origins":[]}`
	require.NoError(t, os.WriteFile(state, []byte(origState), 0o600))
	dd := filepath.Join(t.TempDir(), "downloads")
	m := startMCPHTTP(t, c, "--storage-state", state, "--download-dir", dd, "--allow-paths", share)

	a, err := m.connect(t, m.token, share)
	require.NoError(t, err)
	_, text := callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/page")})
	_, text = callOK(t, a, "browser_evaluate", map[string]any{"function": "() => document.cookie"})
	require.Equal(t, `Result: "sid=operator"`, text, "the server's state is loaded into a new client")
	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/login")})
	code, text := callErr(t, a, "browser_storage_state", map[string]any{"action": "save", "path": state})
	require.Equal(t, "path_not_allowed", code, text)
	require.Contains(t, text, "storage state")
	got, err := os.ReadFile(state)
	require.NoError(t, err)
	require.Equal(t, origState, string(got), "a client overwrote the server's storage state")
	// The shared directory, as a declared root the operator allows.
	res, _ := callOK(t, a, "browser_storage_state", map[string]any{"action": "save", "path": filepath.Join(share, "mine.json")})
	require.Equal(t, filepath.Join(share, "mine.json"), structured(t, res)["path"])

	// A client that declares no root gets none of the shared directory.
	b, err := m.connect(t, m.token)
	require.NoError(t, err)
	_, text = callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/page")})
	_, text = callOK(t, b, "browser_evaluate", map[string]any{"function": "() => document.cookie"})
	require.Equal(t, `Result: "sid=operator"`, text, "the next client starts from the operator's state, not A's")
	code, _ = callErr(t, b, "browser_storage_state", map[string]any{"action": "load", "path": filepath.Join(share, "mine.json")})
	require.Equal(t, "path_not_allowed", code)

	// Downloads: a subdirectory of --download-dir each.
	download := func(cs *mcp.ClientSession) string {
		t.Helper()
		callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/files")})
		_, snap := callOK(t, cs, "browser_snapshot", map[string]any{})
		callOK(t, cs, "browser_click", map[string]any{"ref": refFor(t, snap, "link", "Report")})
		res, text := callOK(t, cs, "browser_downloads", map[string]any{"wait": true})
		dir := structured(t, res)["dir"].(string)
		require.Equal(t, dd, filepath.Dir(dir), text)
		return dir
	}
	da, db := download(a), download(b)
	require.NotEqual(t, da, db)
	code, _ = callErr(t, b, "browser_storage_state", map[string]any{"action": "load", "path": filepath.Join(da, "report.csv")})
	require.Equal(t, "path_not_allowed", code, "B reads A's download")
}

// TestHostileMCPStdioRoots: over stdio the client's declared roots are the
// directories it may use, followed when they change
// (notifications/roots/list_changed); a client that declares none works
// in the server's working directory.
func TestHostileMCPStdioRoots(t *testing.T) {
	srv := trustSite(t, nil)
	c := newCLI(t)
	r1, r2, wd := t.TempDir(), t.TempDir(), t.TempDir()
	for _, d := range []string{r1, r2, wd} {
		require.NoError(t, os.WriteFile(filepath.Join(d, "f.txt"), []byte(filepath.Base(d)), 0o600))
	}
	connect := func(roots ...string) (*mcp.Client, *mcp.ClientSession) {
		t.Helper()
		cmd := c.command("mcp")
		cmd.Dir = wd
		client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil)
		for _, r := range roots {
			client.AddRoots(&mcp.Root{URI: "file://" + r})
		}
		cs, err := client.Connect(t.Context(), &mcp.CommandTransport{Command: cmd}, nil)
		require.NoError(t, err)
		t.Cleanup(func() { cs.Close() })
		callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/upload")})
		return client, cs
	}
	upload := func(cs *mcp.ClientSession, path string) (string, string) {
		t.Helper()
		_, snap := callOK(t, cs, "browser_snapshot", map[string]any{})
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_file_upload", Arguments: map[string]any{"ref": refFor(t, snap, "button", "files"), "paths": []string{path}}})
		require.NoError(t, err)
		if !res.IsError {
			return "", textOf(res)
		}
		code, _ := structured(t, res)["error"].(map[string]any)["code"].(string)
		return code, textOf(res)
	}
	// eventually polls an upload until it gives want: a change of roots
	// reaches the server as a notification, beside the calls.
	eventually := func(cs *mcp.ClientSession, path, want string) {
		t.Helper()
		deadline := time.Now().Add(hostileMCPCeiling)
		for {
			code, text := upload(cs, path)
			if code == want {
				return
			}
			require.True(t, time.Now().Before(deadline), "%s: want %q, got %q: %s", path, want, code, text)
			time.Sleep(50 * time.Millisecond)
		}
	}

	client, cs := connect(r1)
	code, text := upload(cs, filepath.Join(r1, "f.txt"))
	require.Empty(t, code, text)
	code, _ = upload(cs, "f.txt")
	require.Empty(t, code, "a relative path resolves in the first root")
	code, text = upload(cs, filepath.Join(r2, "f.txt"))
	require.Equal(t, "path_not_allowed", code, text)
	require.Contains(t, text, r1)
	code, _ = upload(cs, filepath.Join(wd, "f.txt"))
	require.Equal(t, "path_not_allowed", code, "a client with roots does not get the server's directory")
	client.AddRoots(&mcp.Root{URI: "file://" + r2})
	eventually(cs, filepath.Join(r2, "f.txt"), "")
	client.RemoveRoots("file://" + r1)
	eventually(cs, filepath.Join(r1, "f.txt"), "path_not_allowed")

	_, none := connect()
	code, text = upload(none, "f.txt")
	require.Empty(t, code, "no roots: the server's working directory: %s", text)
	code, _ = upload(none, filepath.Join(r1, "f.txt"))
	require.Equal(t, "path_not_allowed", code)
}

// TestHostileMCPSessionEndStopsCalls: deleting an HTTP session during a 45 s
// evaluate answers at once, ends the call, and closes the session's
// browser context; the end of stdin does the same over stdio, where the
// session's browser goes. The bound checked is a generous 5 s (the goal
// is 2 s); the measured times are logged.
func TestHostileMCPSessionEndStopsCalls(t *testing.T) {
	started := make(chan struct{}, 1)
	srv := trustSite(t, started)
	const bound = 5 * time.Second
	long := map[string]any{"function": "async () => { await fetch('/started'); return await new Promise(r => setTimeout(() => r('late'), 45000)); }", "timeout_ms": 60000}
	awaitStart := func() {
		t.Helper()
		select {
		case <-started:
		case <-time.After(hostileMCPCeiling):
			t.Fatal("the evaluate did not start")
		}
	}

	for _, isolation := range []string{"context", "browser"} {
		t.Run("http delete, isolation "+isolation, func(t *testing.T) {
			c := newCLI(t)
			m := startMCPHTTP(t, c, "--isolation", isolation)
			cs, err := m.connect(t, m.token)
			require.NoError(t, err)
			callOK(t, cs, "browser_navigate", map[string]any{"url": srv.MainURL("/page")})
			res, _ := callOK(t, cs, "browser_tabs", map[string]any{"action": "list"})
			tab := structured(t, res)["tabs"].([]any)[0].(map[string]any)["id"].(string)
			// alive says whether the session's browser context (a tab of
			// the shared browser) or its own browser still exists.
			var alive func() bool
			if isolation == "context" {
				sock := sharedBrowserSocket(t, c)
				alive = func() bool { return hasTarget(t, sock, tab) }
			} else {
				browser, daemon := sessionPIDs(t, c)
				alive = func() bool { return processRuns(browser) || processRuns(daemon) }
			}
			require.True(t, alive())
			callDone := make(chan error, 1)
			go func() {
				_, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_evaluate", Arguments: long})
				callDone <- err
			}()
			awaitStart()

			t0 := time.Now()
			req, err := http.NewRequestWithContext(t.Context(), http.MethodDelete, m.url, nil)
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+m.token)
			req.Header.Set("Mcp-Session-Id", cs.ID())
			hres, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			hres.Body.Close()
			answered := time.Since(t0)
			require.Equal(t, http.StatusNoContent, hres.StatusCode)
			require.Less(t, answered, bound, "DELETE waited for the call")
			for alive() {
				require.Less(t, time.Since(t0), bound, "the session's browser outlived the DELETE")
				time.Sleep(20 * time.Millisecond)
			}
			gone := time.Since(t0)
			select {
			case <-callDone:
			case <-time.After(bound):
				t.Fatal("the evaluate call did not end")
			}
			t.Logf("DELETE, isolation %s (2 s budget): answered in %v, browser %s gone in %v", isolation,
				answered.Round(time.Millisecond), map[string]string{"context": "context", "browser": "process"}[isolation], gone.Round(time.Millisecond))
		})
	}

	t.Run("stdio eof", func(t *testing.T) {
		c := newCLI(t)
		p := startStdioMCP(t, c)
		stdin, stderr := p.stdin, p.stderr
		lines := bufio.NewReader(p.stdout)
		send := func(v any) {
			b, _ := json.Marshal(v)
			_, err := stdin.Write(append(b, '\n'))
			require.NoError(t, err)
		}
		read := func() string {
			l, err := lines.ReadString('\n')
			require.NoError(t, err, stderr.String())
			return l
		}
		send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "0"}}})
		read()
		send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
		send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": "browser_navigate", "arguments": map[string]any{"url": srv.MainURL("/page")}}})
		read()
		browser, daemon := sessionPIDs(t, c)
		send(map[string]any{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": map[string]any{"name": "browser_evaluate", "arguments": long}})
		awaitStart()

		t0 := time.Now()
		stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(bound):
			t.Fatalf("the server did not exit when its input ended: %s", stderr.String())
		}
		exitedIn := time.Since(t0)
		for processRuns(browser) || processRuns(daemon) {
			require.Less(t, time.Since(t0), bound, "the session's browser outlived the end of stdin")
			time.Sleep(20 * time.Millisecond)
		}
		t.Logf("stdio EOF 2 s budget: server exited in %v, browser gone in %v", exitedIn.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
	})
}

// processRuns reports whether process pid exists and has not exited: a zombie
// (an exited daemon whose parent, the server, is gone and that init has
// not reaped yet) does not count.
func processRuns(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command's closing parenthesis.
	i := bytes.LastIndexByte(st, ')')
	return i < 0 || i+2 >= len(st) || st[i+2] != 'Z'
}

// sessionPIDs are the browser's and the daemon's process ids of the one
// session the test's runtime directory has.
func sessionPIDs(t *testing.T, c *cli) (browser, daemon int) {
	t.Helper()
	o := c.json("sessions")
	list := o.Body["sessions"].([]any)
	require.Len(t, list, 1, o.Stdout)
	s := list[0].(map[string]any)
	b, _ := s["browser_pid"].(float64)
	d, _ := s["pid"].(float64)
	require.NotZero(t, b, o.Stdout)
	return int(b), int(d)
}

// sharedBrowserSocket is the unix socket of the MCP server's shared
// browser, from its clients' sessions.
func sharedBrowserSocket(t *testing.T, c *cli) string {
	t.Helper()
	o := c.json("sessions")
	for _, s := range o.Body["sessions"].([]any) {
		if ep, _ := s.(map[string]any)["cdp"].(string); strings.HasPrefix(ep, "unix:") {
			return strings.TrimPrefix(ep, "unix:")
		}
	}
	t.Fatalf("no session on a shared browser: %s", o.Stdout)
	return ""
}

// hasTarget asks the shared browser whether target id still exists.
func hasTarget(t *testing.T, sock, id string) bool {
	t.Helper()
	for _, ti := range browserTargets(t, sock) {
		if ti.TargetID == id {
			return true
		}
	}
	return false
}

// TestHostileMCPUnixSocket: "mcp --http unix:PATH" serves on a 0600 unix socket
// whose peers must run as the server's user; such a client needs no
// token, and another local user's connection is closed unread even when
// the socket's mode would let them in.
func TestHostileMCPUnixSocket(t *testing.T) {
	c := newCLI(t)
	dir, err := os.MkdirTemp("", "agentbrowser-mcp-sock-") // t.TempDir's parents are root's alone
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	sock := filepath.Join(dir, "mcp.sock")
	cmd := c.command("mcp", "--http", "unix:"+sock)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(hostileMCPCeiling):
			cmd.Process.Kill()
			<-exited
		}
		_, err := os.Stat(sock)
		require.ErrorIs(t, err, os.ErrNotExist, "the socket outlived the server")
	}()
	deadline := time.Now().Add(hostileMCPCeiling)
	for !strings.Contains(stderr.String(), "serving Streamable HTTP on unix:"+sock) {
		select {
		case <-exited:
			t.Fatalf("mcp --http unix: exited: %s", stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		require.True(t, time.Now().Before(deadline), stderr.String())
	}
	st, err := os.Stat(sock)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	require.NotRegexp(t, tokenLine, stderr.String(), "no token on a socket that checks its peers")

	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(),
		&mcp.StreamableClientTransport{Endpoint: "http://localhost/", HTTPClient: hc}, nil)
	require.NoError(t, err)
	tools, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	require.NotEmpty(t, tools.Tools)
	require.NoError(t, cs.Close())

	t.Run("another local user", func(t *testing.T) {
		testutil.RequireRoot(t)
		require.NoError(t, os.Chmod(sock, 0o666)) // only the peer check stands
		out, err := testutil.AsNobody("curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--unix-socket", sock, "-X", "POST",
			"-H", "Content-Type: application/json", "-H", "Accept: application/json, text/event-stream",
			"--data", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"nobody","version":"0"}}}`,
			"http://localhost/").Output()
		require.Error(t, err, "nobody got an answer: %s", out)
		require.Equal(t, "000", string(out), "no HTTP answer at all")
	})
}
