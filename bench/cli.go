package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

var (
	abBin    = flag.String("agentbrowser", "../bin/agentbrowser", "agentbrowser binary for -mode cli")
	peerBin  = flag.String("agent-browser", "node_modules/agent-browser/bin/agent-browser-linux-x64", "agent-browser's native binary for -mode cli")
	helloBin = flag.String("hello", "", "hello-world Go binary for -mode cli")
)

// cliTool runs one CLI with its session and environment.
type cliTool struct {
	name, bin, refPrefix string
	pre                  []string
	env                  []string
	// shared: the tool uses the session of the tool before it, which
	// opens and closes it.
	shared bool
}

func (c cliTool) run(args ...string) (string, error) {
	cmd := exec.Command(c.bin, append(append([]string{}, c.pre...), args...)...)
	cmd.Env = append(os.Environ(), c.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v: %s", c.name, strings.Join(args, " "), err, short(errors.New(string(out))))
	}
	return string(out), nil
}

func (c cliTool) ref(snap, role, name string) (string, error) {
	m := regexp.MustCompile(regexp.QuoteMeta(role+` "`+name+`"`) + `.*?\[ref=(e\d+)\]`).FindStringSubmatch(snap)
	if m == nil {
		return "", fmt.Errorf("%s: no %s %q in:\n%s", c.name, role, name, snap)
	}
	return c.refPrefix + m[1], nil
}

// runCLI times each command as one process with a warm daemon, for
// agentbrowser and agent-browser, on the same pages.
func runCLI(ctx context.Context, w io.Writer, n int) error {
	srv, err := startServer()
	if err != nil {
		return err
	}
	defer srv.close()
	header(w, "CLI, one process per command, warm daemons: agentbrowser vs agent-browser")
	tools := []cliTool{
		{name: "agent-browser", bin: *peerBin, refPrefix: "@", pre: []string{"--session", "benchcli"},
			env: []string{"AGENT_BROWSER_EXECUTABLE_PATH=" + chromePath}},
		{name: "agentbrowser", bin: *abBin, pre: []string{"--session", "benchcli"}, env: []string{"CHROME_BIN=" + chromePath}},
	}
	for _, t := range tools {
		if t.shared {
			continue
		}
		defer t.run("close")
		if _, err := t.run("open", srv.main+"/tab"); err != nil {
			return err
		}
	}
	rows := []row{{op: "version (process start)", floor: "agent-browser"}}
	var versions []variant
	if *helloBin != "" {
		versions = append(versions, variant{lib: "hello-world Go binary", run: func() error {
			return exec.Command(*helloBin).Run()
		}})
	}
	for _, t := range tools {
		args := []string{"version"}
		if t.name == "agent-browser" {
			args = []string{"--version"}
		}
		versions = append(versions, variant{lib: t.name, run: func() error { _, err := t.run(args...); return err }})
	}
	rows[0].samples = measureAll(2, n, versions)
	type op struct {
		title string
		make  func(t cliTool) (variant, error)
	}
	ops := []op{
		{"eval 1+1", func(t cliTool) (variant, error) {
			return variant{run: func() error { _, err := t.run("eval", "1+1"); return err }}, nil
		}},
		{"snapshot, small page", func(t cliTool) (variant, error) {
			return variant{run: func() error { _, err := t.run("snapshot"); return err }}, nil
		}},
		{"click by ref", func(t cliTool) (variant, error) {
			snap, err := t.run("snapshot")
			if err != nil {
				return variant{}, err
			}
			ref, err := t.ref(snap, "button", "Count")
			return variant{run: func() error { _, err := t.run("click", ref); return err }}, err
		}},
		{"type 20 characters", func(t cliTool) (variant, error) {
			snap, err := t.run("snapshot")
			if err != nil {
				return variant{}, err
			}
			ref, err := t.ref(snap, "textbox", "Text")
			return variant{
				reset: func() error { _, err := t.run("eval", "document.querySelector('#t').value=''"); return err },
				run:   func() error { _, err := t.run("type", ref, typed); return err }}, err
		}},
		{"open (navigate + load)", func(t cliTool) (variant, error) {
			i := 0
			return variant{run: func() error {
				i++
				_, err := t.run("open", fmt.Sprintf("%s/nav%d", srv.main, 1+i%2))
				return err
			}}, nil
		}},
		{"snapshot, 5,000 elements", func(t cliTool) (variant, error) {
			_, err := t.run("open", srv.main+"/big?n=5000")
			return variant{run: func() error { _, err := t.run("snapshot"); return err }}, err
		}},
	}
	for _, o := range ops {
		r := row{op: o.title, floor: "agent-browser"}
		var vs []variant
		for _, t := range tools {
			// A shared session's page is the one the tool before it opened.
			if !t.shared {
				if _, err := t.run("open", srv.main+"/tab"); err != nil {
					return err
				}
			}
			v, err := o.make(t)
			if err != nil {
				v = variant{note: "setup failed: " + short(err)}
			}
			v.lib = t.name
			vs = append(vs, v)
		}
		runs := n
		if strings.Contains(o.title, "5,000") {
			runs = max(3, n/5)
		}
		fmt.Fprintf(os.Stderr, "%s\n", o.title)
		r.samples = measureAll(2, runs, vs)
		rows = append(rows, r)
	}
	writeTable(w, rows)
	return nil
}
