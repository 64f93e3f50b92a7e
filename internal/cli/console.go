package cli

import (
	"github.com/agentbrowser/agentbrowser/request"
)

var consoleCommand = &Command{
	Name: "console", Usage: "console [--all] [--clear] | console get ID",
	Summary: "recent console errors, warnings and uncaught exceptions of the active tab; get: one message in full, with its arguments and stack",
	MaxArgs: 2,
	Flags: []Flag{
		{Name: "all", Kind: Bool, Usage: "the last messages of every level instead of errors and warnings"},
		{Name: "clear", Kind: Bool, Usage: "forget the messages after printing them"},
	},
	Parse: parseConsole,
}

var networkCommand = &Command{
	Name: "network", Usage: "network [--clear] | network get ID [--save FILE]",
	Summary: "recent requests of the active tab: method, url, type, status, size, timing, failure; get: one request in full, with headers, timing and bodies",
	MaxArgs: 2,
	Flags: []Flag{
		{Name: "clear", Kind: Bool, Usage: "forget the requests after printing them"},
		{Name: "save", Kind: String, Usage: "get: save the response body to this file instead of printing it"},
	},
	Parse: parseNetwork,
}

var statsCommand = &Command{
	Name: "stats", Usage: "stats", Summary: "the session's evaluate counters: count, timeouts, terminations, fallbacks, durations",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Stats{}, nil },
}
