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

// The C fast path (fast.c) is told apart from the Go client by the Go
// runtime's own trace: with GODEBUG=inittrace=1 the runtime prints a line
// per package it initialises, so a command answered before the runtime
// started prints none.
const initTrace = "GODEBUG=inittrace=1"

// goInit removes the runtime's init trace from stderr and reports whether
// there was one, i.e. whether the Go runtime started.
func goInit(stderr string) (string, bool) {
	var rest []string
	ran := false
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if strings.HasPrefix(l, "init ") {
			ran = true
			continue
		}
		rest = append(rest, l)
	}
	return strings.Join(rest, ""), ran
}

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

// TestFastPathAndGoClientAgree answers the thin client's command line from
// a fake daemon in every way a daemon can, and checks that the client with
// the C fast path and the one without it send the same request, print the
// same and exit alike, and that the fast path answered where it should
// without the Go runtime.
func TestFastPathAndGoClientAgree(t *testing.T) {
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
		fast           bool // the C fast path answers alone
		sent           int  // requests the daemon receives
		// ownWords: the Go decoder words its error its own way, so only
		// the outcomes' shape is compared. replaced: Go's encoder replaced
		// a byte of the argument, so the argv sent is not the one given.
		ownWords, replaced bool
	}{
		{name: "answered", args: []string{"eval", tricky}, answer: answered, exit: 3, stdout: want, stderr: "careful\n", fast: true, sent: 1},
		{name: "closed", args: []string{"click", "e1"}, exit: 1, stderr: "went away before answering (EOF)", sent: 1},
		{name: "half an answer", args: []string{"click", "e1"}, answer: `{"exit":0,"argv":tr`, exit: 1, stderr: "went away before answering (unexpected EOF)", sent: 1},
		{name: "closed, json", args: []string{"click", "e1", "--json"}, exit: 1, stdout: `"code":"browser_crashed"`, sent: 1},
		{name: "fallback", args: []string{"eval", "1"}, answer: `{"argv":true,"fallback":true}` + "\n", stdout: "full binary ran: --session fake eval 1\n", sent: 1},
		{name: "old daemon", args: []string{"eval", "1"}, answer: `{"exit":0,"body":{"ok":true}}` + "\n", stdout: "full binary ran: --session fake eval 1\n", sent: 1},
		{name: "not JSON", args: []string{"eval", "1"}, answer: "nonsense\n", exit: 1, stderr: "went away before answering", sent: 1, ownWords: true},
		// A byte that is not UTF-8 is the Go client's to replace: the fast
		// path leaves the whole line to it.
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
				o := runEnv(t, home, []string{initTrace, "AGENTBROWSER_FULL=" + full}, c, append([]string{"--session", "fake"}, tc.args...)...)
				var ranGo bool
				o.stderr, ranGo = goInit(o.stderr)
				name := filepath.Base(c)
				assert.Equal(t, tc.exit, o.exit, "%s: %+v", name, o)
				assert.Contains(t, o.stdout, tc.stdout, name)
				assert.Contains(t, o.stderr, tc.stderr, name)
				if tc.stdout == want {
					assert.Equal(t, want, o.stdout, name)
				}
				assert.Equal(t, c == thinGo || !tc.fast, ranGo, "%s: the Go runtime started", name)
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
			if !tc.ownWords {
				// The Go decoder's words for a line that is not JSON are
				// its own; everything else is printed alike.
				assert.Equal(t, outs[0], outs[1], "the two clients' outcomes")
			}
		})
	}
}

