package cli

import (
	"github.com/agentbrowser/agentbrowser/request"
)

var fillCommand = &Command{
	Name: "fill", Usage: "fill REF VALUE [--submit]",
	Summary: "set what REF holds to VALUE, the element deciding how: a field or an editor is emptied and typed into (date, time, color, range and other inputs take a common form), a select or combobox picks the option, a checkbox or switch takes true/false, a radio group the label of one radio, a slider or spin button a number (moved there with keys); checked afterwards",
	MinArgs: 2, MaxArgs: 2, RefArgs: 1,
	Flags: []Flag{{Name: "submit", Kind: Bool, Usage: "press Enter afterwards"}},
	Parse: func(in Input) (request.Request, error) {
		if in.Bool("submit") {
			// Enter after: a text field's path, type --clear.
			return request.Type{Ref: in.Target(0), Text: in.Args[1], Clear: true, Submit: true}, nil
		}
		return request.Fill{Ref: in.Target(0), Value: in.Args[1]}, nil
	},
}
