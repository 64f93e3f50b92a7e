package main

import (
	"context"
	"io"
	"os"
	"strconv"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
)

// evalFlags are the eval command's flags; cmd_core.go registers the command
// with them.
var evalFlags = []Flag{
	{Name: "stdin", Kind: Bool, Usage: "read EXPR from standard input"},
	{Name: "ref", Kind: String, Usage: "call EXPR, a function such as 'el => el.value', with the element REF names"},
	{Name: "frame", Kind: String, Usage: "run EXPR in the frame FRAME_ID (see 'frames')"},
}

func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "evaluate-enabled", Kind: Bool, Usage: "allow eval (default true); --evaluate-enabled=false makes every eval fail with evaluate_disabled"},
	)
	settingOptions = append(settingOptions, evaluateOptions)
}

// evaluateOptions turns --evaluate-enabled into the EvaluateWatchdog's
// config.
func evaluateOptions(settings map[string]string) (fx.Option, error) {
	v, ok := settings["evaluate-enabled"]
	maxResult, err := maxResultBytes(settings)
	if err != nil {
		return nil, err
	}
	if !ok && maxResult == 0 {
		return nil, nil
	}
	cfg := evaluate.DefaultConfig()
	cfg.MaxResultBytes = maxResult
	if ok {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return nil, usageErrorf("--evaluate-enabled %q: want true or false", v)
		}
		cfg.Enabled = on
	}
	return fx.Supply(&cfg), nil
}

// checkEval checks eval's expression and flags (Command.Check). With
// --stdin the expression comes later, when Prepare has read it; the
// daemon's check of the request then finds it.
func checkEval(in Input) error {
	if !in.Bool("stdin") && (len(in.Args) == 0 || in.Args[0] == "") {
		return usageErrorf("usage: agentbrowser eval EXPR [--ref REF] [--frame FRAME_ID] (or --stdin)")
	}
	if in.Has("ref") && in.Has("frame") {
		return usageErrorf("eval takes --ref or --frame, not both: a ref knows its frame")
	}
	return nil
}

// runEval evaluates EXPR through the evaluate engine within the command's
// budget (--timeout-ms): the script is terminated when the budget runs out.
// The result carries value, type and engine (isolated or fallback).
func runEval(ctx context.Context, env *Env, in Input) (Result, error) {
	// checkEval has made sure of the expression, except for a request that
	// still carries --stdin (which the caller's Prepare reads and drops):
	// it has none, and the engine refuses the empty one.
	expr := ""
	if len(in.Args) > 0 {
		expr = in.Args[0]
	}
	e := events.EvaluateEvent{AwaitPromise: true, ReturnByValue: true}
	switch {
	case in.Has("ref"):
		ref, err := parseRef(in.String("ref"))
		if err != nil {
			return nil, err
		}
		e.Ref, e.Function = ref, expr
	default:
		frame, err := resolveFrame(ctx, env, in.String("frame"))
		if err != nil {
			return nil, err
		}
		e.Expression, e.FrameID = expr, frame
	}
	r, err := actions.Do(ctx, env.Session, e)
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
