package main

import (
	"strconv"

	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name:    "wait",
		Usage:   "wait MS | wait REF | --text T | --ref REF | --gone REF | --url PATTERN | --load [load|domcontentloaded|networkidle] | --fn EXPR",
		Summary: "wait, within the budget, for a time, an element, text, an element to go, a URL, a load state, or a script to be true",
		MaxArgs: 1, RefFlags: []string{"ref", "gone"},
		Flags: []Flag{
			{Name: "text", Kind: String, Usage: "text to appear in the page"},
			{Name: "ref", Kind: String, Usage: "an element to be visible (as a positional REF)"},
			{Name: "gone", Kind: String, Usage: "an element to be removed or hidden"},
			{Name: "url", Kind: String, Usage: "the URL to contain this, or to match it with * as a wildcard (**/done)"},
			{Name: "load", Kind: Optional, Values: []string{"load", "domcontentloaded", "networkidle"},
				Usage: "a load state: load (the default), domcontentloaded, or networkidle (loaded, then 500 ms without a request)"},
			{Name: "fn", Kind: String, Usage: "a JavaScript expression or function, evaluated until its value is truthy (obeys the evaluate switch)"},
		},
		Parse: parseWait,
	})
}

// parseWait reads wait's one condition: a positional number of
// milliseconds or element, or one flag.
func parseWait(in Input) (request.Request, error) {
	q := request.Wait{Text: in.String("text"), URL: in.String("url"), Fn: in.String("fn")}
	switch v := in.String("load"); v {
	case "":
	case "load":
		q.Load = true
	default:
		q.LoadState = v
	}
	if in.Has("ref") {
		q.Ref = ref(in.String("ref"))
	}
	if in.Has("gone") {
		q.Gone = ref(in.String("gone"))
	}
	if len(in.Args) == 1 {
		a := in.Args[0]
		if n, err := strconv.Atoi(a); err == nil {
			if n <= 0 {
				return nil, usageErrorf("wait %s: a pause is a number of milliseconds, at least 1", a)
			}
			q.MS = n
		} else {
			if in.Has("ref") {
				return nil, usageErrorf("give the element as REF or --ref, not both")
			}
			r, err := parseRef(a)
			if err != nil {
				return nil, err
			}
			q.Ref = r
		}
	}
	// No condition, or several, is the handler's to refuse (exit 1, as
	// documented), checked before a daemon starts.
	return q, nil
}
