package mcpserver

import (
	"context"
	"testing"

	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"
)

// A bug in an MCP tool is that call's tool error; the server goes on
// serving the connection.
func TestAToolsPanicIsItsError(t *testing.T) {
	s, err := New(Options{Open: Shared(runner.NewBrowser(nil))})
	require.NoError(t, err)
	addTool(s, toolSpec{name: "test_panics"}, func(context.Context, *conn, *mcp.CallToolRequest, struct{}) (*toolOut, error) {
		panic("the bug")
	})
	addTool(s, toolSpec{name: "test_answers"}, func(context.Context, *conn, *mcp.CallToolRequest, struct{}) (*toolOut, error) {
		return &toolOut{text: "fine"}, nil
	})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.SDK().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer func() { cs.Close(); ss.Wait(); s.Wait() }()

	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "test_panics", Arguments: map[string]any{}})
	require.NoError(t, err)
	require.True(t, res.IsError)
	text := res.Content[0].(*mcp.TextContent).Text
	require.Contains(t, text, "Error [internal]: test_panics failed on a bug in agentbrowser (the bug)")

	res, err = cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "test_answers", Arguments: map[string]any{}})
	require.NoError(t, err)
	require.False(t, res.IsError)
	require.Equal(t, "fine", res.Content[0].(*mcp.TextContent).Text)
}
