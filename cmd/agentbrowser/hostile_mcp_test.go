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
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The hostile-input suite's MCP cases (issue 26): what a broken or
// hostile client sends the MCP server.

// mcpLine is one JSON-RPC message as it came over stdio.
type mcpLine struct {
	raw string
	ID  json.RawMessage `json:"id"`
	Res json.RawMessage `json:"result"`
	Err *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// TestHostileMCPStdioSurvivesItsInput sends the stdio server lines that are
// not JSON-RPC requests: each is answered with a JSON-RPC error (-32700 for
// text that is not JSON, -32600 for the rest, a 17 MiB line too), and the
// session and its browser go on: the page opened before is still there.
// Text for the model travels without HTML escapes.
func TestHostileMCPStdioSurvivesItsInput(t *testing.T) {
	srv := mcpSite(t)
	c := newCLI(t)
	p := startStdioMCP(t, c)
	stdin, stdout, stderr := p.stdin, p.stdout, p.stderr

	lines := make(chan mcpLine, 16)
	go func() {
		r := bufio.NewReaderSize(stdout, 1<<20)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				close(lines)
				return
			}
			m := mcpLine{raw: l}
			json.Unmarshal([]byte(l), &m)
			lines <- m
		}
	}()
	send := func(s string) {
		t.Helper()
		_, err := io.WriteString(stdin, s+"\n")
		require.NoError(t, err)
	}
	next := func(what string) mcpLine {
		t.Helper()
		select {
		case m, ok := <-lines:
			require.True(t, ok, "the server ended after %s; stderr: %s", what, stderr.String())
			return m
		case <-time.After(hostileMCPCeiling):
			t.Fatalf("no answer to %s; stderr: %s", what, stderr.String())
		}
		return mcpLine{}
	}
	call := func(id int, tool string, args map[string]any) mcpLine {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
		send(string(b))
		m := next(tool)
		require.Equal(t, fmt.Sprint(id), string(m.ID), m.raw)
		require.Nil(t, m.Err, m.raw)
		require.NotContains(t, m.raw, `"isError":true`, m.raw)
		return m
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"hostile","version":"0"}}}`)
	require.Nil(t, next("initialize").Err)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call(2, "browser_navigate", map[string]any{"url": srv.MainURL("/form")})

	for _, bad := range []struct {
		line string
		code int
		id   string
	}{
		{`{oops`, -32700, "null"},
		{`[]`, -32600, "null"},
		{`{"jsonrpc":"1.0","id":3,"method":"ping"}`, -32600, "3"},
		{`{"id":4}`, -32600, "4"},
		{`"just a string"`, -32600, "null"},
		{strings.Repeat("x", 17<<20), -32600, "null"},
	} {
		send(bad.line)
		m := next(fmt.Sprintf("%.20q", bad.line))
		require.NotNil(t, m.Err, "%.20q: %s", bad.line, m.raw)
		require.Equal(t, bad.code, m.Err.Code, "%.20q: %s", bad.line, m.raw)
		require.Equal(t, bad.id, string(m.ID), "%.20q: %s", bad.line, m.raw)
	}

	// Same session, same browser, same page; no \u003c on the wire.
	m := call(5, "browser_evaluate", map[string]any{"function": "() => document.title + ' <p>Hi</p>'"})
	require.Contains(t, m.raw, `Result: \"form <p>Hi</p>\"`, m.raw)
	require.NotContains(t, m.raw, `\u003c`, m.raw)

	// The end of stdin ends the server cleanly.
	stdin.Close()
	select {
	case <-p.exited:
		require.NoError(t, p.err, stderr.String())
	case <-time.After(hostileMCPCeiling):
		t.Fatalf("the server did not exit when its input ended: %s", stderr.String())
	}
}

// stdioMCP is `agentbrowser mcp` over stdio with its pipes held by the
// test.
type stdioMCP struct {
	stdin  io.WriteCloser
	stdout io.Reader
	stderr *syncBuffer
	exited chan struct{} // closed once the process has exited
	err    error         // its exit, once exited is closed
}

