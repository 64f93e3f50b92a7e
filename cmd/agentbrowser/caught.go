package main

import (
	"runtime/debug"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/events"
)

// caught runs fn and answers a panic in it with an internal error instead
// of letting it end the process: one command's bug must not take the
// daemon or the MCP server down with the browser, its tabs and every other
// command in flight. The bus already does this for watchdog handlers; this
// covers the code around them. The stack goes to log, for the bug report;
// the caller gets what happened and what to do.
func caught[T any](log zerolog.Logger, what string, fn func() (T, error)) (res T, err error) {
	defer func() {
		if p := recover(); p != nil {
			log.Error().Str("command", what).Interface("panic", p).Bytes("stack", debug.Stack()).Msg("command failed on a bug")
			var zero T
			res, err = zero, events.Errorf(events.CodeInternal,
				"%s failed on a bug in agentbrowser (%v); the session and its browser are still running: retry, or report the bug with the log's stack", what, p)
		}
	}()
	return fn()
}
