package main_test

import (
	"bytes"
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
// does, so the thin client finds the full one next to it.
var thin, full string

func TestMain(m *testing.M) {
	testutil.QuickRaceExit()
	dir, err := os.MkdirTemp("", "agentbrowser-thin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	thin = filepath.Join(dir, "agentbrowser")
	full = filepath.Join(dir, "agentbrowser-full")
	for _, b := range [][2]string{{thin, "."}, {full, "../agentbrowser"}} {
		build := exec.Command("go", "build", "-race", "-o", b[0], b[1])
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building", b[0], err)
			os.Exit(1)
		}
	}
	code := m.Run()
	if err := goleak.Find(); code == 0 && err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	if left := testutil.NoneRunningFrom(15*time.Second, thin, full); len(left) > 0 {
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
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home, "CHROME_BIN="+testutil.RequireChrome(t))
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
		th := run(t, home, thin, line...)
		require.Equal(t, f.exit, th.exit, "exit code of %v", args)
		require.Equal(t, f.stderr, th.stderr, "stderr of %v", args)
		if args[0] == "tabs" || args[0] == "click" || args[0] == "type" {
			// The page changed between the two runs (a second click, more
			// text); the shape is what must match.
			require.Equal(t, strings.Contains(f.stdout, `"ok":true`), strings.Contains(th.stdout, `"ok":true`), "%v: %s vs %s", args, f.stdout, th.stdout)
			continue
		}
		if args[0] == "sessions" {
			// The daemon's live figures move between two calls.
			require.Equal(t, volatile.ReplaceAllString(f.stdout, "#"), volatile.ReplaceAllString(th.stdout, "#"), "stdout of %v", args)
			continue
		}
		require.Equal(t, f.stdout, th.stdout, "stdout of %v", args)
	}
	o = run(t, home, thin, "--session", "thin", "eval", "window.n + ':' + document.querySelector('input').value", "--json")
	require.Contains(t, o.stdout, `"value":"2:abcabc"`)

	// --stdin is read by the caller's process: the thin client hands the
	// line to the full binary.
	cmd := exec.Command(thin, "--session", "thin", "eval", "--stdin", "--json")
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home)
	cmd.Stdin = strings.NewReader("document.title")
	out, err := cmd.Output()
	require.NoError(t, err)
	require.Contains(t, string(out), `"value":"thin"`)
}

// TestThinClientWithoutDaemonRunsTheFullBinary checks the hand-over when no
// daemon answers: a local command and a usage error, without a browser.
func TestThinClientWithoutDaemonRunsTheFullBinary(t *testing.T) {
	home := t.TempDir()
	for _, args := range [][]string{{"sessions", "--json"}, {"--session", "bad/name", "tabs"}, {"eval"},
		{"version"}, {"--json", "version"}, {"--session", "x", "version", "--json"}, {"--session=bad/name", "version"},
		{"version", "extra"}, {"version", "--timeout-ms", "5"}} {
		f := run(t, home, full, args...)
		th := run(t, home, thin, args...)
		require.Equal(t, f, th, "%v", args)
	}
}

// The thin client trusts its runtime directory no more than the full one:
// a directory others may write to is refused with unsafe_runtime_dir, and
// nothing reaches a socket in it.
func TestThinClientRefusesUnsafeRuntimeDir(t *testing.T) {
	home := filepath.Join(t.TempDir(), "rt")
	require.NoError(t, os.Mkdir(home, 0o700))
	require.NoError(t, os.Chmod(home, 0o777))
	o := run(t, home, thin, "--json", "tabs")
	require.Equal(t, 1, o.exit, o.stdout+o.stderr)
	require.Contains(t, o.stdout, `"unsafe_runtime_dir"`)
}

// TestThinClientLinksLittle pins what the thin client is for: every
// package it links is initialised before main on every command, so it links
// no package of the daemon's (fx, zerolog, the CDP client), not the net
// package either (it dials with system calls, see rundir.Dial), and no cgo,
// so that it is a static binary however it is built.
func TestThinClientLinksLittle(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	require.NoError(t, err)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "encoding/json", "go list output not understood")
	for _, d := range deps {
		std := !strings.Contains(strings.SplitN(d, "/", 2)[0], ".")
		switch {
		case d == "net" || strings.HasPrefix(d, "net/"):
			t.Errorf("the thin client links %s", d)
		case d == "runtime/cgo":
			t.Errorf("the thin client links cgo: it would load libc at every start")
		case !std && d != "github.com/agentbrowser/agentbrowser/cmd/agentbrowser-thin" && d != "github.com/agentbrowser/agentbrowser/internal/rundir":
			t.Errorf("the thin client links %s, which is not the standard library", d)
		}
	}
}
