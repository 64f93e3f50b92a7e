package main

import (
	"context"
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/actions"
)

func init() {
	register(&Command{
		Name: "frames", Usage: "frames", Summary: "list every frame of the active tab (the state's frame_tree is capped)",
		MaxArgs: 0,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			r, err := actions.Frames(ctx, env.Session)
			if err != nil {
				return nil, err
			}
			return structResult(r), nil
		},
	})
	register(&Command{
		Name: "cdp", Usage: "cdp METHOD [PARAMS_JSON] [--frame FRAME_ID]",
		Summary: "send a raw CDP command to the active tab, or to an out-of-process frame's session",
		MinArgs: 1, MaxArgs: 2,
		Flags: []Flag{
			{Name: "frame", Kind: String, Usage: "an out-of-process frame's id (see 'frames'); same-origin frames are reached with contentDocument from the top frame"},
		},
		Run: runCDP,
	})
}

func runCDP(ctx context.Context, env *Env, in Input) (Result, error) {
	var params json.RawMessage
	if len(in.Args) > 1 {
		params = json.RawMessage(in.Args[1])
	}
	frame, err := resolveFrame(ctx, env, in.String("frame"))
	if err != nil {
		return nil, err
	}
	res, err := actions.CDP(ctx, env.Session, in.Args[0], params, frame)
	if err != nil {
		return nil, err
	}
	return Result{"result": res}, nil
}
