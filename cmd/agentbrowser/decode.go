package main

import (
	"encoding/json"
	"io"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/request/runner"
)

// decodeRequest reads one request from r and checks what the daemon needs
// of it before running anything: a known request and a budget within
// bounds. A bad envelope or request is a usage error (exit 2); the
// request's checks (runner.Check) are the daemon's to run.
func decodeRequest(r io.Reader) (cli.WireRequest, request.Request, error) {
	var req cli.WireRequest
	lr := &io.LimitedReader{R: r, N: cli.MaxRequestBytes + 1}
	dec := json.NewDecoder(lr)
	if err := dec.Decode(&req); err != nil {
		if lr.N <= 0 {
			return req, nil, cli.ErrRequestTooLarge
		}
		return req, nil, cli.Usagef("reading request: %v", err)
	}
	if req.TimeoutMS <= 0 || req.TimeoutMS > cli.MaxTimeoutMS {
		return req, nil, cli.Usagef("timeout_ms must be from 1 to %d", cli.MaxTimeoutMS)
	}
	q, err := runner.Decode(req.Command, req.Request)
	if err != nil {
		return req, nil, cli.Usagef("%s", err.Error())
	}
	return req, q, nil
}
