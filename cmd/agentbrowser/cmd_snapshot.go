package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func init() {
	register(&Command{
		Name: "snapshot", Usage: "snapshot [--interactive] [--max-depth N] [--scope REF] [--max-chars N] [--diff]",
		Summary: "the active tab's state: url, title, accessibility snapshot with refs, and what other watchdogs add",
		MaxArgs: 0, RefFlags: []string{"scope"},
		Flags: []Flag{
			{Name: "interactive", Kind: Bool, Usage: "list only the lines that carry a ref, flat"},
			{Name: "max-depth", Kind: Int, Usage: "show only lines shallower than N (0: no limit)"},
			{Name: "scope", Kind: String, Usage: "show only the subtree of this ref"},
			{Name: "max-chars", Kind: Int, Usage: "cut the snapshot at a line boundary to at most N characters (0: no limit; at least 100)"},
			{Name: "no-tree", Kind: Bool, Usage: "everything but the accessibility tree"},
			{Name: "diff", Kind: Bool, Usage: "only the lines changed since this session's previous snapshot of the tab (snapshot_diff says what)"},
		},
		Run: runSnapshot,
	})
}

func runSnapshot(ctx context.Context, env *Env, in Input) (Result, error) {
	opts := events.SnapshotOptions{Interactive: in.Bool("interactive")}
	var err error
	if opts.MaxDepth, err = in.Int("max-depth", 0); err != nil {
		return nil, err
	}
	if opts.MaxChars, err = in.Int("max-chars", 0); err != nil {
		return nil, err
	}
	if in.Has("scope") {
		if opts.Scope, err = parseRef(in.String("scope")); err != nil {
			return nil, err
		}
	}
	st, err := actions.State(ctx, env.Session, events.BrowserStateRequestEvent{Snapshot: opts, SkipTree: in.Bool("no-tree")})
	if err != nil {
		return nil, err
	}
	return stateResult(trackSnapshot(st, in.Bool("diff")))
}
