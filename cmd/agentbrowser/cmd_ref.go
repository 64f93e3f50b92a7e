package main

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// clickRef clicks an element by ref: scrolled into view, checked for
// overlays, clicked with real mouse events (or through script with
// --force).
func clickRef(ctx context.Context, env *Env, in Input, mods []string) (Result, error) {
	ref, err := parseRef(in.Args[0])
	if err != nil {
		return nil, err
	}
	r, err := actions.ClickElement(ctx, env.Session, events.ClickElementEvent{
		Ref:        ref,
		Button:     events.MouseButton(in.String("button")),
		ClickCount: clickCount(in),
		Modifiers:  mods,
		Force:      in.Bool("force"),
	})
	if err != nil {
		return nil, err
	}
	return structResult(r), nil
}
