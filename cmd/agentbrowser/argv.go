package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// clientBound lists the commands whose Prepare reads the caller's
// environment (its working directory, its standard input): a daemon cannot
// run their command lines for the thin client.
var clientBound = map[string]bool{"upload": true, "screenshot": true, "state": true, "pdf": true, "batch": true, "drop": true,
	"trace": true, "har": true, "record": true, "init-script": true}

// runArgv runs a whole command line for the thin client exactly as run
// would in a client process whose daemon is this one: the same parsing,
// checks, request and printing, with the output captured. A command line
// the daemon cannot run (a local command, a Prepare that needs the
// caller's files or stdin) is answered with Fallback, and the thin client
// runs the full binary instead.
func (d *daemon) runArgv(ctx context.Context, args []string) reply {
	fallback := reply{Argv: true, Fallback: true}
	if len(args) == 0 || args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		return fallback
	}
	g, cmd, in, err := parseArgs(args)
	var help *helpAsked
	if errors.As(err, &help) {
		return fallback
	}
	if err != nil {
		body, code := errBody(err)
		return argvReply(g.JSON || wantsJSON(args), body, code)
	}
	if cmd.Local || clientBound[cmd.Name] || in.Bool("stdin") || in.Has("body-file") || in.Has("save") || g.Session != d.g.Session || hasPathSettings(g) {
		return fallback
	}
	// Settings on the line are checked as the full binary checks them
	// (a running daemon keeps its own); most lines carry none.
	for _, so := range settingOptions {
		if len(g.Settings) == 0 {
			break
		}
		if _, err := so(g.Settings); err != nil {
			body, _ := errBody(err)
			return argvReply(g.JSON, body, exitUsage)
		}
	}
	q, err := buildRequest(cmd, in)
	if err != nil {
		body, code := errBody(err)
		return argvReply(g.JSON, body, code)
	}
	// The request is run here; its wire form is not needed.
	rep := d.run(ctx, wireRequest{Command: q.Command(), TimeoutMS: g.TimeoutMS, Tab: g.Tab}, q)
	var body map[string]any
	exit := rep.Exit
	if err := json.Unmarshal(rep.Body, &body); err != nil {
		body, exit = errBody(fmt.Errorf("decoding daemon reply: %w", err))
	}
	return argvReply(g.JSON, body, exit)
}

// argvReply is the answer to a command line: body printed as the full
// binary would print it, and its exit code.
func argvReply(asJSON bool, body map[string]any, exit int) reply {
	var stdout, stderr bytes.Buffer
	emit(&stdout, &stderr, asJSON, body)
	return reply{Argv: true, Exit: exit, Stdout: stdout.String(), Stderr: stderr.String()}
}
