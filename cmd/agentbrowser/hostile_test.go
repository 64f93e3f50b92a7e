package main_test

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The hostile-input suite (issue 26): what a hostile page, a careless
// agent or a broken environment can do to the CLI, the daemon and the MCP
// server, each case answered with a clear code within its budget, with
// nothing leaked or lost. `make test` runs it with the package's other
// tests. Its files, one per theme, each test named TestHostile...:
//
//	hostile_test.go          this layout and the helpers the cases share
//	hostile_output_test.go   what is printed: terminal controls, failed writes, output above the cap
//	hostile_start_test.go    daemons and directories: racing starts, budgets, TMPDIR, odd argv, signals
//	hostile_socket_test.go   the daemon's socket: garbage, huge and idle requests, a killed client
//	hostile_page_test.go     hostile pages: 200 tabs, 100,000 elements, console floods, popups,
//	                         beforeunload, odd values, overridden built-ins, downloads, a frozen browser
//	hostile_action_test.go   actions with hostile arguments or pages: tabs, uploads, screenshots
//	hostile_script_test.go   page scripts that never return: in a click's handler, at load, from a timer
//	hostile_files_test.go    FIFOs and endless inputs, another user's profile and links, huge states
//	hostile_input_test.go    header injection, NaN, a page that swaps labels, a batch past the cap
//	hostile_mcp_trust_test.go  MCP tokens, clients kept apart by path, stdio roots, session end
//	hostile_mcp_probe_test.go  file: URLs in disguise, the server's own directories, numbers, sockets
//	hostile_probe_test.go    profiles and download directories others reach, files that wait, coordinates
//
// Cases of other areas go in files of their own beside these
// (hostile_frames_test.go, ...), or in their own package when they have
// one (the MCP server's are in mcpserver). Tests whose browser
// is not the point use newSharedCLI (the package's shared browser, a
// browser context each); tests about launching, closing or killing use
// newCLI. docs/reliability.md lists every case.

// hostileCeiling bounds how long any hostile case may take to be answered
// when its budget is the default: a ceiling against hangs on a loaded
// machine, never a timing assertion.
const hostileCeiling = 60 * time.Second

// requireCode checks that o failed with code and exit within ceiling.
func requireCode(t *testing.T, o outcome, code string, exit int, ceiling time.Duration) {
	t.Helper()
	require.Equal(t, code, o.errCode(), "stdout: %s\nstderr: %s", o.Stdout, o.Stderr)
	require.Equal(t, exit, o.Exit, "stdout: %s", o.Stdout)
	require.Less(t, o.Dur, ceiling, "answered after %v", o.Dur)
}

var thin struct {
	once sync.Once
	path string
	err  error
}

// thinBin builds the thin client (cmd/agentbrowser-thin) without cgo, next
// to the package's binary, once; c.thin runs it.
func thinBin(t *testing.T) string {
	t.Helper()
	thin.once.Do(func() {
		thin.path = filepath.Join(filepath.Dir(bin), "agentbrowser-thin")
		b := exec.Command("go", "build", "-o", thin.path, "../agentbrowser-thin")
		b.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := b.CombinedOutput(); err != nil {
			thin.err = &buildError{string(out), err}
		}
	})
	require.NoError(t, thin.err)
	return thin.path
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string {
	return "building the thin client: " + e.err.Error() + "\n" + e.out
}

// viaThin returns a cli like c whose commands run through the thin client,
// which hands them to c's daemon (AGENTBROWSER_FULL points it at the
// package's binary).
func (c *cli) viaThin(t *testing.T) *cli {
	t.Helper()
	th := *c
	th.exe = thinBin(t)
	th.env = append(th.env, "AGENTBROWSER_FULL="+bin)
	return &th
}

// hostileSite serves the pages the hostile cases need on 127.0.0.1:
// /hang sends half a page and never finishes it (until the browser gives
// up on it or the test ends), /spin a button "spin" whose handler never
// returns and a button "calm" that retitles the page "clicked", /spinload
// a page whose inline script never returns, /form a textarea named
// notes, /upload a file input named pick, /tall a page 30,000 pixels tall, /title/TEXT a
// page titled TEXT, anything else a small page. url gives a path's URL.
func hostileSite(t *testing.T) (url func(path string) string) {
	t.Helper()
	testutil.RequireChrome(t)
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/hang":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><title>hang</title><p>half a page")
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-done:
			}
		case r.URL.Path == "/spin":
			fmt.Fprint(w, `<!doctype html><title>spin</title><button onclick="while (true) {}">spin</button><button onclick="document.title = 'clicked'">calm</button>`)
		case r.URL.Path == "/spinload":
			fmt.Fprint(w, `<!doctype html><title>spinload</title><p>before<script>for (;;) {}</script><p>after`)
		case r.URL.Path == "/upload":
			fmt.Fprint(w, `<!doctype html><title>upload</title><input type=file aria-label="pick">`)
		case r.URL.Path == "/tall":
			fmt.Fprint(w, `<!doctype html><title>tall</title><body style="margin:0"><div style="height:30000px;background:linear-gradient(red,blue)">tall</div>`)
		case r.URL.Path == "/form":
			fmt.Fprint(w, `<!doctype html><title>form</title><textarea aria-label="notes"></textarea>`)
		case strings.HasPrefix(r.URL.Path, "/title/"):
			fmt.Fprintf(w, "<!doctype html><title>%s</title><p>titled", html.EscapeString(strings.TrimPrefix(r.URL.Path, "/title/")))
		default:
			fmt.Fprintf(w, "<!doctype html><title>page</title><p>%s", html.EscapeString(r.URL.Path))
		}
	}))
	t.Cleanup(func() {
		close(done) // the hanging handlers return before the server closes
		srv.Close()
	})
	return func(path string) string { return srv.URL + path }
}

// mcpOver starts "agentbrowser mcp" for c (its flags and directory) and
// connects the SDK's client to it over stdio, as MCP hosts run it.
func mcpOver(t *testing.T, c *cli, args ...string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "hostile", Version: "0"}, nil).
		Connect(t.Context(), &mcp.CommandTransport{Command: c.command(append([]string{"mcp"}, args...)...)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}
