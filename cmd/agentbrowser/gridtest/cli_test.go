package gridtest_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
)

// cli runs the agentbrowser binary with its own daemon directory and the
// Grid flags.
type cli struct {
	t    *testing.T
	home string
	grid []string // --grid URL and friends, added to every command
}

func newCLI(t *testing.T, gridURL string) *cli {
	t.Helper()
	c := &cli{t: t, home: t.TempDir(), grid: []string{"--grid", gridURL, "--grid-binary", chromium}}
	t.Cleanup(func() { c.raw("close") })
	return c
}

type outcome struct {
	Exit   int
	Stdout string
	Stderr string
	Body   map[string]any
	Dur    time.Duration
}

func (o outcome) code() string {
	e, _ := o.Body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (o outcome) message() string {
	e, _ := o.Body["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}

// newCmd is the binary with home as its daemon directory.
func newCmd(home string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "AGENTBROWSER_HOME="+home)
	return cmd
}

// raw runs args as they are, with --json.
func (c *cli) raw(args ...string) outcome {
	c.t.Helper()
	cmd := newCmd(c.home, append([]string{"--json"}, args...)...)
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
	if err := json.Unmarshal(out.Bytes(), &o.Body); err != nil {
		c.t.Fatalf("agentbrowser %v: stdout is not one JSON object: %v\nstdout: %s\nstderr: %s", args, err, o.Stdout, o.Stderr)
	}
	return o
}

// run runs a command on the Grid.
func (c *cli) run(args ...string) outcome {
	c.t.Helper()
	return c.raw(append(append([]string{}, c.grid...), args...)...)
}

// ok runs a command on the Grid and requires success.
func (c *cli) ok(args ...string) map[string]any {
	c.t.Helper()
	o := c.run(args...)
	if o.Exit != 0 || o.Body["ok"] != true {
		c.t.Fatalf("agentbrowser %v: exit %d, body %v, stderr %s", args, o.Exit, o.Body, o.Stderr)
	}
	return o.Body
}

// gridSession is the Grid session id the daemon's status shows.
func (c *cli) gridSession() string {
	c.t.Helper()
	st := c.ok("status")
	id, _ := st["grid_session"].(string)
	if id == "" {
		c.t.Fatalf("status shows no grid_session: %v", st)
	}
	return id
}
