package cli

import (
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var dropCommand = &Command{
	Name: "drop", Usage: "drop REF [FILE...] [--files PATH]... [--data MIME=TEXT]... [--force]",
	Summary: "drop files or data onto an element as if dragged in from outside the page",
	MinArgs: 1, MaxArgs: -1, RefArgs: 1,
	Flags: []Flag{
		{Name: "files", Kind: Multi, Usage: "a file to drop (repeatable; files may also follow REF)"},
		{Name: "data", Kind: Multi, Usage: "data to drop as MIME=TEXT, such as text/plain=hello (repeatable)"},
		{Name: "force", Kind: Bool, Usage: "skip the check that nothing covers the element"},
	},
	Parse: func(in Input) (request.Request, error) {
		q := request.Drop{Ref: in.Target(0), Files: append(append([]string{}, in.Args[1:]...), in.Multi("files")...), Force: in.Bool("force")}
		for _, d := range in.Multi("data") {
			mime, text, ok := strings.Cut(d, "=")
			if !ok || strings.TrimSpace(mime) == "" {
				return nil, usageErrorf("--data %q: want MIME=TEXT, such as text/plain=hello", d)
			}
			q.Data = append(q.Data, events.DropItem{MIME: strings.TrimSpace(mime), Text: text})
		}
		if len(q.Files) == 0 && len(q.Data) == 0 {
			return nil, usageErrorf("drop needs files (after REF or with --files) or --data MIME=TEXT")
		}
		return q, nil
	},
}
