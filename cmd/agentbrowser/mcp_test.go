package main_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// mcpClient drives "agentbrowser mcp" over its stdio, one message a line.
type mcpClient struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Scanner
	id  int
}

func (m *mcpClient) call(method string, params any) (json.RawMessage, map[string]any) {
	m.t.Helper()
	m.id++
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": m.id, "method": method, "params": params})
	_, err := fmt.Fprintf(m.in, "%s\n", b)
	require.NoError(m.t, err)
	require.True(m.t, m.out.Scan(), "no answer to %s", method)
	var resp struct {
		ID     int             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  map[string]any  `json:"error"`
	}
	require.NoError(m.t, json.Unmarshal(m.out.Bytes(), &resp))
	require.Equal(m.t, m.id, resp.ID)
	return resp.Result, resp.Error
}

// tool calls a tool and returns the JSON body in its text content.
func (m *mcpClient) tool(name string, args map[string]any) (map[string]any, bool) {
	m.t.Helper()
	res, rerr := m.call("tools/call", map[string]any{"name": name, "arguments": args})
	require.Nil(m.t, rerr)
	var r struct {
		Content []struct{ Type, Text string } `json:"content"`
		IsError bool                          `json:"isError"`
	}
	require.NoError(m.t, json.Unmarshal(res, &r))
	require.Len(m.t, r.Content, 1)
	var body map[string]any
	require.NoError(m.t, json.Unmarshal([]byte(r.Content[0].Text), &body))
	return body, r.IsError
}

func TestMCPServer(t *testing.T) {
	srv := site(t)
	c := newCLI(t)
	cmd := c.command("mcp")
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() {
		in.Close()
		cmd.Wait()
	}()
	m := &mcpClient{t: t, in: in, out: bufio.NewScanner(out)}
	m.out.Buffer(make([]byte, 1<<20), 16<<20)

	res, rerr := m.call("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "test", "version": "0"}})
	require.Nil(t, rerr)
	require.Contains(t, string(res), `"tools"`)
	fmt.Fprintln(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)

	res, rerr = m.call("tools/list", map[string]any{})
	require.Nil(t, rerr)
	var list struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	require.NoError(t, json.Unmarshal(res, &list))
	names := map[string]map[string]any{}
	for _, tl := range list.Tools {
		names[tl.Name] = tl.InputSchema
	}
	for _, want := range []string{"open", "snapshot", "click", "type", "eval", "dialog", "tabs"} {
		require.Contains(t, names, want)
	}
	require.NotContains(t, names, "serve")
	require.Contains(t, names["snapshot"]["properties"], "interactive")

	body, isErr := m.tool("open", map[string]any{"args": []string{srv.MainURL("/counter")}})
	require.False(t, isErr, "%v", body)
	require.Equal(t, "counter", body["title"])

	body, isErr = m.tool("snapshot", map[string]any{"interactive": true})
	require.False(t, isErr, "%v", body)
	require.Contains(t, body["snapshot"], `button "add"`)
	var ref string
	for r, info := range body["refs"].(map[string]any) {
		if info.(map[string]any)["name"] == "add" {
			ref = r
		}
	}
	require.NotEmpty(t, ref)
	_, isErr = m.tool("click", map[string]any{"args": []string{ref}})
	require.False(t, isErr)
	body, _ = m.tool("eval", map[string]any{"args": []string{"document.getElementById('n').textContent"}})
	require.Equal(t, "1", body["value"])

	// Errors are results with isError and the usual code.
	body, isErr = m.tool("eval", map[string]any{"args": []string{"while(true){}"}, "timeout_ms": 600})
	require.True(t, isErr)
	require.Equal(t, "timeout", body["error"].(map[string]any)["code"])
	body, isErr = m.tool("click", map[string]any{"args": []string{"e999"}})
	require.True(t, isErr)
	require.True(t, strings.Contains(fmt.Sprint(body["error"]), "ref"), "%v", body)
	_, isErr = m.tool("open", map[string]any{"bogus": 1, "args": []string{"x"}})
	require.True(t, isErr)
	_, rerr = m.call("tools/call", map[string]any{"name": "nope"})
	require.NotNil(t, rerr)
	_, rerr = m.call("no/such/method", nil)
	require.NotNil(t, rerr)
}
