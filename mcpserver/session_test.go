package mcpserver_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/mcpserver"
	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func text(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// A Go program serves its own session: every tool runs its typed request
// on the program's BrowserSession, in this process, and the session stays
// open when the connection ends.
func TestServeOwnSession(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<title>own</title><button onclick="this.textContent='clicked'">press</button>`)
	}))
	defer srv.Close()
	m, err := standard.NewManager()
	require.NoError(t, err)
	s := testkit.Session(t, session.Config{Extensions: []session.Extension{m}})

	server, err := mcpserver.New(mcpserver.Options{Open: mcpserver.Shared(runner.NewBrowser(s)), SnapshotMode: mcpserver.Full})
	require.NoError(t, err)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.SDK().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)

	call := func(name string, args map[string]any) string {
		t.Helper()
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
		require.NoError(t, err)
		require.False(t, res.IsError, "%s: %s", name, text(res))
		return text(res)
	}
	out := call("browser_navigate", map[string]any{"url": srv.URL + "/"})
	require.Contains(t, out, "Page Title: own")
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, `button "press"`) {
			line = l
		}
	}
	require.NotEmpty(t, line, out)
	ref := strings.TrimSuffix(strings.SplitN(line, "[ref=", 2)[1], "]")
	out = call("browser_click", map[string]any{"ref": ref})
	require.Contains(t, out, "clicked")
	require.Equal(t, `Result: "<b>own</b>"`, call("browser_evaluate", map[string]any{"function": "() => '<b>' + document.title + '</b>'"}))

	cs.Close()
	ss.Wait()
	server.Wait()
	// The program's session outlives the connection.
	require.NoError(t, s.Err())
	tabs := s.Tabs()
	require.NotEmpty(t, tabs)
}