// startStdioMCP starts the stdio MCP server of c's home. At the test's
// end its input is closed and it is waited for, killed after
// hostileMCPCeiling.
func startStdioMCP(t *testing.T, c *cli) *stdioMCP {
	t.Helper()
	cmd := c.command("mcp")
	p := &stdioMCP{stderr: &syncBuffer{}, exited: make(chan struct{})}
	var err error
	p.stdin, err = cmd.StdinPipe()
	require.NoError(t, err)
	p.stdout, err = cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = p.stderr
	require.NoError(t, cmd.Start())
	go func() { p.err = cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(hostileMCPCeiling):
			cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

// syncBuffer is a bytes.Buffer safe for a process's output and a test's
// reads at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// hostileMCPCeiling bounds a wait on the MCP server: a ceiling against
// hangs on a loaded machine, never a timing assertion.
const hostileMCPCeiling = 60 * time.Second

// TestHostileMCPIsolationHoldsAgainstRawCDP runs two clients over
// Streamable HTTP with --isolation context (one browser, a browser context
// each) and has client B try, with browser_cdp, everything that would
// reach client A's context: list targets, attach to A's tab, send it a
// message, open a tab or a context, read or write A's cookies and storage,
// close A's tab, close the browser, open a page that lists every target.
// Each attempt is refused with cdp_not_allowed and nothing was sent; what
// B may send (Network's cookie methods) acts on its own context only; A's
// page, cookie and storage are untouched afterwards; and no process of the
// server listens on TCP (the shared browser has no DevTools port).
func TestHostileMCPIsolationHoldsAgainstRawCDP(t *testing.T) {
	srv := mcpSite(t)
	t.Setenv("AGENTBROWSER_HOME", t.TempDir())
	main.UseDaemonBinary(bin)
	listening := childListeners()
	h, wait := main.MCPHTTPHandler("s3cret", "context")
	hs := httptest.NewServer(h)
	defer func() { hs.Close(); wait() }()
	connect := func() *mcp.ClientSession {
		tr := &mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: &http.Client{Transport: bearer{"s3cret"}}}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), tr, nil)
		require.NoError(t, err)
		return cs
	}
	a, b := connect(), connect()
	defer a.Close()
	defer b.Close()

	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/form")})
	callOK(t, a, "browser_evaluate", map[string]any{"function": "() => localStorage.setItem('k', 'secret')"})
	res, _ := callOK(t, a, "browser_tabs", map[string]any{"action": "list"})
	aTab := structured(t, res)["tabs"].([]any)[0].(map[string]any)["id"].(string)
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.CrossURL("/counter")})
	// A's browser context, as an observer with the shared browser's own
	// endpoint sees it (B cannot: that is the point).
	aContext := contextOf(t, aTab)

	origin := strings.TrimSuffix(srv.MainURL("/"), "/")
	attempts := []struct{ what, method, params string }{
		{"list every target", "Target.getTargets", `{}`},
		{"attach to A's tab", "Target.attachToTarget", fmt.Sprintf(`{"targetId":%q,"flatten":true}`, aTab)},
		{"send A's tab a message", "Target.sendMessageToTarget", fmt.Sprintf(`{"targetId":%q,"message":"{\"id\":1,\"method\":\"Runtime.evaluate\",\"params\":{\"expression\":\"document.title='PWNED'\"}}"}`, aTab)},
		{"open a tab in A's context", "Target.createTarget", fmt.Sprintf(`{"url":"about:blank","browserContextId":%q}`, aContext)},
		{"open a browser context", "Target.createBrowserContext", `{}`},
		{"close A's tab", "Target.closeTarget", fmt.Sprintf(`{"targetId":%q}`, aTab)},
		{"watch every target", "Target.setDiscoverTargets", `{"discover":true}`},
		{"read A's cookies", "Storage.getCookies", fmt.Sprintf(`{"browserContextId":%q}`, aContext)},
		{"write A's cookies", "Storage.setCookies", fmt.Sprintf(`{"browserContextId":%q,"cookies":[{"name":"evil","value":"1","domain":"127.0.0.1","path":"/"}]}`, aContext)},
		{"clear A's origin's storage", "Storage.clearDataForOrigin", fmt.Sprintf(`{"origin":%q,"storageTypes":"all"}`, origin)},
		{"close the browser", "Browser.close", `{}`},
		{"set downloads for the browser", "Browser.setDownloadBehavior", `{"behavior":"deny"}`},
		{"read the browser's processes", "SystemInfo.getProcessInfo", `{}`},
		{"open the page that lists every target", "Page.navigate", `{"url":"chrome://inspect/#pages"}`},
		{"trace the whole browser", "Tracing.start", `{}`},
	}
	for _, at := range attempts {
		var params map[string]any
		require.NoError(t, json.Unmarshal([]byte(at.params), &params), at.params)
		code, text := callErr(t, b, "browser_cdp", map[string]any{"method": at.method, "params": params})
		require.Equal(t, "cdp_not_allowed", code, "%s (%s): %s", at.what, at.method, text)
		require.Contains(t, text, "--isolation browser", at.what)
		t.Logf("| %s | `%s` | %s |", at.what, at.method, code)
	}

	// What B may send stays in B's context.
	res, _ = callOK(t, b, "browser_cdp", map[string]any{"method": "Network.getAllCookies"})
	require.NotContains(t, fmt.Sprint(structured(t, res)["result"]), "seen", "B reads A's cookie")
	callOK(t, b, "browser_cdp", map[string]any{"method": "Network.clearBrowserCookies"})
	code, text := callErr(t, b, "browser_cdp", map[string]any{"method": "DOMStorage.getDOMStorageItems",
		"params": map[string]any{"storageId": map[string]any{"securityOrigin": origin, "isLocalStorage": true}}})
	require.Equal(t, "cdp_error", code, "B reads A's origin's storage: %s", text)

	// A is untouched: same tab, page, cookie and storage.
	_, text = callOK(t, a, "browser_evaluate", map[string]any{"function": "() => [document.title, document.cookie, localStorage.getItem('k')].join('|')"})
	require.Equal(t, `Result: "form|seen=1|secret"`, text)
	res, _ = callOK(t, a, "browser_tabs", map[string]any{"action": "list"})
	require.Len(t, structured(t, res)["tabs"], 1)

	// The shared browser is driven over its pipe and shared on a unix
	// socket: nothing the server started (the browser, the clients'
	// daemons) listens on TCP.
	require.Empty(t, newListeners(listening), "the server's processes listen on TCP")
}

