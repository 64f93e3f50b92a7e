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
	elementArgs
	Button      string   `json:"button,omitempty" jsonschema:"the mouse button (default left)"`
	DoubleClick bool     `json:"doubleClick,omitempty" jsonschema:"double-click instead of a single click"`
	Modifiers   []string `json:"modifiers,omitempty" jsonschema:"keys held during the click"`
	Force       bool     `json:"force,omitempty" jsonschema:"skip the check that nothing covers the element (where no point of it can be reached, the click's events go to it through script)"`
	pageArgs
}

type typeArgs struct {
	elementArgs
	Text   string `json:"text" jsonschema:"the text to type"`
	Submit bool   `json:"submit,omitempty" jsonschema:"press Enter after typing"`
	Clear  bool   `json:"clear,omitempty" jsonschema:"empty the field before typing"`
	Force  bool   `json:"force,omitempty" jsonschema:"type even into a field the user cannot see (transparent, clipped away, under another control)"`
	pageArgs
}

type pressArgs struct {
	Key string `json:"key" jsonschema:"a key or chord: Enter, Tab, Escape, ArrowDown, a, Control+A, Shift+Tab"`
	// The element is optional: without it the key goes to whatever has
	// focus; with it, to that element, focused first.
	elementArgs
	pageArgs
}

type refArgs struct {
	elementArgs
	pageArgs
}

type dragArgs struct {
	StartTarget  string `json:"startTarget,omitempty" jsonschema:"the element to drag: its ref from the page snapshot, or a locator (startRef is the same argument under its older name)"`
	StartRef     string `json:"startRef,omitempty" jsonschema:"the same as startTarget (give one of them)"`
	StartElement string `json:"startElement,omitempty" jsonschema:"a human description of the element to drag"`
	EndTarget    string `json:"endTarget,omitempty" jsonschema:"the element to drop onto: its ref from the page snapshot, or a locator (endRef is the same argument under its older name)"`
	EndRef       string `json:"endRef,omitempty" jsonschema:"the same as endTarget (give one of them)"`
	EndElement   string `json:"endElement,omitempty" jsonschema:"a human description of the drop target"`
	Position     string `json:"position,omitempty" jsonschema:"where over the target to let go: before or after it (default: onto it, taking its place in a list)"`
	Force        bool   `json:"force,omitempty" jsonschema:"skip the check that nothing covers either element"`
	pageArgs
}

type hoverArgs struct {
	elementArgs
	Force bool `json:"force,omitempty" jsonschema:"skip the check that nothing covers the element"`
	pageArgs
}

type selectArgs struct {
	elementArgs
	Values []string `json:"values" jsonschema:"the options to select, by value or visible label"`
	pageArgs
}

type checkArgs struct {
	elementArgs
	Checked bool `json:"checked" jsonschema:"the state to leave it in"`
	pageArgs
}

