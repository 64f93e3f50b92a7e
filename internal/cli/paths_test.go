package cli_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// sent runs a command line as the CLI does and returns the request it
// would send to the daemon.
func sent(t *testing.T, args ...string) request.Request {
	t.Helper()
	var got request.Request
	env := cli.Env{Call: func(_ cli.Globals, q request.Request) (cli.Reply, string, error) {
		got = q
		return cli.Reply{}, "", nil
	}}
	cli.Run(args, io.Discard, io.Discard, env)
	require.NotNil(t, got, "%v sent nothing", args)
	return got
}

// TestPathsReachTheDaemonAbsolute: every path a command line names goes
// to the daemon, which has a working directory of its own, absolute; a
// path left out stays out, for the command to place; a batch's steps are
// resolved as the commands alone would be.
func TestPathsReachTheDaemonAbsolute(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	dir, err := os.Getwd() // the temporary directory may lie behind a link
	require.NoError(t, err)
	in := func(name string) string { return filepath.Join(dir, name) }
	e1 := events.Target{Ref: "e1"}

	for _, tc := range []struct {
		args []string
		want request.Request
	}{
		{[]string{"upload", "e1", "a.txt", "/tmp/b.txt"}, request.Upload{Ref: e1, Files: []string{in("a.txt"), "/tmp/b.txt"}}},
		{[]string{"drop", "e1", "a.txt", "--files", "sub/b.txt"}, request.Drop{Ref: e1, Files: []string{in("a.txt"), in("sub/b.txt")}}},
		{[]string{"screenshot", "shot.png"}, request.Screenshot{Path: in("shot.png")}},
		{[]string{"screenshot"}, request.Screenshot{}},
		{[]string{"pdf", "out.pdf"}, request.PDF{Path: in("out.pdf")}},
		{[]string{"pdf"}, request.PDF{}},
		{[]string{"state", "save", "s.json"}, request.SaveState{Path: in("s.json")}},
		{[]string{"state", "load", "s.json"}, request.LoadState{Path: in("s.json")}},
		{[]string{"network", "get", "r-1", "--save", "body.bin"}, request.NetworkGet{ID: "r-1", Save: in("body.bin")}},
		{[]string{"network", "get", "r-1"}, request.NetworkGet{ID: "r-1"}},
		{[]string{"trace", "stop", "t.json"}, request.TraceStop{Path: in("t.json")}},
		{[]string{"trace", "stop"}, request.TraceStop{}},
		{[]string{"har", "stop", "h.har"}, request.HARStop{Path: in("h.har")}},
		{[]string{"record", "stop", "rec"}, request.RecordStop{Dir: in("rec")}},
	} {
		require.Equal(t, tc.want, sent(t, tc.args...), "%v", tc.args)
	}

	batch := filepath.Join(dir, "steps.json")
	require.NoError(t, os.WriteFile(batch, []byte(`[["upload","e1","a.txt"],["pdf","x.pdf"]]`), 0o600))
	b, ok := sent(t, "batch", "--file", "steps.json").(request.Batch)
	require.True(t, ok)
	require.Len(t, b.Steps, 2)
	var up request.Upload
	require.NoError(t, json.Unmarshal(b.Steps[0].Request, &up))
	require.Equal(t, []string{in("a.txt")}, up.Files)
	var pdf request.PDF
	require.NoError(t, json.Unmarshal(b.Steps[1].Request, &pdf))
	require.Equal(t, in("x.pdf"), pdf.Path)
}
