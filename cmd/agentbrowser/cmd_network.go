package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
)

func init() {
	register(&Command{
		Name: "network", Usage: "network [--clear]",
		Summary: "recent requests of the active tab: method, url, type, status, size, timing, failure",
		MaxArgs: 0,
		Flags: []Flag{
			{Name: "clear", Kind: Bool, Usage: "forget the requests after printing them"},
		},
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			r, err := actions.Network(ctx, env.Session, in.Bool("clear"))
			if err != nil {
				return nil, err
			}
			return structResult(r), nil
		},
	})
}
