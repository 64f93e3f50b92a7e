package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
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
			{Name: "force", Kind: Bool, Usage: "click through script, ignoring overlays"},
		},
		Prepare: checkClick,
		Run:     runClick,
	})
}

// checkClick rejects a malformed command line before any daemon starts.
func checkClick(in *Input) error {
	if in.Has("xy") {
		if len(in.Args) > 0 {
			return usageErrorf("click takes a REF or --xy, not both")
		}
		_, _, err := parseXY(in.String("xy"))
		return err
	}
	if len(in.Args) == 0 {
		return usageErrorf("usage: agentbrowser click REF | --xy X,Y")
	}
	return nil
}

func clickCount(in Input) int {
	if in.Bool("double") {
		return 2
	}
	return 1
}

func runClick(ctx context.Context, env *Env, in Input) (Result, error) {
	mods := splitList(in.String("modifiers"))
	if in.Has("xy") {
		if len(in.Args) > 0 {
			return nil, usageErrorf("click takes a REF or --xy, not both")
		}
		x, y, err := parseXY(in.String("xy"))
		if err != nil {
			return nil, err
		}
		r, err := actions.Do[events.ClickCoordinateEvent, events.ActionResult](ctx, env.Session, events.ClickCoordinateEvent{
			X: x, Y: y, Button: events.MouseButton(in.String("button")), ClickCount: clickCount(in), Modifiers: mods,
		})
		if err != nil {
			return nil, err
		}
		return structResult(r), nil
	}
	if len(in.Args) == 0 {
		return nil, usageErrorf("usage: agentbrowser click REF | --xy X,Y")
	}
	return clickRef(ctx, env, in, mods)
}
