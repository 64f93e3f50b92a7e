package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The hostile suite's file cases (issue 49): FIFOs, endless inputs,
// profiles other users reach, links in the way of a saved state, and
// states the browser would not keep.

// fifoBudget is the budget the FIFO cases run with: each must be answered
// well inside it (before the fix, the open blocked for 30 s and more).
const fifoBudget = 5 * time.Second

// mkfifo makes a FIFO nobody writes to.
func mkfifo(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, syscall.Mkfifo(p, 0o600))
	return p
}

// runStdin runs c's binary with --json and stdin read from the file at
// stdinPath, and decodes its output.
func (c *cli) runStdin(t *testing.T, stdinPath string, args ...string) outcome {
	t.Helper()
	in, err := os.Open(stdinPath)
	require.NoError(t, err)
	defer in.Close()
	cmd := c.command(append([]string{"--json"}, args...)...)
	cmd.Stdin = in
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err = cmd.Run()
	o := outcome{Stdout: out.String(), Stderr: errb.String(), Dur: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		o.Exit = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &o.Body), "stdout: %s\nstderr: %s", o.Stdout, o.Stderr)
	return o
}

// TestHostileFIFOsAnswerAtOnce: a FIFO nobody writes to, given where a
// file is read (state load, --storage-state, route --body-file, batch
// --file, upload, MCP browser_storage_state load), is answered with
// invalid_argument naming it, well inside the budget, instead of holding
// the command in open(2) past every budget. The times are logged.
func TestHostileFIFOsAnswerAtOnce(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	dir := t.TempDir()
	fifo := mkfifo(t, dir, "state.json")
	budget := fmt.Sprint(fifoBudget.Milliseconds())
	c.ok("open", url("/upload"))
	cases := []struct {
		name string
		args []string
		exit int
	}{
		{"state load", []string{"state", "load", fifo}, 1},
		// A setting the CLI checks before a daemon starts: exit 2.
		{"--storage-state", []string{"--session", "fresh", "--storage-state", fifo, "open", url("/")}, 2},
		{"route --body-file", []string{"route", "**/x", "--status", "200", "--body-file", fifo}, 1},
		{"batch --file", []string{"batch", "--file", fifo}, 1},
		{"upload", []string{"upload", "label=pick", fifo}, 1},
	}
	for _, tc := range cases {
		o := c.json(append([]string{"--timeout-ms", budget}, tc.args...)...)
		requireCode(t, o, "invalid_argument", tc.exit, fifoBudget)
		msg := o.Body["error"].(map[string]any)["message"].(string)
		require.Contains(t, msg, fifo, tc.name)
		require.Contains(t, msg, "named pipe (FIFO)", tc.name)
		t.Logf("%s with a FIFO: answered in %v", tc.name, o.Dur.Round(time.Millisecond))
	}
	require.NotContains(t, sessionNames(c), "fresh", "--storage-state was refused before a daemon started")

	// The MCP server, over stdio, in the FIFO's directory.
	cmd := c.command("mcp")
	cmd.Dir = dir
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "hostile", Version: "0"}, nil).
		Connect(t.Context(), &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()
	start := time.Now()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "browser_storage_state",
		Arguments: map[string]any{"action": "load", "path": fifo, "timeout_ms": fifoBudget.Milliseconds()}})
	took := time.Since(start)
	require.NoError(t, err)
	require.True(t, res.IsError)
	require.Contains(t, textOf(res), "named pipe (FIFO)")
	require.Less(t, took, fifoBudget)
	t.Logf("MCP browser_storage_state load of a FIFO: answered in %v", took.Round(time.Millisecond))
}

// TestHostileEndlessInputs: /dev/zero as a batch's stdin, a batch file, a
// route body, a state file or eval's stdin is answered promptly with a
// size error or a not-a-file error; nothing is read without bound.
func TestHostileEndlessInputs(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	o := c.runStdin(t, "/dev/zero", "batch")
	requireCode(t, o, "invalid_argument", 1, hostileCeiling)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "standard input holds more than 16 MiB")

	o = c.runStdin(t, "/dev/zero", "eval", "--stdin")
	require.Equal(t, 2, o.Exit, "%s", o.Stdout)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "16 MiB")

	for _, args := range [][]string{
		{"batch", "--file", "/dev/zero"},
		{"route", "**/x", "--status", "200", "--body-file", "/dev/zero"},
		{"state", "load", "/dev/zero"},
	} {
		o := c.json(args...)
		requireCode(t, o, "invalid_argument", 1, hostileCeiling)
		require.Contains(t, o.Body["error"].(map[string]any)["message"], "/dev/zero is a character device", args)
	}

	// A regular file above the cap is refused by its size, before it is read.
	big := filepath.Join(t.TempDir(), "body.bin")
	require.NoError(t, os.WriteFile(big, make([]byte, 10<<20+1), 0o600))
	o = c.json("route", "**/x", "--status", "200", "--body-file", big)
	requireCode(t, o, "invalid_argument", 1, hostileCeiling)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "larger than 10 MiB")
}

