package main_test

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// thin and full are the two binaries, built side by side as make build
// does, so the thin client finds the full one next to it. thinGo is the
// thin client as make build builds it (without cgo); thin is the same code
// built with the race detector, which needs cgo.
var thin, thinGo, full string

// clients are the two builds of the thin client: the tests of its
// behaviour hold for each.
func clients() []string { return []string{thin, thinGo} }

func TestMain(m *testing.M) {
	testutil.ServeTrap()
	testutil.QuickRaceExit()
	dir, err := os.MkdirTemp("", "agentbrowser-thin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	thin = filepath.Join(dir, "agentbrowser")
	thinGo = filepath.Join(dir, "agentbrowser-go")
	full = filepath.Join(dir, "agentbrowser-full")
	for _, b := range []struct {
		out, cgo string
		args     []string
	}{
		{thin, "1", []string{"-race", "."}},
		{thinGo, "0", []string{"."}}, // -race needs cgo
		{full, "1", []string{"-race", "../agentbrowser"}},
	} {
		build := exec.Command("go", append([]string{"build", "-o", b.out}, b.args...)...)
		build.Env = append(os.Environ(), "CGO_ENABLED="+b.cgo)
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building", b.out, err)
			os.Exit(1)
		}
	}
	code := m.Run()
	if err := goleak.Find(); code == 0 && err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	if left := testutil.NoneRunningFrom(15*time.Second, thin, thinGo, full); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "processes of the test's binaries outlived the tests (killed): %v\n", left)
		code = 1
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

type outcome struct {
	stdout, stderr string
	exit           int
}

func run(t *testing.T, home, bin string, args ...string) outcome {
	t.Helper()
	return runEnv(t, home, []string{"CHROME_BIN=" + testutil.RequireChrome(t)}, bin, args...)
}

// runEnv runs bin with runtime directory home and env added.
func runEnv(t *testing.T, home string, env []string, bin string, args ...string) outcome {
	t.Helper()
	// A client that waits for an answer that never comes fails the test
	// instead of hanging it.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(append(os.Environ(), "AGENTBROWSER_HOME="+home), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	o := outcome{stdout: out.String(), stderr: errOut.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		o.exit = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return o
}

// volatile matches the daemon's live figures in status and sessions.
var volatile = regexp.MustCompile(`"(heap_bytes|goroutines)":\d+`)

// TestThinClientPrintsWhatTheFullBinaryPrints runs the same command lines
// through both binaries against one warm daemon: the output and the exit
// code must be the same, whether the daemon runs the line for the thin
// client or the thin client hands it to the full binary.
func TestThinClientPrintsWhatTheFullBinaryPrints(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(func() { run(t, home, full, "--session", "thin", "close") })
	page := `data:text/html,<title>thin</title><button onclick="window.n=(window.n||0)+1">Go</button><input aria-label=Name>`
	// A data: page needs the scheme allowed (the URL policy); the setting
	// travels with the command that starts the daemon.
	o := run(t, home, thin, "--session", "thin", "--allow-scheme", "data", "open", page)
	require.Zero(t, o.exit, o.stderr)

	for _, args := range [][]string{
		{"version"},
		{"--json", "version"},
		{"eval", "1+1"},
		{"eval", "1+1", "--json"},
		{"eval", "'é😀\"\\\t|' + '\u2028'.length", "--json"},
		{"eval", "1+", "--json"},
		{"eval", "1+"},
		{"snapshot"},
		{"click", "e1", "--json"},
		{"click", "--xy", "nope", "--json"},
		{"type", "e2", "abc", "--json"},
		{"eval", "window.n + ':' + document.querySelector('input').value"},
		{"bogus"},
		{"tabs", "--json", "--timeout-ms", "-1"},
		{"sessions", "--json"},
		{"help", "eval"},
	} {
		line := append([]string{"--session", "thin"}, args...)
		if args[0] == "help" {
			line = args
		}
		f := run(t, home, full, line...)
		for _, c := range clients() {
			th := run(t, home, c, line...)
			name := filepath.Base(c)
			require.Equal(t, f.exit, th.exit, "%s: exit code of %v", name, args)
			require.Equal(t, f.stderr, th.stderr, "%s: stderr of %v", name, args)
			switch args[0] {
			case "tabs", "click", "type":
				// The page changed between the runs (another click, more
				// text); the shape is what must match.
				require.Equal(t, strings.Contains(f.stdout, `"ok":true`), strings.Contains(th.stdout, `"ok":true`), "%s: %v: %s vs %s", name, args, f.stdout, th.stdout)
			case "sessions":
				// The daemon's live figures move between two calls.
				require.Equal(t, volatile.ReplaceAllString(f.stdout, "#"), volatile.ReplaceAllString(th.stdout, "#"), "%s: stdout of %v", name, args)
			default:
				require.Equal(t, f.stdout, th.stdout, "%s: stdout of %v", name, args)
			}
		}
	}
	o = run(t, home, thin, "--session", "thin", "eval", "window.n + ':' + document.querySelector('input').value", "--json")
	require.Contains(t, o.stdout, `"value":"3:abcabcabc"`)

	// --stdin is read by the caller's process: the thin client hands the
	// line to the full binary.
	cmd := exec.Command(thin, "--session", "thin", "eval", "--stdin", "--json")
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home)
	cmd.Stdin = strings.NewReader("document.title")
	out, err := cmd.Output()
	require.NoError(t, err)
	require.Contains(t, string(out), `"value":"thin"`)

	// Files a command writes are the caller's paths: relative ones are
	// taken from the caller's working directory, not the daemon's.
	for _, c := range clients() {
		dir := t.TempDir()
		for _, args := range [][]string{{"pdf", "page.pdf"}, {"state", "save", "state.json"}} {
			cmd := exec.Command(c, append([]string{"--session", "thin", "--json"}, args...)...)
			cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home)
			cmd.Dir = dir
			out, err := cmd.Output()
			require.NoError(t, err, "%s %v: %s", filepath.Base(c), args, out)
			require.FileExists(t, filepath.Join(dir, args[len(args)-1]), "%s %v: %s", filepath.Base(c), args, out)
		}
		// So are the files the diagnostics write and read.
		require.NoError(t, os.WriteFile(filepath.Join(dir, "init.js"), []byte("window.x = 1"), 0o600))
		for _, args := range [][]string{{"har", "start"}, {"har", "stop", "s.har"}, {"trace", "start"}, {"trace", "stop", "t.json"},
			{"record", "start"}, {"record", "stop", "rec"}, {"init-script", "add", "init.js"}, {"network", "get", "none", "--save", "body"}} {
			cmd := exec.Command(c, append([]string{"--session", "thin", "--json"}, args...)...)
			cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home)
			cmd.Dir = dir
			out, err := cmd.Output()
			if args[0] == "network" {
				// No such request: what counts is that the line went to
				// the full binary, which made the path absolute.
				require.Contains(t, string(out), "not_found", "%s %v", filepath.Base(c), args)
				continue
			}
			require.NoError(t, err, "%s %v: %s", filepath.Base(c), args, out)
			if len(args) == 3 {
				_, err := os.Stat(filepath.Join(dir, args[2]))
				require.NoError(t, err, "%s %v: %s", filepath.Base(c), args, out)
			}
		}
	}
}

