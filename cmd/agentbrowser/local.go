package main

import (
	"context"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// runServe is the serve command: the session's daemon in the foreground.
// It has no budget of its own.
func runServe(ctx context.Context, g cli.Globals, in cli.Input) (cli.Result, error) {
	if err := serveForeground(g, loggerFrom(ctx)); err != nil {
		return nil, err
	}
	return cli.Result{"stopped": true}, nil
}

// listSessions is the sessions command: the status of every session whose
// daemon answers.
func listSessions(ctx context.Context, g cli.Globals, in cli.Input) (cli.Result, error) {
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
	return cli.Result{"sessions": out}, nil
}
