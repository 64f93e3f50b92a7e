package cli

import (
	"github.com/agentbrowser/agentbrowser/request"
)

var findCommand = &Command{
	Name: "find", Usage: "find LOCATOR [--limit N]",
	Summary: "list the elements a locator matches, with refs, without a snapshot (css=, text=, role=ROLE[name=\"NAME\"], label=, placeholder=, testid=)",
	MinArgs: 1, MaxArgs: 1, RefArgs: 1,
	Flags: []Flag{{Name: "limit", Kind: Int, Usage: "list at most N matches (default 50; total counts them all)"}},
	Parse: func(in Input) (request.Request, error) {
		n, err := in.Int("limit", 0)
		return request.Find{Locator: in.Target(0).String(), Limit: n}, err
	},
}

var readCommand = &Command{
	Name: "read", Usage: "read [REF] [--all]",
	Summary: "the page's (or an element's) readable content as Markdown, links with their refs; --all keeps the navigation",
	MaxArgs: 1, RefArgs: 1,
	Flags: []Flag{{Name: "all", Kind: Bool, Usage: "keep the navigation, header, footer and sidebars"}},
	Parse: func(in Input) (request.Request, error) {
		q := request.Read{All: in.Bool("all")}
		if len(in.Args) == 1 {
			q.Ref = in.Target(0)
		}
		return q, nil
	},
}