// TestFastPathAnswersBeforeTheGoRuntime runs commands through a real
// daemon: the fast path answers a warm command before the Go runtime
// starts; AGENTBROWSER_NO_FAST turns it off, and a runtime directory that
// needs repair is left to the Go client, which repairs it and answers.
func TestFastPathAnswersBeforeTheGoRuntime(t *testing.T) {
	home := filepath.Join(t.TempDir(), "rt")
	require.NoError(t, os.Mkdir(home, 0o700))
	t.Cleanup(func() { run(t, home, full, "--session", "early", "close") })
	o := run(t, home, full, "--session", "early", "--allow-scheme", "data", "open", "data:text/html,<title>early</title>")
	require.Zero(t, o.exit, o.stderr)

	eval := func(env ...string) bool {
		t.Helper()
		o := runEnv(t, home, append(env, initTrace), thin, "--session", "early", "eval", "document.title", "--json")
		stderr, ranGo := goInit(o.stderr)
		require.Zero(t, o.exit, stderr)
		require.Contains(t, o.stdout, `"value":"early"`)
		return ranGo
	}
	assert.False(t, eval(), "the fast path answered")
	assert.True(t, eval("AGENTBROWSER_NO_FAST=1"), "the Go client answered with the fast path off")

	require.NoError(t, os.Chmod(home, 0o750))
	assert.True(t, eval(), "the Go client repaired the runtime directory and answered")
	fi, err := os.Stat(home)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	assert.False(t, eval(), "the fast path answered once the directory was repaired")
}

// TestFastPathRefusesAnotherUsersSocket: the runtime directory is ours, but
// its socket leads to another user's process. Neither client sends it
// anything (the fast path checks the peer, then leaves the line to the Go
// client, which checks again and hands it to the full binary, which
// refuses), and the refusal is the full binary's.
func TestFastPathRefusesAnotherUsersSocket(t *testing.T) {
	home := t.TempDir()
	require.NoError(t, os.Chmod(home, 0o700))
	tr := testutil.StartTrapAt(t, filepath.Join(home, "default.sock"))

	for _, c := range clients() {
		o := runEnv(t, home, nil, c, "--json", "eval", "1")
		assert.Equal(t, 1, o.exit, "%s: %+v", filepath.Base(c), o)
		assert.Contains(t, o.stdout, `"unsafe_runtime_dir"`, filepath.Base(c))
	}
	// Connections: the fast path's, the Go client's and the full binary's,
	// then the Go client's and the full binary's.
	assert.Equal(t, "conns=5 bytes=0", tr.Report(t), "the clients connected, checked their peer and sent nothing")
}

// TestFastPathFindsTheRuntimeDirAsGoDoes: without AGENTBROWSER_HOME the
// runtime directory comes from XDG_RUNTIME_DIR or TMPDIR, and the fast path
// must reach the daemon main.go would reach. Where Go's path cleaning would
// change the path, the fast path leaves the line to main.go.
func TestFastPathFindsTheRuntimeDirAsGoDoes(t *testing.T) {
	base := t.TempDir()
	uid := strconv.Itoa(os.Getuid())
	for _, tc := range []struct {
		name string
		env  []string
		dir  string // where the daemon listens, under base
		fast bool
	}{
		{"XDG_RUNTIME_DIR", []string{"XDG_RUNTIME_DIR=" + base + "/xdg"}, "xdg/agentbrowser", true},
		{"XDG_RUNTIME_DIR with a trailing slash", []string{"XDG_RUNTIME_DIR=" + base + "/xdg2/"}, "xdg2/agentbrowser", false},
		{"TMPDIR", []string{"TMPDIR=" + base + "/tmp"}, "tmp/agentbrowser-" + uid, true},
		{"AGENTBROWSER_HOME with a dot", []string{"AGENTBROWSER_HOME=" + base + "/./home"}, "home", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(base, tc.dir)
			require.NoError(t, os.MkdirAll(dir, 0o700))
			fakeDaemon(t, dir, "fake", func([]byte) []byte { return []byte(`{"exit":0,"argv":true,"stdout":"answered\n"}` + "\n") })
			for _, c := range clients() {
				// An empty variable counts as unset, for Go and for fast.c;
				// the later of two settings of one variable is the one kept.
				env := append([]string{"XDG_RUNTIME_DIR=", "TMPDIR="}, append(tc.env, initTrace)...)
				o := runEnv(t, "", env, c, "--session", "fake", "eval", "1")
				require.Zero(t, o.exit, o.stderr)
				_, ranGo := goInit(o.stderr)
				require.Equal(t, "answered\n", o.stdout, filepath.Base(c))
				require.Equal(t, c == thinGo || !tc.fast, ranGo, "%s: the Go runtime started", filepath.Base(c))
			}
		})
	}
}
