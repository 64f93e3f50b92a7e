package cli

import (
	"errors"
	"os"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/request"
)

// evalFlags are the eval command's flags; core.go declares the command
// with them.
var evalFlags = []Flag{
	{Name: "stdin", Kind: Bool, Usage: "read EXPR from standard input"},
	{Name: "ref", Kind: String, Usage: "call EXPR, a function such as 'el => el.value', with the element REF names"},
	{Name: "frame", Kind: String, Usage: "run EXPR in the frame FRAME_ID (see 'frames')"},
}

// parseEval reads eval's expression and flags. With --stdin the
// expression comes later, when Prepare has read it.
func parseEval(in Input) (request.Request, error) {
	if !in.Bool("stdin") && (len(in.Args) == 0 || in.Args[0] == "") {
		return nil, usageErrorf("usage: agentbrowser eval EXPR [--ref REF] [--frame FRAME_ID] (or --stdin)")
	}
	if in.Has("ref") && in.Has("frame") {
		return nil, usageErrorf("eval takes --ref or --frame, not both: a ref knows its frame")
	}
	q := request.Eval{Frame: in.String("frame")}
	if len(in.Args) > 0 {
		q.Expression = in.Args[0]
	}
	if in.Has("ref") {
		q.Ref = in.FlagTarget("ref")
	}
	return q, nil
}

// readStdinArg replaces the expression with standard input for --stdin; it
// runs in the CLI process before the request is sent.
func readStdinArg(in Input, q request.Request, _ Checker) (request.Request, error) {
	if !in.Bool("stdin") {
		return q, nil
	}
	// No more than a request can carry: an endless stdin (/dev/zero) is
	// refused without reading it all.
	b, err := safefile.ReadAll(os.Stdin, MaxRequestBytes)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, ErrRequestTooLarge
	}
	if err != nil {
		return nil, invalidArg("reading the expression from standard input: %v", err)
	}
	e := q.(request.Eval)
	e.Expression = string(b)
	return e, nil
}
