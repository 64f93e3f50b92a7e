package main

import (
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "snapshot", Usage: "snapshot [-i|--interactive] [-d|--max-depth N] [-s|--scope REF] [--find TEXT|/RE/] [--max-chars N] [--cursor C] [--full] [--diff]",
		Summary: "the active tab's state: url, title, accessibility snapshot with refs, and what other watchdogs add",
		MaxArgs: 0, RefFlags: []string{"scope"},
		Flags: []Flag{
			{Name: "interactive", Short: "i", Kind: Bool, Usage: "list only the lines that carry a ref, flat"},
			{Name: "compact", Short: "c", Kind: Bool, Usage: "accepted for agent-browser's -c: the tree always leaves out wrappers that hold nothing to read or act on"},
			{Name: "max-depth", Short: "d", Kind: Int, Usage: "show only lines shallower than N (0: no limit)"},
			{Name: "scope", Short: "s", Kind: String, Usage: "show only the subtree of this element (a ref, a locator or a CSS selector such as '#main')"},
			{Name: "find", Kind: String, Usage: "show only the lines that match a text (any case) or a /regular expression/, each under its nearest heading or landmark"},
			{Name: "max-chars", Kind: Int, Usage: "cut the snapshot at a line boundary to at most N bytes (default 100000; at least 100); its last line gives the cursor of the rest"},
			{Name: "cursor", Kind: String, Usage: "show the part of a cut snapshot from this cursor on (next_cursor of the part before, same options otherwise)"},
			{Name: "full", Kind: Bool, Usage: "show site chrome (banner, navigation, footer an earlier page of the site showed) whole"},
			{Name: "no-tree", Kind: Bool, Usage: "everything but the accessibility tree"},
			{Name: "diff", Kind: Bool, Usage: "only the lines changed since this session's previous snapshot of the tab (snapshot_diff says what)"},
		},
		Parse: func(in Input) (request.Request, error) {
			q := request.Snapshot{Interactive: in.Bool("interactive"), NoTree: in.Bool("no-tree"), Diff: in.Bool("diff"),
				Find: in.String("find"), Cursor: in.String("cursor"), Full: in.Bool("full")}
			var err error
			if q.MaxDepth, err = in.Int("max-depth", 0); err != nil {
				return nil, err
			}
			if q.MaxChars, err = in.Int("max-chars", 0); err != nil {
				return nil, err
			}
			if in.Has("scope") {
				q.Scope = ref(in.String("scope"))
			}
			return q, nil
		},
	})
}
