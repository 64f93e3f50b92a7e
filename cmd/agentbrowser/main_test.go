package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// bin is the agentbrowser binary built once for the package's tests, which
// run it as separate processes, as users and agents do.
var bin string

func TestMain(m *testing.M) {
	testutil.QuickRaceExit()
	dir, err := os.MkdirTemp("", "agentbrowser-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "agentbrowser")
	build := exec.Command("go", "build", "-race", "-o", bin, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building agentbrowser:", err)
		os.Exit(1)
	}
	code := m.Run()
	testkit.Close()
	if left := testutil.NoneRunningFrom(15*time.Second, bin); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "processes of the test's binary outlived the tests (killed): %v\n", left)
		code = 1
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// cli runs the binary with AGENTBROWSER_HOME set to home, so the test's
// daemons are its own.
type cli struct {
	t    *testing.T
	home string
	exe  string   // the binary to run; bin when empty
	pre  []string // flags put before every command line
	env  []string // environment added to every command's
}

// newCLI gives a test its own daemon directory and closes every session it
// used at the end.
func newCLI(t *testing.T, sessions ...string) *cli {
	t.Helper()
	c := &cli{t: t, home: t.TempDir()}
	if len(sessions) == 0 {
		sessions = []string{"default"}
	}
	t.Cleanup(func() {
		for _, s := range sessions {
			c.run("--session", s, "close")
		}
	})
	return c
}

// newSharedCLI is newCLI whose daemons connect to the package's shared
// browser (internal/testkit) with --cdp, each in a browser context of its
// own (--isolated-context: its own tabs, cookies and storage), instead of
// launching a browser each. It is for tests of what the commands do in a
// page; tests about launching, closing, crashing or the security of the
// browser and the daemon use newCLI.
func newSharedCLI(t *testing.T, sessions ...string) *cli {
	t.Helper()
	c := newCLI(t, sessions...)
	c.pre = []string{"--cdp", testkit.Endpoint(t), "--isolated-context"}
	return c
}

// outcome is one CLI invocation.
type outcome struct {
	Exit   int
	Stdout string
	Stderr string
	Body   map[string]any
	Dur    time.Duration
}

func (c *cli) command(args ...string) *exec.Cmd {
	exe := c.exe
	if exe == "" {
		exe = bin
	}
	cmd := exec.Command(exe, append(append([]string{}, c.pre...), args...)...)
	cmd.Env = append(append(os.Environ(), "AGENTBROWSER_HOME="+c.home), c.env...)
	return cmd
}

func (c *cli) run(args ...string) outcome {
	c.t.Helper()
	cmd := c.command(args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	o := outcome{Stdout: out.String(), Stderr: errb.String(), Dur: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		o.Exit = ee.ExitCode()
	} else if err != nil {
		c.t.Fatalf("running agentbrowser %v: %v", args, err)
	}
	return o
}

// json runs with --json and decodes the one object printed.
func (c *cli) json(args ...string) outcome {
	c.t.Helper()
	o := c.run(append([]string{"--json"}, args...)...)
	if err := json.Unmarshal([]byte(o.Stdout), &o.Body); err != nil {
		c.t.Fatalf("agentbrowser %v: stdout is not one JSON object: %v\nstdout: %s\nstderr: %s", args, err, o.Stdout, o.Stderr)
	}
	return o
}

// ok runs with --json and requires success.
func (c *cli) ok(args ...string) map[string]any {
	c.t.Helper()
	o := c.json(args...)
	if o.Exit != 0 || o.Body["ok"] != true {
		c.t.Fatalf("agentbrowser %v: exit %d, body %v, stderr %s", args, o.Exit, o.Body, o.Stderr)
	}
	return o.Body
}

// errCode returns the error code of a failed --json run.
func (o outcome) errCode() string {
	e, _ := o.Body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}
