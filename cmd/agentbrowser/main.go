// Command agentbrowser drives a real Chrome for AI agents: a CLI whose
// commands talk to a per-session background daemon that owns the browser,
// so the browser lives between invocations.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/termtext"
	"github.com/agentbrowser/agentbrowser/request"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command line and returns the exit code. A write to stdout
// or stderr that fails (a full disk, a closed pipe) makes it non-zero, and
// says so on stderr when stderr still takes it: the caller must not take a
// result it never received for a success.
func run(args []string, stdout, stderr io.Writer) int {
	out, errw := &checkedWriter{w: stdout}, &checkedWriter{w: stderr}
	return outputFailed(runArgs(args, out, errw), out, errw, stderr)
}

func runArgs(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		printHelp(stdout, args)
		return exitOK
	}
	g, cmd, in, err := parseArgs(args)
	var help *helpAsked
	if errors.As(err, &help) {
		text := generalHelp()
		if help.cmd != nil {
			text = commandHelp(help.cmd)
		}
		emit(stdout, stderr, g.JSON, map[string]any{"ok": true, "text": text})
		return exitOK
	}
	if err != nil {
		body, code := errBody(err)
		emit(stdout, stderr, g.JSON || wantsJSON(args), body)
		return code
	}
	// Session settings are applied by a daemon at start; check them here so
	// a bad value is a usage error now, not a daemon that fails to start.
	for _, so := range settingOptions {
		if _, err := so(g.Settings); err != nil {
			body, _ := errBody(err)
			emit(stdout, stderr, g.JSON, body)
			return exitUsage
		}
	}
	var q request.Request
	if !cmd.Local {
		if q, err = buildRequest(cmd, in); err != nil {
			body, code := errBody(err)
			emit(stdout, stderr, g.JSON, body)
			return code
		}
	}
	log := newLogger(g.LogLevel, termtext.Writer{W: stderr})
	var body map[string]any
	exit := exitOK
	switch {
	case cmd.Local:
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(g.TimeoutMS)*time.Millisecond)
		defer cancel()
		res, err := cmd.RunLocal(withLogger(ctx, log), g, in)
		if err != nil {
			body, exit = errBody(err)
		} else {
			body = okBody(res)
		}
	default:
		if b, ok := q.(request.Batch); ok {
			q, g.TimeoutMS = batchBudget(b, g.TimeoutMS)
		}
		rep, notice, err := callDaemon(g, q)
		if err != nil {
			body, exit = errBody(err)
		} else {
			exit = rep.Exit
			if err := json.Unmarshal(rep.Body, &body); err != nil {
				body, exit = errBody(fmt.Errorf("decoding daemon reply: %w", err))
			}
		}
		if notice != "" && body != nil {
			body["notice"] = notice
		}
		if cmd.Print != nil {
			return cmd.Print(stdout, stderr, g.JSON, body, exit)
		}
	}
	emit(stdout, stderr, g.JSON, body)
	return exit
}

