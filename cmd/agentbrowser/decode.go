package main

import (
	"encoding/json"

	"io"
)

// maxRequestBytes bounds one request on the daemon's socket: a command
// line, with an expression or a file path, never comes near it.
const maxRequestBytes = 16 << 20

// decodeRequest reads one request from r and checks what the daemon needs
// of it before running anything: a daemon command and a budget within
// bounds. Every problem is a usage error (exit 2). A whole command line
// from the thin client (Argv) is returned as it is, with a nil Command:
// runArgv parses and checks it as the full binary would, and answers a
// bad line itself.
func decodeRequest(r io.Reader) (request, *Command, error) {
	var req request
	dec := json.NewDecoder(io.LimitReader(r, maxRequestBytes))
	if err := dec.Decode(&req); err != nil {
		return req, nil, usageErrorf("reading request: %v", err)
	}
	if req.Argv != nil {
		return req, nil, nil
	}
	cmd, ok := commands[req.Command]
	if !ok || cmd.Local {
		return req, nil, usageErrorf("unknown command %q", req.Command)
	}
	if req.TimeoutMS <= 0 || req.TimeoutMS > MaxTimeoutMS {
		return req, nil, usageErrorf("timeout_ms must be from 1 to %d", MaxTimeoutMS)
	}
	if req.Input.Flags == nil {
		req.Input.Flags = map[string]string{}
	}
	return req, cmd, nil
}
