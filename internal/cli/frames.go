package cli

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/request"
)

var framesCommand = &Command{
	Name: "frames", Usage: "frames", Summary: "list every frame of the active tab (the state's frame_tree is capped)",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Frames{}, nil },
}

var cdpCommand = &Command{
	Name: "cdp", Usage: "cdp METHOD [PARAMS_JSON] [--frame FRAME_ID]",
	Summary: "send a raw CDP command to the active tab, or to an out-of-process frame's session",
	MinArgs: 1, MaxArgs: 2,
	Flags: []Flag{
		{Name: "frame", Kind: String, Usage: "an out-of-process frame's id (see 'frames'); same-origin frames are reached with contentDocument from the top frame"},
	},
	Parse: func(in Input) (request.Request, error) {
		q := request.CDP{Method: in.Args[0], Frame: in.String("frame")}
		if len(in.Args) > 1 {
			q.Params = json.RawMessage(in.Args[1])
		}
		return q, nil
	},
}
