package main

import (
	"context"
	"io"
	"os"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

var evalFlags = []Flag{
	{Name: "stdin", Kind: Bool, Usage: "read EXPR from standard input"},
}

func runEval(ctx context.Context, env *Env, in Input) (Result, error) {
	expr := ""
	if len(in.Args) > 0 {
		expr = in.Args[0]
	}
	if expr == "" {
		return nil, usageErrorf("usage: agentbrowser eval EXPR (or --stdin)")
	}
	r, err := actions.Do[events.EvaluateEvent, events.EvaluateResult](ctx, env.Session,
		events.EvaluateEvent{Expression: expr, AwaitPromise: true, ReturnByValue: true})
	if err != nil {
		return nil, err
	}
	return structResult(r), nil
}

// readStdinArg replaces the expression with standard input for --stdin; it
// runs in the CLI process before the request is sent.
func readStdinArg(in *Input) error {
	if !in.Bool("stdin") {
		return nil
	}
	b, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	in.Args = []string{string(b)}
	delete(in.Flags, "stdin")
	return nil
}
