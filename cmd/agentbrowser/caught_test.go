package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
)

// A bug in one command is that command's error: the daemon answers it and
// the next, instead of dying with its browser and every tab.
func TestACommandsPanicIsItsError(t *testing.T) {
	ctx, end := context.WithCancelCause(t.Context())
	defer end(nil)
	d := &daemon{log: zerolog.Nop(), life: ctx, endLife: end}
	for _, tc := range []struct {
		name string
		run  func(context.Context) (any, error)
	}{
		{"panic", func(context.Context) (any, error) { panic("the bug") }},
		{"panic with an error", func(context.Context) (any, error) { panic(errors.New("the bug")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := d.runCommand(t.Context(), "boom", tc.run)
			require.Nil(t, res)
			var ee *events.Error
			require.ErrorAs(t, err, &ee)
			require.Equal(t, events.CodeInternal, ee.Code)
			require.Contains(t, ee.Message, "boom failed on a bug in agentbrowser (the bug)")
			require.Contains(t, ee.Message, "still running")
		})
	}
	res, err := d.runCommand(t.Context(), "fine", func(context.Context) (any, error) { return 1, nil })
	require.NoError(t, err)
	require.Equal(t, 1, res)
}

// validatePanics is a request whose own check has a bug.
type validatePanics struct {
	request.Returns[struct{}]
}

func (validatePanics) Command() string { return "test-validate-panics" }
func (validatePanics) Validate() error { panic("the bug") }

var registerPanics = sync.OnceFunc(func() {
	runner.Handle(func(context.Context, *runner.Browser, validatePanics) (struct{}, error) { return struct{}{}, nil })
})

// A bug outside the command's run (here its argument check) is answered
// on the socket as a fault, and the daemon goes on answering.
func TestARequestsPanicIsAnswered(t *testing.T) {
	registerPanics()
	ctx, end := context.WithCancelCause(context.Background())
	defer end(nil)
	sock := filepath.Join(t.TempDir(), "d.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	d := &daemon{g: cli.Globals{Session: "default"}, log: zerolog.Nop(), life: ctx, endLife: end, ln: ln, paths: sessionPaths{Socket: sock}}
	d.inflight.Add(1)
	go func() {
		defer d.inflight.Done()
		d.accept()
	}()
	defer func() {
		ln.Close()
		d.inflight.Wait()
	}()
	ask := func(req cli.WireRequest) cli.Reply {
		t.Helper()
		c, err := dialDaemon(sock)
		require.NoError(t, err)
		defer c.Close()
		require.NoError(t, json.NewEncoder(c).Encode(req))
		var rep cli.Reply
		require.NoError(t, json.NewDecoder(bufio.NewReader(c)).Decode(&rep))
		return rep
	}
	for range 2 { // the daemon still answers after the first
		rep := ask(cli.WireRequest{Command: "test-validate-panics", TimeoutMS: 1000})
		require.Equal(t, cli.ExitAction, rep.Exit)
		require.NotNil(t, rep.Fault)
		require.Equal(t, events.CodeInternal, rep.Fault.Code)
		require.Contains(t, rep.Fault.Message, "this request failed on a bug in agentbrowser (the bug)")
	}
}
