package main

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "click", Usage: "click REF | --xy X,Y [--button right] [--double] [--modifiers Shift]", Summary: "click an element by ref, or viewport coordinates",
		MinArgs: 0, MaxArgs: 1, RefArgs: 1,
		Flags: []Flag{
			{Name: "xy", Kind: String, Usage: "viewport coordinates X,Y"},
			{Name: "button", Kind: String, Usage: "left (default), right or middle"},
			{Name: "double", Kind: Bool, Usage: "double click"},
			{Name: "modifiers", Kind: String, Usage: "comma-separated: Alt, Control, Meta, Shift"},
			{Name: "force", Kind: Bool, Usage: "skip the check that nothing covers it (through script where nothing of it can be reached)"},
		},
		Parse: parseClick,
	})
}

// parseClick reads a click by ref or at --xy.
func parseClick(in Input) (request.Request, error) {
	q := request.Click{
		Button: events.MouseButton(in.String("button")), Double: in.Bool("double"),
		Modifiers: splitList(in.String("modifiers")), Force: in.Bool("force"),
	}
	switch {
	case in.Has("xy") && len(in.Args) > 0:
		return nil, usageErrorf("click takes a REF or --xy, not both")
	case in.Has("xy"):
		x, y, err := parseXY(in.String("xy"))
		if err != nil {
			return nil, err
		}
		q.At = &request.Point{X: x, Y: y}
	case len(in.Args) == 0:
		return nil, usageErrorf("usage: agentbrowser click REF | --xy X,Y")
	default:
		q.Ref = ref(in.Args[0])
	}
	return q, nil
}