// TestHostileProfileOfAnotherUser: a world-writable --profile in which the
// user nobody planted Default/Cookies (0666) for the browser to fill is
// refused with profile_unsafe, naming the path and the fix, before any
// daemon or browser starts; so is the plant alone in a private directory.
// Needs root, to create the plant as nobody.
func TestHostileProfileOfAnotherUser(t *testing.T) {
	testutil.RequireChrome(t)
	testutil.RequireRoot(t)
	c := newCLI(t)
	profile := filepath.Join(t.TempDir(), "profile")
	require.NoError(t, os.MkdirAll(filepath.Join(profile, "Default"), 0o700))
	require.NoError(t, os.Chmod(profile, 0o777))
	require.NoError(t, os.Chmod(filepath.Join(profile, "Default"), 0o777))
	plant := filepath.Join(profile, "Default", "Cookies")
	require.NoError(t, os.WriteFile(plant, nil, 0o666))
	require.NoError(t, os.Chmod(plant, 0o666))
	require.NoError(t, os.Chown(plant, 65534, 65534))

	// Checked by the CLI, as a setting, before a daemon starts: exit 2.
	o := c.json("--profile", profile, "open", "about:blank")
	requireCode(t, o, "profile_unsafe", 2, hostileCeiling)
	msg := o.Body["error"].(map[string]any)["message"].(string)
	require.Contains(t, msg, profile)
	require.Contains(t, msg, "chmod 700")
	_, _, all := c.sessionProcs()
	require.Empty(t, all, "no daemon or browser started")

	// Made private, the plant is still found.
	require.NoError(t, os.Chmod(profile, 0o700))
	require.NoError(t, os.Chmod(filepath.Join(profile, "Default"), 0o700))
	o = c.json("--profile", profile, "open", "about:blank")
	requireCode(t, o, "profile_unsafe", 2, hostileCeiling)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], plant+" belongs to another user (uid 65534)")

	// Without it, the profile is used; the browser's files in it are the
	// user's, 0600 or private directories.
	require.NoError(t, os.Remove(plant))
	c.ok("--profile", profile, "open", "about:blank")
	c.ok("close")
	st, err := os.Stat(profile)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
}

// TestHostileStateSaveThroughAnotherUsersLink: a state saved through a
// directory link that another user planted is refused, and nothing is
// written where it points; through the user's own link it lands in the
// real directory, which the answer names. Needs root, to make nobody's
// link.
func TestHostileStateSaveThroughAnotherUsersLink(t *testing.T) {
	testutil.RequireChrome(t)
	testutil.RequireRoot(t)
	c := newSharedCLI(t)
	dir := t.TempDir()
	private := filepath.Join(dir, "private")
	require.NoError(t, os.Mkdir(private, 0o700))
	theirs := filepath.Join(dir, "theirs")
	require.NoError(t, os.Symlink(private, theirs))
	require.NoError(t, os.Lchown(theirs, 65534, 65534))
	o := c.json("state", "save", filepath.Join(theirs, "state.json"))
	requireCode(t, o, "invalid_argument", 1, hostileCeiling)
	require.Contains(t, o.Body["error"].(map[string]any)["message"], "belongs to another user")
	_, err := os.Stat(filepath.Join(private, "state.json"))
	require.True(t, os.IsNotExist(err), "nothing written through the link")

	mine := filepath.Join(dir, "mine")
	require.NoError(t, os.Symlink(private, mine))
	r := c.ok("state", "save", filepath.Join(mine, "state.json"))
	require.Equal(t, filepath.Join(private, "state.json"), r["path"])
}

// TestHostileHundredThousandCookies: a state of 100,000 valid cookies
// (Chromium keeps about 3,300) is refused whole with too_many_cookies,
// promptly and before anything is applied, by state load and by
// --storage-state before a daemon starts; the session's cookies are as
// they were.
func TestHostileHundredThousandCookies(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	var b strings.Builder
	b.WriteString(`{"cookies":[`)
	for i := range 100_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"c%d","value":"v","domain":"site%d.test","path":"/"}`, i, i%1000)
	}
	b.WriteString(`],"origins":[]}`)
	path := filepath.Join(t.TempDir(), "state.json")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))

	c.ok("cookies", "set", "mine", "1", "--domain", "example.test")
	o := c.json("state", "load", path)
	requireCode(t, o, "too_many_cookies", 1, hostileCeiling)
	msg := o.Body["error"].(map[string]any)["message"].(string)
	require.Contains(t, msg, "the state has 100000 cookies")
	require.Contains(t, msg, "nothing was loaded")
	t.Logf("state load of 100,000 cookies: refused in %v", o.Dur.Round(time.Millisecond))
	got := c.ok("cookies")["cookies"].([]any)
	require.Len(t, got, 1, "the session's cookies are as they were")

	o = c.json("--session", "other", "--storage-state", path, "open", "about:blank")
	requireCode(t, o, "too_many_cookies", 2, hostileCeiling)
	require.NotContains(t, sessionNames(c), "other", "refused before a daemon started")
}

// sessionNames lists the sessions of c that have a daemon.
func sessionNames(c *cli) []string {
	var names []string
	for _, s := range c.ok("sessions")["sessions"].([]any) {
		names = append(names, s.(map[string]any)["session"].(string))
	}
	return names
}
