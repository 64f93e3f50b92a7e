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

	"github.com/agentbrowser/agentbrowser/internal/rundir"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
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

// TestThinClientReadsEveryReply answers the thin client's command line from
// a fake daemon in every way a daemon can, and checks what it prints, how
// it exits and what it sent; both builds of it (with and without cgo) send
// the same request and print the same.
func TestThinClientReadsEveryReply(t *testing.T) {
	// What the daemon prints: escapes of every kind, a pair of surrogates,
	// a lone one, and enough text to take several reads. (No terminal
	// control: the daemon escapes those before it answers, and the Go
	// client escapes any it still finds, see termtext.)
	printed := `"` + strings.Repeat("a", 100_000) + `\n\"q\" \\ \/ \u00e9 \ud83d\ude00 \ud800x \u2028 \t é😀"`
	var want string
	require.NoError(t, json.Unmarshal([]byte(printed), &want))
	answered := `{"exit":3,"argv":true,"body":{"x":[1,{"y":"]}"}],"z":null},"stdout":` + printed +
		`,"stderr":"careful\n","extra":[true,false,-1.5e3,"}"]}` + "\n"
	tricky := "a\"b\\c\n\x01\té😀\u2028</script>&"

	for _, tc := range []struct {
		name   string
		args   []string
		answer string // "" closes without an answer
		// exit, stdout and stderr expected (stderr as a part of it)
		exit           int
		stdout, stderr string
		sent           int // requests the daemon receives
		// replaced: Go's encoder replaced a byte of the argument, so the
		// argv sent is not the one given.
		replaced bool
	}{
		{name: "answered", args: []string{"eval", tricky}, answer: answered, exit: 3, stdout: want, stderr: "careful\n", sent: 1},
		{name: "closed", args: []string{"click", "e1"}, exit: 1, stderr: "went away before answering (EOF)", sent: 1},
		{name: "half an answer", args: []string{"click", "e1"}, answer: `{"exit":0,"argv":tr`, exit: 1, stderr: "went away before answering (unexpected EOF)", sent: 1},
		{name: "closed, json", args: []string{"click", "e1", "--json"}, exit: 1, stdout: `"code":"browser_crashed"`, sent: 1},
		{name: "fallback", args: []string{"eval", "1"}, answer: `{"argv":true,"fallback":true}` + "\n", stdout: "full binary ran: --session fake eval 1\n", sent: 1},
		{name: "old daemon", args: []string{"eval", "1"}, answer: `{"exit":0,"body":{"ok":true}}` + "\n", stdout: "full binary ran: --session fake eval 1\n", sent: 1},
		{name: "not JSON", args: []string{"eval", "1"}, answer: "nonsense\n", exit: 1, stderr: "went away before answering", sent: 1},
		// A byte that is not UTF-8 is replaced by the JSON encoder.
		{name: "not UTF-8", args: []string{"eval", "'\xff'"}, answer: `{"exit":0,"argv":true,"stdout":"ok\n"}` + "\n", stdout: "ok\n", sent: 1, replaced: true},
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
				assert.Contains(t, o.stdout, tc.stdout, name)
				assert.Contains(t, o.stderr, tc.stderr, name)
				if tc.stdout == want {
					assert.Equal(t, want, o.stdout, name)
				}
				r := sent()
				require.Len(t, r, tc.sent, "%s: requests the daemon received", name)
				outs = append(outs, o)
				reqs = append(reqs, r[0])
			}
			// Both send one request, and the same one.
			var got [2]struct {
				Argv []string `json:"argv"`
				Exe  string   `json:"exe"`
			}
			for i, r := range reqs {
				require.NoError(t, json.Unmarshal(r, &got[i]), "%s", r)
			}
			assert.Equal(t, got[0], got[1], "the two clients' requests")
			assert.Equal(t, rundir.ExeIdentity(full), got[0].Exe)
			if !tc.replaced {
				assert.Equal(t, append([]string{"--session", "fake"}, tc.args...), got[0].Argv)
			}
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
			fakeDaemon(t, dir, "fake", func([]byte) []byte { return []byte(`{"exit":0,"argv":true,"stdout":"answered\n"}` + "\n") })
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
