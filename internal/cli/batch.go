package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agentbrowser/agentbrowser/request"
)

var batchCommand = &Command{
	Name: "batch", Usage: "batch [--file F] [--continue]",
	Summary: "run a JSON array of command lines (each an array of strings) from stdin or F, in order, in one call; stop at the first error unless --continue",
	MaxArgs: 0,
	Flags: []Flag{
		{Name: "file", Kind: String, Usage: "read the steps from this file instead of standard input"},
		{Name: "continue", Kind: Bool, Usage: "run every step, whatever fails"},
	},
	Parse: func(in Input) (request.Request, error) {
		return request.Batch{Continue: in.Bool("continue")}, nil
	},
	Prepare: prepareBatch,
	Print:   printBatch,
}

// batchGlobal reports the global flags a step may carry; the others belong to
// the batch as a whole.
func batchGlobal(name string) bool { return name == "tab" || name == "timeout-ms" }

// prepareBatch reads the steps (in the CLI process, which has the caller's
// stdin and files) and turns each into its request, as the command alone
// would be: a step that does not parse is a usage error and nothing runs.
func prepareBatch(in Input, q request.Request, check Checker) (request.Request, error) {
	// The steps travel in one request: no more is read than it carries.
	var raw []byte
	var err error
	if in.Has("file") {
		raw, err = readUserFile("batch --file", in.String("file"), MaxRequestBytes)
	} else {
		raw, err = readStdin("batch", MaxRequestBytes)
	}
	if err != nil {
		return nil, err
	}
	var lines [][]string
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&lines); err != nil {
		return nil, usageErrorf("batch: the steps must be a JSON array of command lines, each an array of strings, such as [[\"open\",\"https://example.com\"],[\"click\",\"text=More\"]]: %v", err)
	}
	if dec.More() {
		return nil, usageErrorf("batch: something follows the array of steps")
	}
	b := q.(request.Batch)
	for i, argv := range lines {
		step, err := batchStep(argv, check)
		if err != nil {
			return nil, usageErrorf("batch step %d (%s): %s", i+1, strings.Join(argv, " "), errText(err))
		}
		b.Steps = append(b.Steps, step)
	}
	if len(b.Steps) == 0 {
		return nil, usageErrorf("batch: no steps")
	}
	if len(b.Steps) > request.MaxBatchSteps {
		return nil, usageErrorf("batch: %d steps; at most %d are allowed", len(b.Steps), request.MaxBatchSteps)
	}
	return b, nil
}

// batchStep parses one step's command line.
func batchStep(argv []string, check Checker) (request.BatchStep, error) {
	for _, a := range argv {
		if !isFlag(a) {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if batchGlobal(name) {
			continue
		}
		for _, f := range append(append([]Flag{}, globalFlags...), settingFlags...) {
			if f.Name == name {
				return request.BatchStep{}, usageErrorf("--%s applies to the whole batch; give it to batch itself", name)
			}
		}
	}
	g, cmd, in, err := parseArgs(argv)
	if err != nil {
		return request.BatchStep{}, err
	}
	if cmd.Local || cmd.Name == "batch" || cmd.Name == "close" || cmd.Name == "status" {
		return request.BatchStep{}, usageErrorf("%s cannot run in a batch", cmd.Name)
	}
	if in.Bool("stdin") {
		return request.BatchStep{}, usageErrorf("--stdin cannot be used in a batch, which reads its steps there")
	}
	q, err := buildRequest(cmd, in, check)
	if err != nil {
		return request.BatchStep{}, err
	}
	o := request.Options{Tab: g.Tab}
	if hasFlag(argv, "timeout-ms") {
		o.TimeoutMS = g.TimeoutMS
	}
	return request.NewBatchStep(q, o)
}

func hasFlag(argv []string, name string) bool {
	for _, a := range argv {
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			return true
		}
	}
	return false
}

// errText is err's message as a body would give it.
func errText(err error) string {
	f, _ := FaultOf(err)
	return f.Say(Steps).Message
}

// batchBudget gives each step of b the command line's budget, timeoutMS,
// unless it has its own, and returns the budget of the whole batch: the
// sum of its steps' (at most MaxTimeoutMS).
func batchBudget(b request.Batch, timeoutMS int) (request.Batch, int) {
	b.StepTimeoutMS = timeoutMS
	total := 0
	for _, s := range b.Steps {
		if s.TimeoutMS > 0 {
			total += s.TimeoutMS
		} else {
			total += timeoutMS
		}
	}
	return b, min(max(total, timeoutMS), MaxTimeoutMS)
}

// printBatch prints one answer per step that ran, each as the command alone
// would print it: with --json one array of their objects. The exit code is
// the first failed step's.
func printBatch(stdout, stderr io.Writer, asJSON bool, rep Reply, notice string) int {
	if rep.Fault != nil {
		// The batch itself failed (a bad step, no browser).
		body := faultBody(*rep.Fault)
		if notice != "" {
			body["notice"] = notice
		}
		if asJSON {
			emitArray(stdout, []map[string]any{body})
		} else {
			emit(stdout, stderr, false, body)
		}
		return rep.Exit
	}
	exit := rep.Exit
	var res request.BatchResult
	if err := json.Unmarshal(rep.Response, &res); err != nil {
		body, exit := errBody(fmt.Errorf("decoding daemon reply: %w", err))
		emit(stdout, stderr, asJSON, body)
		return exit
	}
	bodies := make([]map[string]any, len(res.Results))
	for i, r := range res.Results {
		if r.Fault != nil {
			bodies[i] = faultBody(*r.Fault)
			exit = max(exit, ExitAction)
			continue
		}
		if err := json.Unmarshal(r.Body, &bodies[i]); err != nil {
			bodies[i], _ = errBody(err)
		}
	}
	if asJSON {
		emitArray(stdout, bodies)
		return exit
	}
	for _, b := range bodies {
		emit(stdout, stderr, false, b)
	}
	return exit
}
