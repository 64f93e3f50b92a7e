package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
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
	cmd := c.command("mcp")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	defer func() {
		stdin.Close()
		select {
		case <-exited:
		case <-time.After(hostileMCPCeiling):
			cmd.Process.Kill()
			<-exited
		}
	}()

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
	case <-exited:
		require.NoError(t, waitErr, stderr.String())
	case <-time.After(hostileMCPCeiling):
		t.Fatalf("the server did not exit when its input ended: %s", stderr.String())
	}
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