// childListeners lists the TCP listening addresses of this process's
// descendants (not of this process, which serves the tests' HTTP).
func childListeners() []string {
	var procs []int
	for _, p := range testutil.LiveProcesses(os.Getpid()) {
		if p != os.Getpid() {
			procs = append(procs, p)
		}
	}
	return testutil.ListeningTCP(procs)
}

// newListeners is what childListeners lists now and did not in before
// (another test's browser, say, may listen on purpose).
func newListeners(before []string) []string {
	var out []string
	for _, a := range childListeners() {
		if !slices.Contains(before, a) {
			out = append(out, a)
		}
	}
	return out
}

// contextOf asks the shared browser of the test's MCP server (found with
// 'sessions': its clients' --cdp) which browser context tab is in.
func contextOf(t *testing.T, tab string) string {
	t.Helper()
	out, err := exec.Command(bin, "--json", "sessions").Output()
	require.NoError(t, err)
	var list struct{ Sessions []map[string]any }
	require.NoError(t, json.Unmarshal(out, &list))
	for _, s := range list.Sessions {
		ep, _ := s["cdp"].(string)
		sock, ok := strings.CutPrefix(ep, "unix:")
		if !ok {
			continue
		}
		for _, ti := range browserTargets(t, sock) {
			if ti.TargetID == tab {
				return ti.BrowserContextID
			}
		}
	}
	t.Fatalf("no shared browser knows tab %s", tab)
	return ""
}

// targetInfo is one target as the browser lists it.
type targetInfo struct {
	TargetID         string `json:"targetId"`
	BrowserContextID string `json:"browserContextId"`
}

// browserTargets lists the targets of the shared browser behind sock (the
// broker of internal/cdpshare takes this observer as one more client).
func browserTargets(t *testing.T, sock string) []targetInfo {
	t.Helper()
	d := websocket.Dialer{NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var nd net.Dialer
		return nd.DialContext(ctx, "unix", sock)
	}}
	ws, _, err := d.DialContext(t.Context(), "ws://localhost/", nil)
	require.NoError(t, err)
	defer ws.Close()
	require.NoError(t, ws.WriteJSON(map[string]any{"id": 1, "method": "Target.getTargets"}))
	var reply struct {
		Result struct {
			TargetInfos []targetInfo `json:"targetInfos"`
		} `json:"result"`
	}
	require.NoError(t, ws.ReadJSON(&reply))
	return reply.Result.TargetInfos
}
