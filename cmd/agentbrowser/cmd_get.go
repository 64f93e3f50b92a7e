package main

import (
	"slices"
	"strings"

	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name:    "get",
		Usage:   "get text|value|html|box|styles REF | get attr REF NAME | get count LOCATOR | get title|url",
		Summary: "read an element's text, value, attribute, HTML, box or computed styles, count a locator's matches, or read the tab's title or URL",
		MinArgs: 1, MaxArgs: 3,
		Flags: []Flag{
			{Name: "props", Kind: String, Usage: "with styles: only these properties, comma-separated (color,font-size)"},
			{Name: "outer", Kind: Bool, Usage: "with html: the element's outer HTML, itself included"},
		},
		Parse: parseGet,
	})
	register(&Command{
		Name: "is", Usage: "is visible|enabled|checked|editable REF",
		Summary: "say whether an element is visible, enabled, checked or editable (true or false); a locator that matches nothing is not visible",
		MinArgs: 2, MaxArgs: 2,
		Parse: func(in Input) (request.Request, error) {
			what := in.Args[0]
			if !slices.Contains(request.IsWhat, what) {
				return nil, usageErrorf("is %q: want %s", what, strings.Join(request.IsWhat, ", "))
			}
			r, err := parseRef(in.Args[1])
			if err != nil {
				return nil, err
			}
			return request.Is{What: what, Ref: r}, nil
		},
	})
}

// parseGet reads get's subcommand and its arguments.
func parseGet(in Input) (request.Request, error) {
	what := in.Args[0]
	if !slices.Contains(request.GetWhat, what) {
		return nil, usageErrorf("get %q: want %s", what, strings.Join(request.GetWhat, ", "))
	}
	q := request.Get{What: what, Props: splitList(in.String("props")), Outer: in.Bool("outer")}
	want := 2
	switch what {
	case "title", "url":
		want = 1
	case "attr":
		want = 3
	}
	if len(in.Args) != want {
		return nil, usageErrorf("usage: agentbrowser %s", commands["get"].Usage)
	}
	if want > 1 {
		r, err := parseRef(in.Args[1])
		if err != nil {
			return nil, err
		}
		q.Ref = r
	}
	if what == "attr" {
		q.Name = in.Args[2]
	}
	if in.Has("props") && what != "styles" {
		return nil, usageErrorf("--props goes with get styles")
	}
	if in.Bool("outer") && what != "html" {
		return nil, usageErrorf("--outer goes with get html")
	}
	return q, nil
}
