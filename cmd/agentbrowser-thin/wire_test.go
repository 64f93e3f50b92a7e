package main_test

import (
	"bufio"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/request"
)

// fakeDaemon listens where session's daemon would in home and answers each
// request line with what answer returns for it: a reply line, or nil to
// close the connection without one. It returns the requests received.
func fakeDaemon(t *testing.T, home, session string, answer func(req []byte) []byte) func() [][]byte {
	t.Helper()
	ln, err := net.Listen("unix", rundir.Socket(home, session))
	require.NoError(t, err)
	var mu sync.Mutex
	var reqs [][]byte
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.SetDeadline(time.Now().Add(time.Minute)) // a client that never writes
			line, _ := bufio.NewReader(c).ReadBytes('\n')
			mu.Lock()
			reqs = append(reqs, line)
			mu.Unlock()
			if a := answer(line); a != nil {
				c.Write(a)
			}
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	return func() [][]byte {
		mu.Lock()
		defer mu.Unlock()
		return append([][]byte(nil), reqs...)
	}
}

// standIn writes a full binary that says it ran and with what.
func standIn(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "agentbrowser-full")
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\necho \"full binary ran: $*\"\n"), 0o700))
	return p
}

// TestThinClientReadsEveryReply answers the thin client's request from a
// fake daemon in every way a daemon can, and checks what it prints, how
// it exits and what it sent: the command's typed request, the same from
// both builds of the client (with and without cgo), with the full
// binary's identity and build.
func TestThinClientReadsEveryReply(t *testing.T) {
	// A response with escapes of every kind, a pair of surrogates, a lone
	// one, and enough text to take several reads. (No terminal control:
	// the client escapes what it prints, see termtext.)
	text := `"` + strings.Repeat("a", 100_000) + `\n\"q\" \\ \/ \u00e9 \ud83d\ude00 \ud800x \u2028 \t é😀"`
	answered := `{"exit":0,"response":{"value":` + text + `,"type":"string","engine":"isolated"},"extra":[true,false,-1.5e3,"}"]}` + "\n"
	tricky := "a\"b\\c\n\x01\té😀\u2028</script>&"

	for _, tc := range []struct {
		name   string
		args   []string
		answer string // "" closes without an answer
		// exit, stdout and stderr expected (stderr as a part of it)
		exit           int
		stdout, stderr string
		// plain: stdout is the whole output
		plain bool
	}{
		{name: "answered", args: []string{"eval", tricky}, answer: answered, stdout: "engine: isolated\ntype: string\nvalue: aaaa"},
		{name: "answered, json", args: []string{"eval", tricky, "--json"}, answer: answered, stdout: `"ok":true`},
		{name: "failed", args: []string{"click", "e1"}, answer: `{"exit":1,"fault":{"code":"stale_ref","message":"ref e1 is stale","next":"take a new snapshot"}}` + "\n",
			exit: 1, stderr: "error [stale_ref]: ref e1 is stale; take a new snapshot\n"},
		{name: "failed, json", args: []string{"click", "e1", "--json"}, answer: `{"exit":1,"fault":{"code":"tab_not_found","message":"no tab","next":"list the tabs"}}` + "\n",
			exit: 1, stdout: `{"error":{"code":"tab_not_found","message":"no tab; see 'agentbrowser tabs'"},"ok":false}` + "\n", plain: true},
		{name: "trimmed", args: []string{"type", "e1", "x"}, answer: `{"exit":0,"response":{"url":"x…"},"trimmed":{"fields":["url"],"size":9,"cap":8,"message":"cut"}}` + "\n",
			stdout: "output_trimmed: cap=8 fields=\"[\\\"url\\\"]\" message=cut size=9\nurl: x…\n", plain: true},
		{name: "closed", args: []string{"click", "e1"}, exit: 1, stderr: "went away before answering (EOF)"},
		{name: "half an answer", args: []string{"click", "e1"}, answer: `{"exit":0,"respo`, exit: 1, stderr: "went away before answering (unexpected EOF)"},
		{name: "closed, json", args: []string{"click", "e1", "--json"}, exit: 1, stdout: `"code":"browser_crashed"`},
		{name: "replaced", args: []string{"eval", "1"}, answer: `{"exit":1,"fault":{"code":"version_mismatch","message":"another build"},"replace":true}` + "\n",
			stdout: "full binary ran: --session fake eval 1\n", plain: true},
		{name: "not JSON", args: []string{"eval", "1"}, answer: "nonsense\n", exit: 1, stderr: "went away before answering (its answer is not JSON)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			full := standIn(t)
			var outs []outcome
			var reqs [][]byte
			for _, c := range clients() {
				home := t.TempDir()
				require.NoError(t, os.Chmod(home, 0o700)) // t.TempDir's is 0755, which the Go client repairs
				sent := fakeDaemon(t, home, "fake", func([]byte) []byte {
					if tc.answer == "" {
						return nil
					}
					return []byte(tc.answer)
				})
				o := runEnv(t, home, []string{"AGENTBROWSER_FULL=" + full}, c, append([]string{"--session", "fake"}, tc.args...)...)
				name := filepath.Base(c)
				assert.Equal(t, tc.exit, o.exit, "%s: %+v", name, o)
				if tc.plain {
					assert.Equal(t, tc.stdout, o.stdout, name)
				} else {
					assert.Contains(t, o.stdout, tc.stdout, name)
				}
				assert.Contains(t, o.stderr, tc.stderr, name)
				r := sent()
				require.Len(t, r, 1, "%s: requests the daemon received", name)
				outs = append(outs, o)
				reqs = append(reqs, r[0])
			}
			// Both send one request, the same: the command's typed
			// request, with the full binary's identity and build.
			var got [2]cli.WireRequest
			for i, r := range reqs {
				require.NoError(t, json.Unmarshal(r, &got[i]), "%s", r)
			}
			assert.Equal(t, got[0], got[1], "the two clients' requests")
			assert.Equal(t, rundir.ExeIdentity(full), got[0].Exe)
			assert.Equal(t, tc.args[0], got[0].Command)
			q, err := request.Decode(got[0].Command, got[0].Request)
			require.NoError(t, err, "%s", reqs[0])
			if tc.name == "answered" {
				assert.Equal(t, request.Eval{Expression: tricky}, q)
			}
			assert.Equal(t, 30000, got[0].TimeoutMS)
			assert.Equal(t, outs[0], outs[1], "the two builds' outcomes")
		})
	}
}

