package main

import (
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "console", Usage: "console [--all] [--clear]",
		Summary: "recent console errors, warnings and uncaught exceptions of the active tab",
		MaxArgs: 0,
		Flags: []Flag{
			{Name: "all", Kind: Bool, Usage: "the last messages of every level instead of errors and warnings"},
			{Name: "clear", Kind: Bool, Usage: "forget the messages after printing them"},
		},
		Parse: func(in Input) (request.Request, error) {
			return request.Console{All: in.Bool("all"), Clear: in.Bool("clear")}, nil
		},
	})
	register(&Command{
		Name: "network", Usage: "network [--clear]",
		Summary: "recent requests of the active tab: method, url, type, status, size, timing, failure",
		MaxArgs: 0,
		Flags: []Flag{
			{Name: "clear", Kind: Bool, Usage: "forget the requests after printing them"},
		},
		Parse: func(in Input) (request.Request, error) { return request.Network{Clear: in.Bool("clear")}, nil },
	})
	register(&Command{
		Name: "stats", Usage: "stats", Summary: "the session's evaluate counters: count, timeouts, terminations, fallbacks, durations",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Stats{}, nil },
	})
}