// TestThinClientWithoutDaemonRunsTheFullBinary checks the hand-over when no
// daemon answers: a local command and a usage error, without a browser.
func TestThinClientWithoutDaemonRunsTheFullBinary(t *testing.T) {
	home := t.TempDir()
	for _, args := range [][]string{{"sessions", "--json"}, {"--session", "bad/name", "tabs"}, {"eval"},
		{"version"}, {"--json", "version"}, {"--session", "x", "version", "--json"}, {"--session=bad/name", "version"},
		{"version", "extra"}, {"version", "--timeout-ms", "5"}} {
		f := run(t, home, full, args...)
		for _, c := range clients() {
			require.Equal(t, f, run(t, home, c, args...), "%s: %v", filepath.Base(c), args)
		}
	}
}

// The thin client trusts its runtime directory no more than the full one:
// a directory others may write to is refused with unsafe_runtime_dir, and
// nothing reaches a socket in it.
func TestThinClientRefusesUnsafeRuntimeDir(t *testing.T) {
	home := filepath.Join(t.TempDir(), "rt")
	require.NoError(t, os.Mkdir(home, 0o700))
	require.NoError(t, os.Chmod(home, 0o777))
	for _, c := range clients() {
		o := run(t, home, c, "--json", "tabs")
		require.Equal(t, 1, o.exit, o.stdout+o.stderr)
		require.Contains(t, o.stdout, `"unsafe_runtime_dir"`)
	}
}

// TestThinClientLinksLittle pins what the thin client is for: every
// package it links is initialised and paged in before main on every
// command, so it links no package of the daemon's (fx, zerolog, the CDP
// client), not the net package either (it dials with system calls, see
// rundir.Dial), not encoding/json, fmt or reflect (wire.go speaks its JSON),
// and no C: built as make build builds it, without cgo, it is one static
// Go binary.
func TestThinClientLinksLittle(t *testing.T) {
	list := exec.Command("go", "list", "-deps", ".")
	list.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := list.Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "os", "go list output not understood")
	for _, d := range deps {
		std := !strings.Contains(strings.SplitN(d, "/", 2)[0], ".")
		switch {
		case d == "net" || strings.HasPrefix(d, "net/") || d == "encoding/json" || d == "fmt" || d == "reflect":
			t.Errorf("the thin client links %s", d)
		case d == "runtime/cgo":
			t.Errorf("the thin client links cgo")
		case !std && d != "github.com/agentbrowser/agentbrowser/cmd/agentbrowser-thin" && d != "github.com/agentbrowser/agentbrowser/internal/rundir" &&
			d != "github.com/agentbrowser/agentbrowser/internal/termtext":
			t.Errorf("the thin client links %s, which is not the standard library", d)
		}
	}
	// Its sources are Go only.
	files, err := filepath.Glob("*")
	require.NoError(t, err)
	for _, f := range files {
		switch filepath.Ext(f) {
		case ".c", ".h", ".s", ".S", ".cc":
			t.Errorf("the thin client has a %s source: %s", filepath.Ext(f), f)
		}
	}

	f, err := elf.Open(thinGo)
	require.NoError(t, err)
	defer f.Close()
	for _, p := range f.Progs {
		require.NotEqual(t, elf.PT_INTERP, p.Type, "the thin client is linked dynamically")
	}
}
