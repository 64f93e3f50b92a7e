package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
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
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			r, err := actions.Console(ctx, env.Session, actions.ConsoleOptions{All: in.Bool("all"), Clear: in.Bool("clear")})
			if err != nil {
				return nil, err
			}
			return structResult(r), nil
		},
	})
}
