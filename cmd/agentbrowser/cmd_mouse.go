package main

import (
	"strconv"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func init() {
	register(&Command{
		Name: "mouse", Usage: "mouse move X Y | down | up | wheel DX DY | click X Y | drag X1 Y1 X2 Y2 [--button right] [--count 2] [--delay MS]",
		Summary: "drive the mouse at viewport coordinates: move, press, release, wheel, click, drag",
		MinArgs: 1, MaxArgs: 5,
		Flags: []Flag{
			{Name: "button", Kind: String, Usage: "down, up, click: left (default), right or middle"},
			{Name: "count", Kind: String, Usage: "click: how many clicks (1 to 3)"},
			{Name: "delay", Kind: String, Usage: "click: how long each press is held, in milliseconds"},
		},
		Parse: parseMouse,
	})
}

// mouseArgs is how many numbers each mouse action takes.
var mouseArgs = map[events.MouseAction]int{
	events.MouseMove: 2, events.MouseDown: 0, events.MouseUp: 0, events.MouseWheel: 2, events.MouseClick: 2, events.MouseDrag: 4,
}

// parseMouse reads mouse's action and numbers.
func parseMouse(in Input) (request.Request, error) {
	act := events.MouseAction(in.Args[0])
	n, ok := mouseArgs[act]
	if !ok {
		return nil, usageErrorf("mouse %s: want move, down, up, wheel, click or drag", in.Args[0])
	}
	if len(in.Args)-1 != n {
		return nil, usageErrorf("mouse %s takes %d numbers, got %d", act, n, len(in.Args)-1)
	}
	v := make([]float64, n)
	for i, s := range in.Args[1:] {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, usageErrorf("mouse %s: %q is not a number", act, s)
		}
		v[i] = f
	}
	q := request.Mouse{Action: act, Button: events.MouseButton(in.String("button"))}
	var err error
	if q.ClickCount, err = in.Int("count", 0); err != nil {
		return nil, err
	}
	if q.DelayMS, err = in.Int("delay", 0); err != nil {
		return nil, err
	}
	switch act {
	case events.MouseMove, events.MouseClick:
		q.X, q.Y = v[0], v[1]
	case events.MouseWheel:
		q.DX, q.DY = v[0], v[1]
	case events.MouseDrag:
		q.X, q.Y, q.ToX, q.ToY = v[0], v[1], v[2], v[3]
	}
	return q, nil
}
