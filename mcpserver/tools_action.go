package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The action tools: each runs one request and ends its result with the
// page state (see pageState).

type navigateArgs struct {
	URL string `json:"url" jsonschema:"the URL to load in the tab"`
	pageArgs
}

type historyArgs struct {
	pageArgs
}

type clickArgs struct {
	Ref         string   `json:"ref" jsonschema:"the element's ref from the page snapshot, such as e5"`
	Element     string   `json:"element,omitempty" jsonschema:"a short human description of the element, used in messages"`
	Button      string   `json:"button,omitempty" jsonschema:"the mouse button (default left)"`
	DoubleClick bool     `json:"doubleClick,omitempty" jsonschema:"double-click instead of a single click"`
	Modifiers   []string `json:"modifiers,omitempty" jsonschema:"keys held during the click"`
	pageArgs
}

type typeArgs struct {
	Ref     string `json:"ref" jsonschema:"the field's ref from the page snapshot"`
	Text    string `json:"text" jsonschema:"the text to type"`
	Element string `json:"element,omitempty" jsonschema:"a short human description of the field, used in messages"`
	Submit  bool   `json:"submit,omitempty" jsonschema:"press Enter after typing"`
	Clear   bool   `json:"clear,omitempty" jsonschema:"empty the field before typing"`
	pageArgs
}

type pressArgs struct {
	Key string `json:"key" jsonschema:"a key or chord: Enter, Tab, Escape, ArrowDown, a, Control+A, Shift+Tab"`
	pageArgs
}

type refArgs struct {
	Ref     string `json:"ref" jsonschema:"the element's ref from the page snapshot"`
	Element string `json:"element,omitempty" jsonschema:"a short human description of the element, used in messages"`
	pageArgs
}

type dragArgs struct {
	StartRef     string `json:"startRef" jsonschema:"the ref of the element to drag"`
	StartElement string `json:"startElement,omitempty" jsonschema:"a human description of the element to drag"`
	EndRef       string `json:"endRef" jsonschema:"the ref of the element to drop onto"`
	EndElement   string `json:"endElement,omitempty" jsonschema:"a human description of the drop target"`
	pageArgs
}

type selectArgs struct {
	Ref     string   `json:"ref" jsonschema:"the select's ref from the page snapshot"`
	Values  []string `json:"values" jsonschema:"the options to select, by value or visible label"`
	Element string   `json:"element,omitempty" jsonschema:"a short human description of the select, used in messages"`
	pageArgs
}

type checkArgs struct {
	Ref     string `json:"ref" jsonschema:"the checkbox, radio button or switch's ref"`
	Checked bool   `json:"checked" jsonschema:"the state to leave it in"`
	Element string `json:"element,omitempty" jsonschema:"a short human description of the element, used in messages"`
	pageArgs
}

type scrollArgs struct {
	Ref string `json:"ref,omitempty" jsonschema:"scroll this element into view, or scroll inside it when a delta is given"`
	DX  int    `json:"dx,omitempty" jsonschema:"pixels to the right (negative: left)"`
	DY  int    `json:"dy,omitempty" jsonschema:"pixels down (negative: up); with neither delta nor ref, one screen down"`
	pageArgs
}

type uploadArgs struct {
	Ref   string   `json:"ref" jsonschema:"the file input's ref"`
	Paths []string `json:"paths" jsonschema:"absolute paths of the files on the server's machine"`
	pageArgs
}

type dialogArgs struct {
	Accept     bool    `json:"accept" jsonschema:"true to accept (OK), false to dismiss (Cancel)"`
	PromptText *string `json:"promptText,omitempty" jsonschema:"the text a prompt receives when accepted (default: its default text)"`
	ID         string  `json:"id,omitempty" jsonschema:"the dialog to answer, such as d-1, when several are pending"`
	pageArgs
}

func (a clickArgs) elementName() string  { return a.Element }
func (a typeArgs) elementName() string   { return a.Element }
func (a refArgs) elementName() string    { return a.Element }
func (a selectArgs) elementName() string { return a.Element }
func (a checkArgs) elementName() string  { return a.Element }

var (
	strProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: d} }
	intProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "integer", Description: d} }
	boolProp = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "boolean", Description: d} }
	objProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: d} }
)

// actionOut is the output schema of action tools.
var actionOut = map[string]*jsonschema.Schema{
	"url":           strProp("the tab's URL after the action"),
	"navigated":     boolProp("the action changed the tab's URL"),
	"new_tab":       objProp("a tab the action opened"),
	"dialog_opened": objProp("a JS dialog the action opened; answer it with browser_handle_dialog"),
	"details":       objProp("action-specific data"),
	"page":          objProp("the page state after the action: url, title, mode, changed_lines, removed_refs, changed_refs, pending_dialogs, console_errors"),
}

// actionTool registers a tool that runs the request mk builds and ends
// with the page state.
func actionTool[In any](s *Server, spec toolSpec, mk func(in In) (request.Request, pageArgs, error)) {
	if spec.out == nil {
		spec.out = actionOut
	}
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in In) (*toolOut, error) {
		q, a, err := mk(in)
		if err != nil {
			return nil, err
		}
		f, err := run(ctx, c, q, a.options())
		if err != nil {
			return nil, err
		}
		out := &toolOut{text: summary("Done: "+spec.title, f), fields: f}
		s.pageState(ctx, c, a, out)
		return out, nil
	})
}

