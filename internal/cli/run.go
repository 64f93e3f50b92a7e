package cli

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/agentbrowser/agentbrowser/request"
)

// Env is what a binary gives the CLI: how to reach a session's daemon,
// the commands it runs itself, and the checks it links. The full binary
// (cmd/agentbrowser) gives all of them; the thin client
// (cmd/agentbrowser-thin) only Call, on a daemon it reached first.
type Env struct {
	// Version is the binary's version, for help.
	Version string
	// Call sends q, with the command line's budget and tab, to the
	// session's daemon and returns its reply, and a notice to show (an
	// earlier daemon that died, one replaced).
	Call func(g Globals, q request.Request) (rep Reply, notice string, err error)
	// Local runs the binary's own commands (Command.Local) by name,
	// within the command line's budget (ctx); stderr is for their logs.
	Local map[string]LocalFunc
	// Check runs the checks of a request beside its own (runner.Check);
	// nil where the binary does not link them: the daemon runs them.
	Check Checker
	// Start checks what a daemon started for the line would take (the
	// remote endpoint, the session settings) before one starts; nil checks
	// none.
	Start func(g Globals) error
}

// LocalFunc runs a Local command.
type LocalFunc func(ctx context.Context, g Globals, in Input, stderr io.Writer) (Result, error)

// Line is a parsed command line (Parse).
type Line struct {
	// Args is the command line as given.
	Args []string
	G    Globals
	// Cmd is the command it names; nil when Err says why there is none.
	Cmd *Command
	In  Input
	// Err is a mistake in the line (a *UsageError, or a coded error for
	// a bad value), or a request for help.
	Err error
}

// Parse reads a command line into its globals, its command and its
// input, checking its form (a usage error in Err) and reading its element
// arguments once. Nothing runs.
func Parse(args []string) Line {
	l := Line{Args: args}
	l.G, l.Cmd, l.In, l.Err = parseArgs(args)
	return l
}

// Help reports whether the line asks for help (agentbrowser help,
// --help, -h).
func (l Line) Help() bool {
	var h *helpAsked
	return bareHelp(l.Args) || errors.As(l.Err, &h)
}

// bareHelp is a line that is help itself: none, help, --help or -h first.
func bareHelp(args []string) bool {
	return len(args) == 0 || args[0] == "help" || args[0] == "--help" || args[0] == "-h"
}

// Run runs one command line and returns the exit code (Execute).
func Run(args []string, stdout, stderr io.Writer, env Env) int {
	return Execute(Parse(args), stdout, stderr, env)
}

// Execute runs a parsed command line and returns the exit code: it prints
// help or the line's mistake, checks the settings, builds the request
// (Parse, Prepare, its checks), has the daemon run it (Env.Call) or runs
// a local command (Env.Local), and prints the result: the response's
// JSON object with --json, readable text otherwise. A write to stdout or
// stderr that fails (a full disk, a closed pipe) makes the exit code
// non-zero, and says so on stderr when stderr still takes it: the caller
// must not take a result it never received for a success.
func Execute(l Line, stdout, stderr io.Writer, env Env) int {
	out, errw := &checkedWriter{w: stdout}, &checkedWriter{w: stderr}
	return outputFailed(execute(l, out, errw, env), out, errw, stderr)
}

func execute(l Line, stdout, stderr io.Writer, env Env) int {
	if bareHelp(l.Args) {
		text := GeneralHelp(env.Version)
		if len(l.Args) > 1 {
			if c, ok := Lookup(l.Args[1]); ok {
				text = CommandHelp(c)
			}
		}
		io.WriteString(stdout, text)
		return ExitOK
	}
	g, cmd, in := l.G, l.Cmd, l.In
	var help *helpAsked
	if errors.As(l.Err, &help) {
		text := GeneralHelp(env.Version)
		if help.cmd != nil {
			text = CommandHelp(help.cmd)
		}
		emit(stdout, stderr, g.JSON, map[string]any{"ok": true, "text": text})
		return ExitOK
	}
	if l.Err != nil {
		body, code := errBody(l.Err)
		emit(stdout, stderr, g.JSON || wantsJSON(l.Args), body)
		return code
	}
	// Session settings are applied by a daemon at start; check them here
	// so a bad value is a usage error now, not a daemon that fails to
	// start.
	if env.Start != nil {
		if err := env.Start(g); err != nil {
			body, _ := errBody(err)
			emit(stdout, stderr, g.JSON, body)
			return ExitUsage
		}
	}
	if cmd.Local {
		return runLocal(env, g, cmd, in, stdout, stderr)
	}
	q, err := buildRequest(cmd, in, env.Check)
	if err != nil {
		body, code := errBody(err)
		emit(stdout, stderr, g.JSON, body)
		return code
	}
	if b, ok := q.(request.Batch); ok {
		q, g.TimeoutMS = batchBudget(b, g.TimeoutMS)
	}
	rep, notice, err := env.Call(g, q)
	if err != nil {
		rep = ErrorReply(err)
	}
	if cmd.Print != nil {
		return cmd.Print(stdout, stderr, g.JSON, rep, notice)
	}
	body, exit := replyBody(rep, notice)
	emit(stdout, stderr, g.JSON, body)
	return exit
}

// replyBody is a reply as the CLI prints it, and the exit code.
func replyBody(rep Reply, notice string) (map[string]any, int) {
	exit := rep.Exit
	var body map[string]any
	if rep.Fault != nil {
		body = faultBody(*rep.Fault)
	} else {
		var err error
		if body, err = responseBody(rep, ""); err != nil {
			body, exit = errBody(err)
		}
	}
	if notice != "" {
		body["notice"] = notice
	}
	return body, exit
}

// runLocal runs a Local command within the line's budget.
func runLocal(env Env, g Globals, cmd *Command, in Input, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(g.TimeoutMS)*time.Millisecond)
	defer cancel()
	var body map[string]any
	exit := ExitOK
	f, ok := env.Local[cmd.Name]
	if !ok {
		body, exit = errBody(invalidArg("%s is not a command this binary runs; run it with agentbrowser-full", cmd.Name))
	} else if res, err := f(ctx, g, in, stderr); err != nil {
		body, exit = errBody(err)
	} else {
		body = okBody(res)
	}
	emit(stdout, stderr, g.JSON, body)
	return exit
}
