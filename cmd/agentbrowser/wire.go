package main

import (
	"encoding/json"
	"errors"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// wireRequest is what a client sends a daemon: one JSON object per
// connection.
type wireRequest struct {
	// Command names the request (request.Request.Command) and Request is
	// its JSON form, which the daemon decodes with request.Decode.
	Command string          `json:"command"`
	Request json.RawMessage `json:"request,omitempty"`
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
	// Command and Request are then unused. See argv.go.
	Argv []string `json:"argv,omitempty"`
	// Exe is, with Argv, the identity (rundir.ExeIdentity) of the full
	// binary the thin client would run; a daemon started from another file
	// answers Fallback, and that binary, of the caller's build, replaces it
	// or says it is busy (see daemon.checkBuild).
	Exe string `json:"exe,omitempty"`
}

// newWireRequest is q's wire form with the caller's options.
func newWireRequest(q request.Request, o request.Options) (wireRequest, error) {
	raw, err := request.Marshal(q)
	if err != nil {
		return wireRequest{}, err
	}
	return wireRequest{Command: q.Command(), Request: raw, TimeoutMS: o.TimeoutMS, Tab: o.Tab}, nil
}

// reply is the daemon's answer: the object the CLI prints, and its exit
// code.
type reply struct {
	Exit int             `json:"exit"`
	Body json.RawMessage `json:"body"`
	// Fault is the failure of a request that failed, as a client other
	// than the CLI words it (Body holds it worded for the CLI).
	Fault *request.Fault `json:"fault,omitempty"`
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

// cliSteps words the next steps errors advise in the CLI's terms.
var cliSteps = map[events.Step]string{
	events.StepListTabs:     "see 'agentbrowser tabs'",
	events.StepListFrames:   "see 'agentbrowser frames'",
	events.StepAnswerDialog: "answer it first with 'agentbrowser dialog accept' or 'agentbrowser dialog dismiss'",
	events.StepListDialogs:  "see 'agentbrowser dialogs'",
}

// okBody renders a local command's result as {"ok":true,...}.
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
	return map[string]any{"ok": false, "error": request.FaultOf(err).Say(cliSteps)}, exitAction
}

// usageFault is a usage error as a Fault, for a client that is not the
// CLI.
func usageFault(err error) *request.Fault {
	var ue *usageError
	if errors.As(err, &ue) {
		return &request.Fault{Code: events.CodeInvalidArgument, Message: ue.msg}
	}
	f := request.FaultOf(err)
	return &f
}
