package main

import (
	"strconv"

	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "drag", Usage: "drag START_REF END_REF", Summary: "drag an element onto another with real mouse events",
		MinArgs: 2, MaxArgs: 2, RefArgs: 2,
		Parse: func(in Input) (request.Request, error) {
			return request.Drag{From: ref(in.Args[0]), To: ref(in.Args[1])}, nil
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
