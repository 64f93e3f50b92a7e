// Command agentbrowser-thin is the fast front of the agentbrowser CLI,
// installed as "agentbrowser" by make build next to the full binary
// ("agentbrowser-full"). A command to a running daemon does not need the
// daemon's code, yet a Go program initialises every package it links
// before main: the full binary's client path initialised 116 packages (fx,
// dig, zap, net/rpc, encoding/gob among them) to send one line. This
// client links the CLI itself (internal/cli: the table of commands, the
// parser, the printing) and the request types it sends (package request),
// and nothing of the runtime: it parses the command line into the
// command's typed request, sends it to the session's daemon, which runs it
// as it runs the full CLI's and the MCP server's requests, and prints the
// typed response with the same code as the full binary. When no daemon
// answers, or the command belongs to the full binary (its local commands,
// session settings that start a daemon, a line that reads standard
// input), it execs the full binary with the same arguments, so behaviour
// is the full binary's.
//
// It is Go only, built without cgo (one static binary), and makes every
// check the full binary makes before it sends anything: the runtime
// directory's owner and mode, and the socket peer's user (SO_PEERCRED).
package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// version is set at build time with -ldflags "-X main.version=...", as the
// full binary's is.
var version = "0.1.0-dev"

// fullName is the full binary, looked up next to this one.
const fullName = "agentbrowser-full"

func main() {
	growStack(0)
	os.Exit(run(os.Args[1:]))
}

// stackReserve is the stack the client's deepest path (parsing the line,
// encoding the request, reading the reply, printing it) stays within.
const stackReserve = 12 << 10

// growStack grows the goroutine's stack to hold stackReserve at once,
// while it holds one frame. A goroutine starts with 2 KiB and doubles its
// stack when a call needs more, copying it and adjusting every frame on
// it: done up to three times deep in the command, where it costs a tenth
// of the client's instructions, and done here once, where it is cheap.
//
//go:noinline
func growStack(i int) byte {
	var b [stackReserve]byte
	b[i] = 1
	return b[len(b)-1-i]
}

// run runs a command line here when it can, or execs the full binary.
func run(args []string) int {
	l := cli.Parse(args)
	env := cli.Env{Version: version, Local: map[string]cli.LocalFunc{"version": func(context.Context, cli.Globals, cli.Input, io.Writer) (cli.Result, error) {
		return cli.Result{"version": version}, nil
	}}}
	if l.Help() || l.Err != nil || (l.Cmd.Local && l.Cmd.Name == "version" && len(l.G.Settings) == 0) {
		// Help, a mistake in the line, the version: the same text the
		// full binary prints, without a daemon.
		return cli.Execute(l, os.Stdout, os.Stderr, env)
	}
	if !thinLine(l) {
		execFull(args)
	}
	// The daemon is reached once the request is ready to go (see call);
	// until then nothing of the line has run, so when no daemon answers
	// the full binary runs the line as if it had been called first.
	d := &daemon{session: l.G.Session}
	defer d.Close()
	env.Call = func(g cli.Globals, q request.Request) (cli.Reply, string, error) {
		return d.call(g, q, args)
	}
	return cli.Execute(l, os.Stdout, os.Stderr, env)
}

// thinLine reports whether this client runs l itself, on a daemon that
// runs. The full binary runs the rest: its local commands; settings, which
// it checks with the options they become and which only a daemon it
// starts takes; a line that reads standard input (eval --stdin, batch),
// which could not be read again should the daemon hand the line back; and
// a batch, whose steps it checks with the owners' checks it links.
func thinLine(l cli.Line) bool {
	switch {
	case l.Cmd.Local, len(l.G.Settings) > 0, l.In.Bool("stdin"), l.Cmd.Name == "batch":
		return false
	}
	return true
}

// fullPath is the full binary: $AGENTBROWSER_FULL, or the one next to
// this executable.
func fullPath() (string, error) {
	if full := os.Getenv("AGENTBROWSER_FULL"); full != "" {
		return full, nil
	}
	exe, err := os.Executable()
	if err == nil && runtime.GOOS != "linux" {
		// On Linux the path comes from /proc/self/exe, which the kernel
		// gives with every link resolved; elsewhere it may be the link the
		// client was started through.
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(exe), fullName), nil
}

// execFull replaces this process with the full binary.
func execFull(args []string) {
	full, err := fullPath()
	if err != nil {
		os.Stderr.WriteString("error [internal]: cannot find " + fullName + ": " + err.Error() + "\n")
		os.Exit(1)
	}
	err = syscall.Exec(full, append([]string{full}, args...), os.Environ())
	os.Stderr.WriteString("error [internal]: running " + full + ": " + err.Error() + "; build it with make build or set AGENTBROWSER_FULL\n")
	os.Exit(1)
}

// budgetAllowance is how long past a command's budget the client waits
// for the daemon's answer: a safety net against a daemon that never
// answers, as the daemon enforces the budget itself.
const budgetAllowance = 30 * time.Second
