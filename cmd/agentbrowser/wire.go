package main

import (
	"encoding/json"
	"errors"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// request is what the CLI sends a daemon: one JSON object per connection.
type request struct {
	Command string `json:"command"`
	Input   Input  `json:"input"`
	// TimeoutMS is the caller's whole budget; the daemon derives the
	// command's deadline from it.
	TimeoutMS int `json:"timeout_ms"`
	// Build is the caller's buildID; a daemon of another build does not
	// run the command (see daemon.checkBuild).
	Build string `json:"build,omitempty"`
	// Tab aims a tab-scoped command at one tab (an id as 'tabs' prints
	// it, or a unique prefix); empty means the active tab.
	Tab string `json:"tab,omitempty"`
	// Argv, when set, is a whole command line from the thin client
	// (cmd/agentbrowser-thin), which the daemon parses and prints itself;
	// Command and Input are then unused. See argv.go.
	Argv []string `json:"argv,omitempty"`
	// Exe is, with Argv, the identity (rundir.ExeIdentity) of the full
	// binary the thin client would run; a daemon started from another file
	// answers Fallback, and that binary, of the caller's build, replaces it
	// or says it is busy (see daemon.checkBuild).
	Exe string `json:"exe,omitempty"`
}

// reply is the daemon's answer: the object the CLI prints, and its exit
// code.
type reply struct {
	Exit int             `json:"exit"`
	Body json.RawMessage `json:"body"`
	// Replace tells the CLI that the daemon is of another build, ran
	// nothing and is exiting so that one of the CLI's build replaces it.
	Replace bool `json:"replace,omitempty"`
	// For an Argv request: what to print, or Fallback when the full
	// binary must run the command line itself.
	Argv     bool   `json:"argv,omitempty"`
	Stdout   string `json:"stdout,omitempty"`
	Stderr   string `json:"stderr,omitempty"`
	Fallback bool   `json:"fallback,omitempty"`
}

// Exit codes.
const (
	exitOK     = 0
	exitAction = 1
	exitUsage  = 2
)

// okBody renders a successful result as {"ok":true,...}.
func okBody(r Result) map[string]any {
	out := map[string]any{}
	for k, v := range r {
		out[k] = v
	}
	out["ok"] = true
	return out
}

// errBody renders err as {"ok":false,"error":{...}} and picks the exit code.
func errBody(err error) (map[string]any, int) {
	var ue *usageError
	if errors.As(err, &ue) {
		return map[string]any{"ok": false, "error": actions.ErrorBody{Code: events.CodeInvalidArgument, Message: ue.msg}}, exitUsage
	}
	return map[string]any{"ok": false, "error": actions.Describe(err)}, exitAction
}
