// Command agentbrowser drives a real Chrome for AI agents: a CLI whose
// commands talk to a per-session background daemon that owns the browser,
// so the browser lives between invocations.
//
// The command line, its table of commands and their printing are package
// internal/cli's, shared with the thin client (cmd/agentbrowser-thin);
// this binary adds what needs the whole stack: the daemon, the mcp
// command, the demo, the session settings' options and the checks of the
// requests' owners (request/runner).
package main

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/termtext"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return cli.Run(args, stdout, stderr, env())
}

// env is this binary's part of the CLI: it reaches daemons (starting one
// when none answers), runs the local commands, checks settings and the
// owners' checks before anything starts.
func env() cli.Env {
	return cli.Env{
		Version: version,
		Call:    callDaemon,
		Local:   localCommands,
		Check:   runner.Check,
		Start:   checkStart,
	}
}

// localCommands are the commands this binary runs in its own process.
var localCommands = map[string]cli.LocalFunc{
	"serve":    local(runServe),
	"sessions": local(listSessions),
	"version": func(context.Context, cli.Globals, cli.Input, io.Writer) (cli.Result, error) {
		return cli.Result{"version": version}, nil
	},
	"skill": func(context.Context, cli.Globals, cli.Input, io.Writer) (cli.Result, error) {
		return cli.Result{"text": skillGuide}, nil
	},
	"demo": local(func(ctx context.Context, g cli.Globals, in cli.Input) (cli.Result, error) {
		// The demo has its own pace; --timeout-ms bounds each step.
		return runDemo(context.Background(), os.Stdout, time.Duration(g.TimeoutMS)*time.Millisecond)
	}),
	"mcp": local(runMCP),
}

// local adapts a local command that logs through the context's logger
// (loggerFrom): the logger writes to the command's stderr, and an error
// is coded as the runtime's layers code it (actions.Coded).
func local(f func(ctx context.Context, g cli.Globals, in cli.Input) (cli.Result, error)) cli.LocalFunc {
	return func(ctx context.Context, g cli.Globals, in cli.Input, stderr io.Writer) (cli.Result, error) {
		log := newLogger(g.LogLevel, termtext.Writer{W: stderr})
		res, err := f(withLogger(ctx, log), g, in)
		return res, actions.Coded(err)
	}
}

// callDaemon sends q to the session's daemon, starting the daemon if none
// answers (see callDaemonCtx).
func callDaemon(g cli.Globals, q request.Request) (cli.Reply, string, error) {
	req, err := cli.NewWireRequest(q, request.Options{TimeoutMS: g.TimeoutMS, Tab: g.Tab})
	if err != nil {
		return cli.Reply{}, "", err
	}
	return callDaemonCtx(context.Background(), g, req)
}

func newLogger(level string, w io.Writer) zerolog.Logger {
	lv, err := zerolog.ParseLevel(level)
	if err != nil || level == "" {
		lv = zerolog.WarnLevel
	}
	return zerolog.New(zerolog.ConsoleWriter{Out: w, NoColor: true, TimeFormat: time.TimeOnly}).Level(lv).With().Timestamp().Logger()
}

type loggerKey struct{}

func withLogger(ctx context.Context, l zerolog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

func loggerFrom(ctx context.Context) zerolog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(zerolog.Logger); ok {
		return l
	}
	return zerolog.Nop()
}
