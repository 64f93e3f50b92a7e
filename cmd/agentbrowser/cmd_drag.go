package main

import (
	"strconv"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "drag", Usage: "drag START_REF END_REF [--before | --after] [--force]", Summary: "drag an element onto another as a user does; says where it ended",
		MinArgs: 2, MaxArgs: 2, RefArgs: 2,
		Flags: []Flag{
			{Name: "before", Kind: Bool, Usage: "let go over the target's leading part, to put the element before it"},
			{Name: "after", Kind: Bool, Usage: "let go over the target's trailing part, to put the element after it"},
			{Name: "force", Kind: Bool, Usage: "skip the check that nothing covers either element"},
		},
		Parse: func(in Input) (request.Request, error) {
			q := request.Drag{From: ref(in.Args[0]), To: ref(in.Args[1]), Force: in.Bool("force")}
			switch {
			case in.Bool("before") && in.Bool("after"):
				return nil, usageErrorf("drag takes --before or --after, not both")
			case in.Bool("before"):
				q.Position = events.DragBefore
			case in.Bool("after"):
				q.Position = events.DragAfter
			}
			return q, nil
		},
	})
	register(&Command{
		Name: "resize", Usage: "resize WIDTH HEIGHT", Summary: "set the active tab's viewport size in CSS pixels",
		MinArgs: 2, MaxArgs: 2,
		Parse: parseSize,
	})
}

// parseSize reads resize's WIDTH and HEIGHT.
func parseSize(in Input) (request.Request, error) {
	w, err1 := strconv.Atoi(in.Args[0])
	h, err2 := strconv.Atoi(in.Args[1])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 || w > request.MaxViewport || h > request.MaxViewport {
		return nil, usageErrorf("resize %s %s: want two positive integers, each at most %d", in.Args[0], in.Args[1], request.MaxViewport)
	}
	return request.Resize{Width: w, Height: h}, nil
}