// TestThinClientRepairsTheRuntimeDir runs a command through a real daemon
// whose runtime directory is open to the group: the client tightens it, as
// the full binary does, and its command is answered.
func TestThinClientRepairsTheRuntimeDir(t *testing.T) {
	home := filepath.Join(t.TempDir(), "rt")
	require.NoError(t, os.Mkdir(home, 0o700))
	t.Cleanup(func() { run(t, home, full, "--session", "early", "close") })
	o := run(t, home, full, "--session", "early", "--allow-scheme", "data", "open", "data:text/html,<title>early</title>")
	require.Zero(t, o.exit, o.stderr)
	require.NoError(t, os.Chmod(home, 0o750))
	o = run(t, home, thinGo, "--session", "early", "eval", "document.title", "--json")
	require.Zero(t, o.exit, o.stderr)
	require.Contains(t, o.stdout, `"value":"early"`)
	fi, err := os.Stat(home)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
}

// TestThinClientRefusesAnotherUsersSocket: the runtime directory is ours,
// but its socket leads to another user's process. The client sends it
// nothing (it checks the peer and hands the line to the full binary, which
// checks again and refuses), and the refusal is the full binary's.
func TestThinClientRefusesAnotherUsersSocket(t *testing.T) {
	home := t.TempDir()
	require.NoError(t, os.Chmod(home, 0o700))
	tr := testutil.StartTrapAt(t, filepath.Join(home, "default.sock"))

	for _, c := range clients() {
		o := runEnv(t, home, nil, c, "--json", "eval", "1")
		assert.Equal(t, 1, o.exit, "%s: %+v", filepath.Base(c), o)
		assert.Contains(t, o.stdout, `"unsafe_runtime_dir"`, filepath.Base(c))
	}
	// Connections: the client's and the full binary's, for each build.
	assert.Equal(t, "conns=4 bytes=0", tr.Report(t), "the clients connected, checked their peer and sent nothing")
}

// TestThinClientFindsTheRuntimeDir: without AGENTBROWSER_HOME the runtime
// directory comes from XDG_RUNTIME_DIR or TMPDIR, as the full binary finds
// it.
func TestThinClientFindsTheRuntimeDir(t *testing.T) {
	base := t.TempDir()
	uid := strconv.Itoa(os.Getuid())
	for _, tc := range []struct {
		name string
		env  []string
		dir  string // where the daemon listens, under base
	}{
		{"XDG_RUNTIME_DIR", []string{"XDG_RUNTIME_DIR=" + base + "/xdg"}, "xdg/agentbrowser"},
		{"XDG_RUNTIME_DIR with a trailing slash", []string{"XDG_RUNTIME_DIR=" + base + "/xdg2/"}, "xdg2/agentbrowser"},
		{"TMPDIR", []string{"TMPDIR=" + base + "/tmp"}, "tmp/agentbrowser-" + uid},
		{"AGENTBROWSER_HOME with a dot", []string{"AGENTBROWSER_HOME=" + base + "/./home"}, "home"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(base, tc.dir)
			require.NoError(t, os.MkdirAll(dir, 0o700))
			fakeDaemon(t, dir, "fake", func([]byte) []byte { return []byte(`{"exit":0,"response":{"value":"answered"}}` + "\n") })
			for _, c := range clients() {
				// An empty variable counts as unset; the later of two
				// settings of one variable is the one kept.
				env := append([]string{"XDG_RUNTIME_DIR=", "TMPDIR="}, tc.env...)
				o := runEnv(t, "", env, c, "--session", "fake", "eval", "1")
				require.Zero(t, o.exit, o.stderr)
				require.Equal(t, "answered\n", o.stdout, filepath.Base(c))
			}
		})
	}
}
