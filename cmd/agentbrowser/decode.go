package main

import (
	"encoding/json"
	"io"

	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
)

// maxRequestBytes bounds one request on the daemon's socket: a command
// line, with an expression or a file path, never comes near it.
const maxRequestBytes = 16 << 20

// errRequestTooLarge answers a request above maxRequestBytes, on the
// socket or before it is sent: nothing was run.
var errRequestTooLarge = usageErrorf("the request is larger than %d bytes (16 MiB), the most a daemon reads; nothing was run: send less (a shorter text or script)", maxRequestBytes)

// decodeRequest reads one request from r and checks what the daemon needs
// of it before running anything: a known request and a budget within
// bounds. A bad envelope or request is a usage error (exit 2); the request's own
// checks (request.Validator) are the daemon's to run. A whole
// command line from the thin client (Argv) is returned as it is, with a
// nil request: runArgv parses and checks it as the full binary would, and
// answers a bad line itself.
func decodeRequest(r io.Reader) (wireRequest, request.Request, error) {
	var req wireRequest
	lr := &io.LimitedReader{R: r, N: maxRequestBytes + 1}
	dec := json.NewDecoder(lr)
	if err := dec.Decode(&req); err != nil {
		if lr.N <= 0 {
			return req, nil, errRequestTooLarge
		}
		return req, nil, usageErrorf("reading request: %v", err)
	}
	if req.Argv != nil {
		return req, nil, nil
	}
	if req.TimeoutMS <= 0 || req.TimeoutMS > MaxTimeoutMS {
		return req, nil, usageErrorf("timeout_ms must be from 1 to %d", MaxTimeoutMS)
	}
	q, err := runner.Decode(req.Command, req.Request)
	if err != nil {
		return req, nil, usageErrorf("%s", err.Error())
	}
	return req, q, nil
}