// ref reads a ref argument (e5, @e5 or ref=e5).
func ref(s string) (events.Ref, error) { return request.ParseRef(s) }

func registerActionTools(s *Server) {
	act := func(name, title, desc string, destructive, idempotent bool) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, destructive: destructive, idempotent: idempotent, openWorld: true}
	}
	actionTool(s, act("browser_navigate", "Navigate to a URL", "Load a URL in the tab and wait for it to load. Returns the page state.", false, false),
		func(in navigateArgs) (request.Request, pageArgs, error) {
			return request.Open{URL: in.URL}, in.pageArgs, nil
		})
	for _, h := range []struct {
		tool, title, desc string
		q                 request.Request
	}{
		{"browser_navigate_back", "Go back", "Go back in the tab's history.", request.Back{}},
		{"browser_navigate_forward", "Go forward", "Go forward in the tab's history.", request.Forward{}},
		{"browser_reload", "Reload the page", "Reload the tab.", request.Reload{}},
	} {
		actionTool(s, act(h.tool, h.title, h.desc+" Returns the page state.", false, false),
			func(in historyArgs) (request.Request, pageArgs, error) { return h.q, in.pageArgs, nil })
	}
	spec := act("browser_click", "Click", "Click an element by its ref from the page snapshot, with real mouse events after a check that nothing covers it. Returns what changed on the page.", true, false)
	spec.enums = map[string][]any{"button": {"left", "right", "middle"}}
	actionTool(s, spec, func(in clickArgs) (request.Request, pageArgs, error) {
		r, err := ref(in.Ref)
		return request.Click{Ref: r, Button: events.MouseButton(in.Button), Double: in.DoubleClick, Modifiers: in.Modifiers}, in.pageArgs, err
	})
	actionTool(s, act("browser_type", "Type text", "Type text into an input, textarea or contenteditable by ref. Returns what changed on the page.", true, false),
		func(in typeArgs) (request.Request, pageArgs, error) {
			r, err := ref(in.Ref)
			return request.Type{Ref: r, Text: in.Text, Clear: in.Clear, Submit: in.Submit}, in.pageArgs, err
		})
	actionTool(s, act("browser_press_key", "Press a key", "Press a key or chord in the focused element. Returns what changed on the page.", true, false),
		func(in pressArgs) (request.Request, pageArgs, error) {
			return request.Press{Key: in.Key}, in.pageArgs, nil
		})
	actionTool(s, act("browser_hover", "Hover", "Move the mouse over an element by ref.", false, true),
		func(in refArgs) (request.Request, pageArgs, error) {
			r, err := ref(in.Ref)
			return request.Hover{Ref: r}, in.pageArgs, err
		})
	actionTool(s, act("browser_drag", "Drag and drop", "Drag one element onto another with real mouse events.", true, false),
		func(in dragArgs) (request.Request, pageArgs, error) {
			from, err := ref(in.StartRef)
			if err != nil {
				return nil, in.pageArgs, err
			}
			to, err := ref(in.EndRef)
			return request.Drag{From: from, To: to}, in.pageArgs, err
		})
	actionTool(s, act("browser_select_option", "Select options", "Select options of a select element by value or visible label.", true, true),
		func(in selectArgs) (request.Request, pageArgs, error) {
			r, err := ref(in.Ref)
			return request.Select{Ref: r, Values: in.Values}, in.pageArgs, err
		})
	actionTool(s, act("browser_check", "Check or uncheck", "Set a checkbox, radio button or switch to checked or unchecked, verified afterwards.", true, true),
		func(in checkArgs) (request.Request, pageArgs, error) {
			r, err := ref(in.Ref)
			if in.Checked {
				return request.Check{Ref: r}, in.pageArgs, err
			}
			return request.Uncheck{Ref: r}, in.pageArgs, err
		})
	actionTool(s, act("browser_scroll", "Scroll", "Scroll the page or an element: by dx/dy pixels, an element into view, or one screen down.", false, false),
		func(in scrollArgs) (request.Request, pageArgs, error) {
			q := request.Scroll{DX: in.DX, DY: in.DY}
			var err error
			if in.Ref != "" {
				q.Ref, err = ref(in.Ref)
			}
			return q, in.pageArgs, err
		})
	actionTool(s, act("browser_file_upload", "Upload files", "Set the files of a file input by ref.", true, true),
		func(in uploadArgs) (request.Request, pageArgs, error) {
			r, err := ref(in.Ref)
			return request.Upload{Ref: r, Files: in.Paths}, in.pageArgs, err
		})
	actionTool(s, act("browser_handle_dialog", "Answer a JS dialog", "Accept or dismiss a pending alert, confirm, prompt or beforeunload dialog, with text for a prompt.", true, false),
		func(in dialogArgs) (request.Request, pageArgs, error) {
			return request.AnswerDialog{Accept: in.Accept, PromptText: in.PromptText, ID: in.ID}, in.pageArgs, nil
		})
	registerFillForm(s)
}

// rawJSON is a JSON value as a fields entry.
func rawJSON(v any) json.RawMessage {
	b, _ := request.Marshal(v)
	return b
}
