package main

import (
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "fill", Usage: "fill REF TEXT [--submit]",
		Summary: "empty a field and type TEXT into it (type with --clear): text, date, time, color, range and other inputs, textareas, contenteditables",
		MinArgs: 2, MaxArgs: 2, RefArgs: 1,
		Flags: []Flag{{Name: "submit", Kind: Bool, Usage: "press Enter afterwards"}},
		Parse: func(in Input) (request.Request, error) {
			// The same path as type --clear, so every kind of field it
			// handles, fill handles.
			return request.Type{Ref: ref(in.Args[0]), Text: in.Args[1], Clear: true, Submit: in.Bool("submit")}, nil
		},
	})
}
