package main_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
)

// bearer adds a token to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// TestMCPHTTPContextIsolation runs two clients over Streamable HTTP: they
// share one Chromium, each in a browser context of its own, so a cookie one
// gets is not the other's; the token is checked on every request.
func TestMCPHTTPContextIsolation(t *testing.T) {
	srv := mcpSite(t)
	t.Setenv("AGENTBROWSER_HOME", t.TempDir())
	main.UseDaemonBinary(bin)
	h, wait := main.MCPHTTPHandler("s3cret", "context")
	hs := httptest.NewServer(h)
	defer func() { hs.Close(); wait() }()

	connect := func(token string) (*mcp.ClientSession, error) {
		tr := &mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: &http.Client{Transport: bearer{token}}}
		return mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), tr, nil)
	}
	_, err := connect("wrong")
	require.Error(t, err)
	a, err := connect("s3cret")
	require.NoError(t, err)
	defer a.Close()
	b, err := connect("s3cret")
	require.NoError(t, err)
	defer b.Close()

	callOK(t, a, "browser_navigate", map[string]any{"url": srv.MainURL("/form")})
	_, text := callOK(t, a, "browser_evaluate", map[string]any{"function": "() => document.cookie"})
	require.Equal(t, `Result: "seen=1"`, text)
	callOK(t, b, "browser_navigate", map[string]any{"url": srv.MainURL("/counter")})
	_, text = callOK(t, b, "browser_evaluate", map[string]any{"function": "() => document.cookie"})
	require.Equal(t, `Result: ""`, text)
	// Each sees only its own tab.
	res, _ := callOK(t, b, "browser_tabs", map[string]any{"action": "list"})
	require.Len(t, structured(t, res)["tabs"], 1)

	// Both sessions are connected to one shared browser (the host's).
	out, err := exec.Command(bin, "--json", "sessions").Output()
	require.NoError(t, err)
	var list struct{ Sessions []map[string]any }
	require.NoError(t, json.Unmarshal(out, &list))
	sessions := list.Sessions
	var cdp []string
	for _, s := range sessions {
		if v, ok := s["cdp"].(string); ok {
			cdp = append(cdp, v)
		}
	}
	require.Len(t, cdp, 2, "%v", sessions)
	require.Equal(t, cdp[0], cdp[1])
}