// wantsJSON finds --json in a command line that failed to parse.
func wantsJSON(args []string) bool {
	for _, a := range args {
		if a == "--json" || a == "--json=true" {
			return true
		}
	}
	return false
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

// emit prints body: one JSON object with --json, readable text otherwise.
// Errors go to stderr in text mode. Whatever a page put in the body (its
// title, its text, a script's value or error) reaches the terminal only
// through termtext: plain text is escaped with termtext.Escape, and JSON
// has its DEL and C1 characters, which encoding/json leaves raw, written
// as \u escapes.
func emit(stdout, stderr io.Writer, asJSON bool, body map[string]any) {
	if asJSON {
		b, _ := request.Marshal(body)
		stdout.Write(append(termtext.EscapeJSON(b), '\n'))
		return
	}
	if ok, _ := body["ok"].(bool); !ok {
		code, msg := "", ""
		switch e := body["error"].(type) {
		case map[string]any:
			code, _ = e["code"].(string)
			msg, _ = e["message"].(string)
		default:
			b, _ := request.Marshal(e)
			var eb struct{ Code, Message string }
			json.Unmarshal(b, &eb)
			code, msg = eb.Code, eb.Message
		}
		io.WriteString(stderr, termtext.Escape(fmt.Sprintf("error [%s]: %s\n", code, msg)))
		return
	}
	io.WriteString(stdout, termtext.Escape(humanText(body)))
}

func printHelp(w io.Writer, args []string) {
	if len(args) > 1 {
		if c, ok := commands[args[1]]; ok {
			io.WriteString(w, commandHelp(c))
			return
		}
	}
	io.WriteString(w, generalHelp())
}

// flagLine is one flag as help lists it: "-i, --interactive   usage".
func flagLine(f Flag) string {
	name := "    --" + f.Name
	if f.Short != "" {
		name = "-" + f.Short + ", --" + f.Name
	}
	return fmt.Sprintf("  %-22s %s\n", name, f.Usage)
}

// commandHelp is one command's usage, summary and flags.
func commandHelp(c *Command) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "usage: agentbrowser %s\n  %s\n", c.Usage, c.Summary)
	if len(c.Flags) > 0 {
		sb.WriteString("\nflags:\n")
		for _, f := range c.Flags {
			sb.WriteString(flagLine(f))
		}
	}
	if c.RefArgs > 0 || len(c.RefFlags) > 0 {
		sb.WriteString("\nAn element (REF) is a ref from snapshot (e5, @e5, ref=e5), a locator (role=button[name=\"Save\"], text=Save,\nlabel=Email, placeholder=Search, testid=save, css=#save, A >> B for B inside A), or a bare CSS selector (#save).\n")
	}
	sb.WriteString("\nGlobal flags (--session, --json, --timeout-ms, ...): agentbrowser --help. Reference: docs/cli.md.\n")
	return sb.String()
}

// generalHelp lists the commands and the global flags.
func generalHelp() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "agentbrowser %s: drive a real Chrome from agents and scripts\n\nusage: agentbrowser [global flags] COMMAND [args] [flags]\n       agentbrowser COMMAND --help (or -h) for a command's flags\n\ncommands:\n", version)
	for _, n := range commandNames() {
		c := commands[n]
		if strings.HasPrefix(n, "_") || n == "status" {
			continue
		}
		fmt.Fprintf(&sb, "  %-44s %s\n", c.Usage, c.Summary)
	}
	sb.WriteString("\nglobal flags:\n")
	for _, f := range append(append([]Flag{}, globalFlags...), settingFlags...) {
		sb.WriteString(flagLine(f))
	}
	sb.WriteString("\nWithout --json a command prints readable text: a snapshot or text as it is, other results as key: value lines, lists one item a line.\nWith --json every command prints one object: {\"ok\":true,...} or {\"ok\":false,\"error\":{\"code\",\"message\"}}; see docs/cli.md.\n")
	return sb.String()
}

// checkedWriter keeps the first error a write to w returned and refuses
// every later write. It is safe for concurrent use: a daemon's goroutines
// log through it.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// failed is the first error a write returned, or nil.
func (c *checkedWriter) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// outputFailed turns the exit code of a command whose output could not be
// written into a failure (output_failed, exit 1), telling stderr why when
// it can: the command itself ran, so the message says to check the page
// before running it again.
func outputFailed(exit int, stdout, stderr *checkedWriter, raw io.Writer) int {
	var what string
	var err error
	outErr, errErr := stdout.failed(), stderr.failed()
	switch {
	case outErr != nil:
		what, err = "standard output", outErr
	case errErr != nil:
		what, err = "standard error", errErr
	default:
		return exit
	}
	if errErr == nil {
		e := events.Errorf(events.CodeOutputFailed, "writing to %s failed (%v), so the output was lost; a command that acts on the page has run: check the page (snapshot) before running it again", what, err)
		io.WriteString(raw, termtext.Escape(fmt.Sprintf("error [%s]: %s\n", e.Code, e.Message)))
	}
	if exit == exitOK {
		exit = exitAction
	}
	return exit
}
