package mcpserver

import (
	"sort"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The pointer tools: dropping files or data onto an element, and, with
// Options.Vision, the mouse at coordinates under Playwright MCP's names
// and arguments (its vision capability), for a model that aims from a
// screenshot (browser_take_screenshot with labels draws the refs over it).

type dropArgs struct {
	elementArgs
	Paths []string          `json:"paths,omitempty" jsonschema:"absolute paths of the files to drop, on the server's machine"`
	Data  map[string]string `json:"data,omitempty" jsonschema:"data to drop, as MIME type to text, such as {\"text/plain\": \"hello\", \"text/uri-list\": \"https://example.com\"}"`
	Force bool              `json:"force,omitempty" jsonschema:"skip the check that nothing covers the element"`
	pageArgs
}

type mouseXYArgs struct {
	Element string  `json:"element,omitempty" jsonschema:"a short human description of what is at the point, used in messages"`
	X       float64 `json:"x" jsonschema:"X coordinate in CSS pixels from the viewport's left edge"`
	Y       float64 `json:"y" jsonschema:"Y coordinate in CSS pixels from the viewport's top edge"`
	pageArgs
}

func (a mouseXYArgs) elementName() string { return a.Element }

type mouseClickXYArgs struct {
	mouseXYArgs
	Button     string `json:"button,omitempty" jsonschema:"the button to click, default left"`
	ClickCount int    `json:"clickCount,omitempty" jsonschema:"number of clicks, default 1"`
	Delay      int    `json:"delay,omitempty" jsonschema:"milliseconds between pressing and releasing the button, default 0"`
}

type mouseDragXYArgs struct {
	Element string  `json:"element,omitempty" jsonschema:"a short human description of what is dragged, used in messages"`
	StartX  float64 `json:"startX" jsonschema:"X coordinate to press at"`
	StartY  float64 `json:"startY" jsonschema:"Y coordinate to press at"`
	EndX    float64 `json:"endX" jsonschema:"X coordinate to let go at"`
	EndY    float64 `json:"endY" jsonschema:"Y coordinate to let go at"`
	pageArgs
}

func (a mouseDragXYArgs) elementName() string { return a.Element }

type mouseButtonArgs struct {
	Button string `json:"button,omitempty" jsonschema:"the button, default left"`
	pageArgs
}

type mouseWheelArgs struct {
	DeltaX float64 `json:"deltaX,omitempty" jsonschema:"pixels to scroll right (negative: left)"`
	DeltaY float64 `json:"deltaY,omitempty" jsonschema:"pixels to scroll down (negative: up)"`
	pageArgs
}

func registerPointerTools(s *Server) {
	act := func(name, title, desc string, destructive, idempotent bool) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, destructive: destructive, idempotent: idempotent, openWorld: true}
	}
	actionTool(s, act("browser_drop", "Drop files or data onto an element",
		"Drop files (absolute paths) or MIME-typed data onto an element as if dragged in from outside the page, for drop zones without a file input. Says what the page received; fails when the page lets nothing drop there.", true, false),
		func(in dropArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			if err != nil {
				return nil, in.pageArgs, err
			}
			// The paths are checked against the client's sandbox with
			// every request's (conn.guard).
			files := in.Paths
			if len(files) == 0 && len(in.Data) == 0 {
				return nil, in.pageArgs, events.Errorf(events.CodeInvalidArgument, "give paths, data or both to drop")
			}
			mimes := make([]string, 0, len(in.Data))
			for m := range in.Data {
				mimes = append(mimes, m)
			}
			sort.Strings(mimes)
			q := request.Drop{Ref: r, Files: files, Force: in.Force}
			for _, m := range mimes {
				q.Data = append(q.Data, events.DropItem{MIME: m, Text: in.Data[m]})
			}
			return q, in.pageArgs, nil
		})
	if !s.opts.Vision {
		return
	}
	buttons := map[string][]any{"button": {"left", "right", "middle"}}
	click := act("browser_mouse_click_xy", "Click", "Click the mouse at a position in the viewport (CSS pixels), such as one read from browser_take_screenshot with labels.", true, false)
	click.enums = buttons
	actionTool(s, click, func(in mouseClickXYArgs) (request.Request, pageArgs, error) {
		return request.Mouse{Action: events.MouseClick, X: in.X, Y: in.Y, Button: events.MouseButton(in.Button), ClickCount: in.ClickCount, DelayMS: in.Delay}, in.pageArgs, nil
	})
	actionTool(s, act("browser_mouse_move_xy", "Move mouse", "Move the mouse to a position in the viewport; a button held with browser_mouse_down stays held.", false, true),
		func(in mouseXYArgs) (request.Request, pageArgs, error) {
			return request.Mouse{Action: events.MouseMove, X: in.X, Y: in.Y}, in.pageArgs, nil
		})
	actionTool(s, act("browser_mouse_drag_xy", "Drag mouse", "Drag with the left button from one position to another as a user does (press, move in steps, let go; HTML5 drag and drop when the page starts one).", true, false),
		func(in mouseDragXYArgs) (request.Request, pageArgs, error) {
			return request.Mouse{Action: events.MouseDrag, X: in.StartX, Y: in.StartY, ToX: in.EndX, ToY: in.EndY}, in.pageArgs, nil
		})
	down := act("browser_mouse_down", "Press mouse down", "Press a mouse button where the mouse is.", true, false)
	down.enums = buttons
	actionTool(s, down, func(in mouseButtonArgs) (request.Request, pageArgs, error) {
		return request.Mouse{Action: events.MouseDown, Button: events.MouseButton(in.Button)}, in.pageArgs, nil
	})
	up := act("browser_mouse_up", "Press mouse up", "Release a mouse button where the mouse is.", true, false)
	up.enums = buttons
	actionTool(s, up, func(in mouseButtonArgs) (request.Request, pageArgs, error) {
		return request.Mouse{Action: events.MouseUp, Button: events.MouseButton(in.Button)}, in.pageArgs, nil
	})
	actionTool(s, act("browser_mouse_wheel", "Scroll mouse wheel", "Turn the mouse wheel where the mouse is.", false, false),
		func(in mouseWheelArgs) (request.Request, pageArgs, error) {
			return request.Mouse{Action: events.MouseWheel, DX: in.DeltaX, DY: in.DeltaY}, in.pageArgs, nil
		})
}