type scrollArgs struct {
	Target string `json:"target,omitempty" jsonschema:"scroll this element (its ref) into view, or scroll inside it when a delta is given"`
	Ref    string `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
	DX     int    `json:"dx,omitempty" jsonschema:"pixels to the right (negative: left)"`
	DY     int    `json:"dy,omitempty" jsonschema:"pixels down (negative: up); with neither delta nor target, one screen down"`
	pageArgs
}

type uploadArgs struct {
	elementArgs
	Paths []string `json:"paths" jsonschema:"paths of the files on the server's machine, inside the directories this client may use (a relative path resolves in the client's own directory over HTTP, the first root over stdio)"`
	pageArgs
}

type dialogArgs struct {
	Accept     bool    `json:"accept" jsonschema:"true to accept (OK), false to dismiss (Cancel)"`
	PromptText *string `json:"promptText,omitempty" jsonschema:"the text a prompt receives when accepted (default: its default text)"`
	ID         string  `json:"id,omitempty" jsonschema:"the dialog to answer, such as d-1, when several are pending"`
	pageArgs
}

var (
	strProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Description: d} }
	intProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "integer", Description: d} }
	boolProp = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "boolean", Description: d} }
	objProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: d} }
)

// actionOut is the output schema of action tools.
var actionOut = map[string]*jsonschema.Schema{
	"new_tab":       objProp("a tab the action opened"),
	"dialog_opened": objProp("a JS dialog the action opened; answer it with browser_handle_dialog"),
	"details":       objProp("action-specific data"),
	"downloads":     {Type: "array", Description: "downloads the action started: url, suggested_filename, path, bytes, state"},
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
		r, err := run(ctx, c, q, a.options())
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(actionView(r.value, spec.nav))
		if err != nil {
			return nil, err
		}
		if r.notice != "" {
			f.set("notice", r.notice)
		}
		out := &toolOut{text: actionText(spec.title, r.value, r.notice), fields: f}
		facts := factsOf(r.value)
		if o, ok := q.(request.Open); ok {
			facts.Asked = o.URL
		}
		s.pageState(ctx, c, a, out, spec.nav, facts)
		return out, nil
	})
}

func registerActionTools(s *Server) {
	act := func(name, title, desc string, destructive, idempotent bool) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, destructive: destructive, idempotent: idempotent, openWorld: true}
	}
	nav := func(name, title, desc string) toolSpec {
		spec := act(name, title, desc, false, false)
		spec.nav = true
		spec.out = map[string]*jsonschema.Schema{
			"url": strProp("the tab's URL after loading"), "title": strProp("the page title"),
			"dialog_opened": actionOut["dialog_opened"], "page": actionOut["page"],
		}
		return spec
	}
	actionTool(s, nav("browser_navigate", "Navigate to a URL", "Load a URL in the tab and wait for it to load. Returns the page state."),
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
		actionTool(s, nav(h.tool, h.title, h.desc+" Returns the page state."),
			func(in historyArgs) (request.Request, pageArgs, error) { return h.q, in.pageArgs, nil })
	}
	spec := act("browser_click", "Click", "Click an element by its ref from the page snapshot, with real mouse events after a check that nothing covers it. Returns what changed on the page.", true, false)
	spec.enums = map[string][]any{"button": {"left", "right", "middle"}}
	spec.needs = elementNeeded
	actionTool(s, spec, func(in clickArgs) (request.Request, pageArgs, error) {
		r, err := in.element(true)
		return request.Click{Ref: r, Button: events.MouseButton(in.Button), Double: in.DoubleClick, Modifiers: in.Modifiers, Force: in.Force}, in.pageArgs, err
	})
	actionTool(s, needs(act("browser_type", "Type text", "Type text into an input, textarea or contenteditable by ref. Returns what changed on the page.", true, false), elementNeeded),
		func(in typeArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			return request.Type{Ref: r, Text: in.Text, Clear: in.Clear, Submit: in.Submit, Force: in.Force}, in.pageArgs, err
		})
	actionTool(s, act("browser_press_key", "Press a key", "Press a key or chord in the focused element, or in target (focused first). Returns what changed on the page.", true, false),
		func(in pressArgs) (request.Request, pageArgs, error) {
			r, err := in.element(false)
			return request.Press{Key: in.Key, Ref: r}, in.pageArgs, err
		})
	actionTool(s, needs(act("browser_hover", "Hover", "Move the mouse over an element by ref.", false, true), elementNeeded),
		func(in hoverArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			return request.Hover{Ref: r, Force: in.Force}, in.pageArgs, err
		})
	drag := needs(act("browser_drag", "Drag and drop", "Drag one element onto another as a user does (press, move in steps, let go over the target; HTML5 drag and drop when the page starts one). Says where the dragged element ended.", true, false), [][2]string{{"startTarget", "startRef"}, {"endTarget", "endRef"}})
	drag.enums = map[string][]any{"position": {"before", "after"}}
	actionTool(s, drag,
		func(in dragArgs) (request.Request, pageArgs, error) {
			from, err := parseTarget("startTarget", in.StartTarget, "startRef", in.StartRef, true)
			if err != nil {
				return nil, in.pageArgs, err
			}
			to, err := parseTarget("endTarget", in.EndTarget, "endRef", in.EndRef, true)
			return request.Drag{From: from, To: to, Position: events.DragPosition(in.Position), Force: in.Force}, in.pageArgs, err
		})
	actionTool(s, needs(act("browser_select_option", "Select options", "Select options of a select element by value or visible label; on a combobox or listbox the page draws itself, one value picks the option of that name.", true, true), elementNeeded),
		func(in selectArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			return request.Select{Ref: r, Values: in.Values}, in.pageArgs, err
		})
	actionTool(s, needs(act("browser_check", "Check or uncheck", "Set a checkbox, radio button or switch to checked or unchecked, verified afterwards.", true, true), elementNeeded),
		func(in checkArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			if in.Checked {
				return request.Check{Ref: r}, in.pageArgs, err
			}
			return request.Uncheck{Ref: r}, in.pageArgs, err
		})
	actionTool(s, act("browser_scroll", "Scroll", "Scroll the page or an element: by dx/dy pixels, an element into view, or one screen down.", false, false),
		func(in scrollArgs) (request.Request, pageArgs, error) {
			r, err := parseTarget("target", in.Target, "ref", in.Ref, false)
			return request.Scroll{Ref: r, DX: in.DX, DY: in.DY}, in.pageArgs, err
		})
	actionTool(s, needs(act("browser_file_upload", "Upload files", "Set the files of a file input by ref.", true, true), elementNeeded),
		func(in uploadArgs) (request.Request, pageArgs, error) {
			r, err := in.element(true)
			if err != nil {
				return nil, in.pageArgs, err
			}
			return request.Upload{Ref: r, Files: in.Paths}, in.pageArgs, nil
		})
	actionTool(s, act("browser_handle_dialog", "Answer a JS dialog", "Accept or dismiss a pending alert, confirm, prompt or beforeunload dialog, with text for a prompt.", true, false),
		func(in dialogArgs) (request.Request, pageArgs, error) {
			return request.AnswerDialog{Accept: in.Accept, PromptText: in.PromptText, ID: in.ID}, in.pageArgs, nil
		})
	registerFillForm(s)
	registerPointerTools(s)
}

// needs returns spec requiring the elements pairs name.
func needs(spec toolSpec, pairs [][2]string) toolSpec {
	spec.needs = pairs
	return spec
}

// rawJSON is a JSON value as a fields entry.
func rawJSON(v any) json.RawMessage {
	b, _ := request.Marshal(v)
	return b
}
