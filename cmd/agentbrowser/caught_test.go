package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

// A bug in one command is that command's error: the daemon answers it and
// the next, instead of dying with its browser and every tab.
func TestACommandsPanicIsItsError(t *testing.T) {
	ctx, end := context.WithCancelCause(t.Context())
	defer end(nil)
	d := &daemon{log: zerolog.Nop(), life: ctx, endLife: end}
	for _, tc := range []struct {
		name string
		cmd  Command
		want string
	}{
		{"panic", Command{Name: "boom", Run: func(context.Context, *Env, Input) (Result, error) { panic("the bug") }}, "boom failed on a bug in agentbrowser (the bug)"},
		{"panic in a command that ends the session", Command{Name: "boom", EndsSession: true, Run: func(context.Context, *Env, Input) (Result, error) { panic(errors.New("the bug")) }}, "boom failed on a bug in agentbrowser (the bug)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := d.runCommand(t.Context(), &tc.cmd, &Env{Daemon: d}, Input{})
			require.Nil(t, res)
			var ee *events.Error
			require.ErrorAs(t, err, &ee)
			require.Equal(t, events.CodeInternal, ee.Code)
			require.Contains(t, ee.Message, tc.want)
			require.Contains(t, ee.Message, "still running")
		})
	}
	ok := Command{Name: "fine", Run: func(context.Context, *Env, Input) (Result, error) { return Result{"v": 1}, nil }}
	res, err := d.runCommand(t.Context(), &ok, &Env{Daemon: d}, Input{})
	require.NoError(t, err)
	require.Equal(t, Result{"v": 1}, res)
}

// A bug outside the command's run (here its argument check) is answered
// on the socket in the request's own form: a body for a request, printed
// output for a command line.
func TestARequestsPanicIsAnswered(t *testing.T) {
	register(&Command{Name: "test-check-panics", MaxArgs: -1, NoBrowser: true,
		Check: func(Input) error { panic("the bug") },
		Run:   func(context.Context, *Env, Input) (Result, error) { return Result{}, nil }})
	defer delete(commands, "test-check-panics")
	ctx, end := context.WithCancelCause(context.Background())
	defer end(nil)
	sock := filepath.Join(t.TempDir(), "d.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	d := &daemon{log: zerolog.Nop(), life: ctx, endLife: end, ln: ln, paths: sessionPaths{Socket: sock}}
	d.inflight.Add(1)
	go func() {
		defer d.inflight.Done()
		d.accept()
	}()
	defer func() {
		ln.Close()
		d.inflight.Wait()
	}()
	ask := func(req request) reply {
		t.Helper()
		c, err := dialDaemon(sock)
		require.NoError(t, err)
		defer c.Close()
		require.NoError(t, json.NewEncoder(c).Encode(req))
		var rep reply
		require.NoError(t, json.NewDecoder(bufio.NewReader(c)).Decode(&rep))
		return rep
	}
	for range 2 { // the daemon still answers after the first
		rep := ask(request{Command: "test-check-panics", TimeoutMS: 1000})
		require.Equal(t, exitAction, rep.Exit)
		var body struct {
			OK    bool          `json:"ok"`
			Error *events.Error `json:"error"`
		}
		require.NoError(t, json.Unmarshal(rep.Body, &body))
		require.False(t, body.OK)
		require.Equal(t, events.CodeInternal, body.Error.Code)
		require.Contains(t, body.Error.Message, "this request failed on a bug in agentbrowser (the bug)")
	}
	rep := ask(request{Argv: []string{"--json", "test-check-panics"}})
	require.True(t, rep.Argv)
	require.Equal(t, exitAction, rep.Exit)
	var printed struct {
		OK    bool          `json:"ok"`
		Error *events.Error `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(rep.Stdout), &printed), rep.Stdout)
	require.Equal(t, events.CodeInternal, printed.Error.Code)
}

// A bug in an MCP tool is that call's tool error; the server goes on
// serving the connection.
func TestAToolsPanicIsItsError(t *testing.T) {
	s := newTestMCP(nil, "")
	s.log = zerolog.Nop()
	addTool(s, toolSpec{name: "test_panics"}, func(context.Context, *mcpConn, *mcp.CallToolRequest, struct{}) (*toolOut, error) {
		panic("the bug")
	})
	addTool(s, toolSpec{name: "test_answers"}, func(context.Context, *mcpConn, *mcp.CallToolRequest, struct{}) (*toolOut, error) {
		return &toolOut{text: "fine"}, nil
	})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.srv.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer func() { cs.Close(); ss.Wait(); s.closeAll() }()

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
