package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/mcpserver"
)

// listTools lists the tools a server serves, without a browser.
func listTools(t *testing.T) []*mcp.Tool {
	t.Helper()
	srv, err := mcpserver.New(mcpserver.Options{Open: func(context.Context) (mcpserver.Backend, error) {
		t.Fatal("listing tools opened a backend")
		return nil, nil
	}})
	require.NoError(t, err)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer func() {
		cs.Close()
		ss.Wait()
	}()
	res, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	return res.Tools
}

// docs/mcp.md's annotations table is the one the tools take theirs from,
// and every tool served has a row in it with the annotations it carries.
func TestAnnotationsAgreeWithTheDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/mcp.md")
	require.NoError(t, err)
	const start, end = "<!-- annotations:start -->\n", "<!-- annotations:end -->"
	i, j := strings.Index(string(doc), start), strings.Index(string(doc), end)
	require.True(t, i >= 0 && j > i, "docs/mcp.md has the annotations table between %q and %q", start, end)
	require.Equal(t, mcpserver.AnnotationsTable(), string(doc[i+len(start):j]),
		"docs/mcp.md's annotations table is not the one the tools use: paste mcpserver.AnnotationsTable() between the markers")

	rows := map[string][]string{}
	for _, line := range strings.Split(mcpserver.AnnotationsTable(), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 6 || !strings.Contains(cells[1], "`") {
			continue
		}
		rows[strings.Trim(strings.TrimSpace(cells[1]), "`")] = []string{strings.TrimSpace(cells[2]), strings.TrimSpace(cells[3]), strings.TrimSpace(cells[4]), strings.TrimSpace(cells[5])}
	}
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	deref := func(b *bool) bool { return b != nil && *b }
	for _, tool := range listTools(t) {
		row, ok := rows[tool.Name]
		if !assert.True(t, ok, "tool %s has no row in the annotations table (mcpserver/annotations.go)", tool.Name) {
			continue
		}
		a := tool.Annotations
		require.NotNil(t, a, tool.Name)
		assert.Equal(t, row, []string{yes(a.ReadOnlyHint), yes(deref(a.DestructiveHint)), yes(a.IdempotentHint), yes(deref(a.OpenWorldHint))}, tool.Name)
	}
	// The annotations the issue found wrong.
	for _, name := range []string{"browser_emulate", "browser_file_upload", "browser_route", "browser_unroute"} {
		assert.Equal(t, "no", rows[name][2], "%s is not idempotent", name)
	}
	for _, name := range []string{"browser_console_messages", "browser_network_requests"} {
		assert.Equal(t, "no", rows[name][0], "%s clears its log with clear: not read-only", name)
	}
}

// A tool that acts on an element requires one of target and ref in its
// schema, and no required argument is nullable.
func TestElementToolsRequireTheirElement(t *testing.T) {
	for _, tool := range listTools(t) {
		b, err := json.Marshal(tool.InputSchema)
		require.NoError(t, err)
		var sc struct {
			Required   []string                   `json:"required"`
			Properties map[string]json.RawMessage `json:"properties"`
			AnyOf      []struct {
				Required []string `json:"required"`
			} `json:"anyOf"`
			AllOf []json.RawMessage `json:"allOf"`
		}
		require.NoError(t, json.Unmarshal(b, &sc))
		for _, r := range sc.Required {
			assert.NotContains(t, string(sc.Properties[r]), `"null"`, "%s: required %s is nullable", tool.Name, r)
		}
		switch tool.Name {
		case "browser_click", "browser_type", "browser_hover", "browser_select_option", "browser_check", "browser_file_upload", "browser_get_styles":
			require.Len(t, sc.AnyOf, 2, "%s: %s", tool.Name, b)
			assert.Equal(t, []string{"target"}, sc.AnyOf[0].Required, tool.Name)
			assert.Equal(t, []string{"ref"}, sc.AnyOf[1].Required, tool.Name)
		case "browser_drag":
			assert.Len(t, sc.AllOf, 2, "%s: %s", tool.Name, b)
		}
	}
}
