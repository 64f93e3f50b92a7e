package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
)

func init() {
	register(&Command{
		Name: "stats", Usage: "stats", Summary: "the session's evaluate counters: count, timeouts, terminations, fallbacks, durations",
		MaxArgs: 0,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			st, err := actions.EvaluateStats(ctx, env.Session)
			if err != nil {
				return nil, err
			}
			return Result{"evaluate": st}, nil
		},
	})
}
