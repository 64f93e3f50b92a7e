package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

func init() {
	register(&Command{
		Name: "drag", Usage: "drag START_REF END_REF", Summary: "drag an element onto another with real mouse events",
		MinArgs: 2, MaxArgs: 2, RefArgs: 2,
		Run: runDrag,
	})
	register(&Command{
		Name: "resize", Usage: "resize WIDTH HEIGHT", Summary: "set the active tab's viewport size in CSS pixels",
		MinArgs: 2, MaxArgs: 2,
		Check: func(in Input) error {
			_, _, err := parseSize(in)
			return err
		},
		Run: runResize,
	})
}

// parseSize reads resize's WIDTH and HEIGHT.
func parseSize(in Input) (w, h int, err error) {
	w, err1 := strconv.Atoi(in.Args[0])
	h, err2 := strconv.Atoi(in.Args[1])
	if err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, usageErrorf("resize %s %s: want two positive integers", in.Args[0], in.Args[1])
	}
	return w, h, nil
}

func runResize(ctx context.Context, env *Env, in Input) (Result, error) {
	w, h, err := parseSize(in)
	if err != nil {
		return nil, err
	}
	p, _ := json.Marshal(map[string]any{"width": w, "height": h, "deviceScaleFactor": 0, "mobile": false})
	if _, err := actions.CDP(ctx, env.Session, "Emulation.setDeviceMetricsOverride", p, ""); err != nil {
		return nil, err
	}
	return Result{"width": w, "height": h}, nil
}

// centerOf scrolls a ref's element into view and returns the centre of its
// first content quad, in the top page's viewport.
func centerOf(ctx context.Context, env *Env, s string) (float64, float64, error) {
	ref, err := parseRef(s)
	if err != nil {
		return 0, 0, err
	}
	r, err := actions.ResolveRef(ctx, env.Session, ref)
	if err != nil {
		return 0, 0, err
	}
	tab, err := env.Session.ActiveTab()
	if err != nil {
		return 0, 0, err
	}
	if r.TargetID != "" && r.TargetID != tab.ID {
		return 0, 0, invalidArg("ref %s is inside an out-of-process frame; drag works within one page", ref)
	}
	node, _ := json.Marshal(map[string]any{"backendNodeId": r.BackendNodeID})
	actions.CDP(ctx, env.Session, "DOM.scrollIntoViewIfNeeded", node, "")
	raw, err := actions.CDP(ctx, env.Session, "DOM.getContentQuads", node, "")
	if err != nil {
		return 0, 0, err
	}
	var q struct{ Quads [][]float64 }
	if json.Unmarshal(raw, &q) != nil || len(q.Quads) == 0 || len(q.Quads[0]) < 8 {
		return 0, 0, events.Errorf(events.CodeNotFound, "element %s has no visible box", ref)
	}
	x, y := 0.0, 0.0
	for i := 0; i < 8; i += 2 {
		x += q.Quads[0][i] / 4
		y += q.Quads[0][i+1] / 4
	}
	return x, y, nil
}

func runDrag(ctx context.Context, env *Env, in Input) (Result, error) {
	x0, y0, err := centerOf(ctx, env, in.Args[0])
	if err != nil {
		return nil, err
	}
	x1, y1, err := centerOf(ctx, env, in.Args[1])
	if err != nil {
		return nil, err
	}
	mouse := func(typ string, x, y float64, buttons int) error {
		p, _ := json.Marshal(map[string]any{"type": typ, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1})
		_, err := actions.CDP(ctx, env.Session, "Input.dispatchMouseEvent", p, "")
		if err != nil {
			return fmt.Errorf("dispatching %s: %w", typ, err)
		}
		return nil
	}
	steps := []error{mouse("mouseMoved", x0, y0, 0), mouse("mousePressed", x0, y0, 1)}
	for i := 1; i <= 5; i++ {
		f := float64(i) / 5
		steps = append(steps, mouse("mouseMoved", x0+(x1-x0)*f, y0+(y1-y0)*f, 1))
	}
	steps = append(steps, mouse("mouseReleased", x1, y1, 0))
	for _, e := range steps {
		if e != nil {
			return nil, e
		}
	}
	return Result{"from": map[string]float64{"x": x0, "y": y0}, "to": map[string]float64{"x": x1, "y": y1}}, nil
}
