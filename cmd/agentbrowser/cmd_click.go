package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
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
		Check: checkClick,
		Run:   runClick,
	})
}

// checkClick checks the command line and the click's button, count and
// modifiers (Command.Check); a click by ref has the same checked as a
// coordinate click, which also has its coordinates checked.
func checkClick(in Input) error {
	e := events.ClickCoordinateEvent{
		Button: events.MouseButton(in.String("button")), ClickCount: clickCount(in), Modifiers: splitList(in.String("modifiers")),
	}
	if in.Has("xy") {
		if len(in.Args) > 0 {
			return usageErrorf("click takes a REF or --xy, not both")
		}
		var err error
		if e.X, e.Y, err = parseXY(in.String("xy")); err != nil {
			return err
		}
	} else if len(in.Args) == 0 {
		return usageErrorf("usage: agentbrowser click REF | --xy X,Y")
	}
	return defaultaction.Check(e)
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
		x, y, err := parseXY(in.String("xy"))
		if err != nil {
			return nil, err
		}
		r, err := actions.Do(ctx, env.Session, events.ClickCoordinateEvent{
			X: x, Y: y, Button: events.MouseButton(in.String("button")), ClickCount: clickCount(in), Modifiers: mods,
		})
		if err != nil {
			return nil, err
		}
		return structResult(r), nil
	}
	return clickRef(ctx, env, in, mods)
}
