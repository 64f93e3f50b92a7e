package main

import (
	"context"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "open", Usage: "open URL", Summary: "load URL in the active tab and wait for it to load",
		MinArgs: 1, MaxArgs: 1,
		Flags: []Flag{waitUntilFlag},
		Parse: func(in Input) (request.Request, error) {
			return request.Open{URL: in.Args[0], Wait: events.WaitUntil(in.String("wait"))}, nil
		},
	})
	register(&Command{
		Name: "eval", Usage: "eval EXPR [--ref REF] [--frame FRAME_ID] [--stdin]", Summary: "evaluate JavaScript (with --ref, EXPR is a function of the element) within the --timeout-ms budget",
		MinArgs: 0, MaxArgs: 1, RefFlags: []string{"ref"},
		Flags:   evalFlags,
		Parse:   parseEval,
		Prepare: readStdinArg,
	})
	register(&Command{
		Name: "tabs", Usage: "tabs", Summary: "list the session's tabs",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Tabs{}, nil },
	})
	register(&Command{
		Name: "close", Usage: "close", Summary: "close the browser and end the session's daemon",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Close{}, nil },
	})
	register(&Command{
		Name: "status", Usage: "status", Summary: "the daemon's state (used by sessions)",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Status{}, nil },
	})
	register(&Command{
		Name: "sessions", Usage: "sessions", Summary: "list sessions with a running daemon",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			dir, err := runtimeDir()
			if err != nil {
				return nil, err
			}
			socks, _ := filepath.Glob(filepath.Join(dir, "*.sock"))
			sort.Strings(socks)
			out := []request.StatusResult{}
			for _, s := range socks {
				name := strings.TrimSuffix(filepath.Base(s), ".sock")
				if st, alive := sessionStatus(name); alive {
					out = append(out, st)
				}
			}
			return Result{"sessions": out}, nil
		},
	})
	register(&Command{
		Name: "serve", Usage: "serve", Summary: "run the session's daemon in the foreground",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			// serve is the daemon; it has no budget of its own.
			log := loggerFrom(ctx)
			if err := serveForeground(g, log); err != nil {
				return nil, err
			}
			return Result{"stopped": true}, nil
		},
	})
	register(&Command{
		Name: "version", Usage: "version", Summary: "print the version",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			return Result{"version": version}, nil
		},
	})
}

// parseXY parses "X,Y".
func parseXY(s string) (float64, float64, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.ParseFloat(strings.TrimSpace(xs), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(ys), 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usageErrorf("--xy %q: want X,Y such as 120,340", s)
	}
	return x, y, nil
}
