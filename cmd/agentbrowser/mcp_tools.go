package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The action tools: each runs one daemon command and ends its result with
// the page state (see pageState).

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

type formField struct {
	Ref   string `json:"ref" jsonschema:"the field's ref from the page snapshot"`
	Value string `json:"value" jsonschema:"text for a text field; the option's value or label for a select; true or false for a checkbox, radio or switch"`
	Name  string `json:"name,omitempty" jsonschema:"a human description of the field, used in messages"`
}

type fillFormArgs struct {
	Fields []formField `json:"fields" jsonschema:"the fields to fill, in order"`
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

// elementNamer is an input with a human description of its target, which
// error messages name.
type elementNamer interface{ elementName() string }

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
	arrProp  = func(d string) *jsonschema.Schema { return &jsonschema.Schema{Type: "array", Description: d} }
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

// actionTool registers a tool that runs one daemon command built by mk and
// ends with the page state.
func actionTool[In any](s *mcpServer, spec toolSpec, mk func(in In) (string, Input, pageArgs, error)) {
	if spec.out == nil {
		spec.out = actionOut
	}
	addTool(s, spec, func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in In) (*toolOut, error) {
		name, cin, a, err := mk(in)
		if err != nil {
			return nil, err
		}
		body, err := c.call(ctx, name, cin, a)
		if err != nil {
			if en, ok := any(in).(elementNamer); ok && en.elementName() != "" {
				te := asToolError(err)
				te.Message = en.elementName() + ": " + te.Message
				return nil, te
			}
			return nil, err
		}
		out := &toolOut{text: summary("Done: "+spec.title, body), data: body}
		s.pageState(ctx, c, a, body, out)
		return out, nil
	})
}

func args(a ...string) Input { return Input{Args: a, Flags: map[string]string{}} }

func registerActionTools(s *mcpServer) {
	act := func(name, title, desc string, destructive, idempotent bool) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, destructive: destructive, idempotent: idempotent, openWorld: true}
	}
	actionTool(s, act("browser_navigate", "Navigate to a URL", "Load a URL in the tab and wait for it to load. Returns the page state.", false, false),
		func(in navigateArgs) (string, Input, pageArgs, error) { return "open", args(in.URL), in.pageArgs, nil })
	for _, h := range []struct{ tool, cmd, title, desc string }{
		{"browser_navigate_back", "back", "Go back", "Go back in the tab's history."},
		{"browser_navigate_forward", "forward", "Go forward", "Go forward in the tab's history."},
		{"browser_reload", "reload", "Reload the page", "Reload the tab."},
	} {
		actionTool(s, act(h.tool, h.title, h.desc+" Returns the page state.", false, false),
			func(in historyArgs) (string, Input, pageArgs, error) { return h.cmd, args(), in.pageArgs, nil })
	}
	spec := act("browser_click", "Click", "Click an element by its ref from the page snapshot, with real mouse events after a check that nothing covers it. Returns what changed on the page.", true, false)
	spec.enums = map[string][]any{"button": {"left", "right", "middle"}}
	actionTool(s, spec, func(in clickArgs) (string, Input, pageArgs, error) {
		ci := args(in.Ref)
		if in.Button != "" {
			ci.Flags["button"] = in.Button
		}
		if in.DoubleClick {
			ci.Flags["double"] = "true"
		}
		if len(in.Modifiers) > 0 {
			ci.Flags["modifiers"] = strings.Join(in.Modifiers, ",")
		}
		return "click", ci, in.pageArgs, nil
	})
	actionTool(s, act("browser_type", "Type text", "Type text into an input, textarea or contenteditable by ref. Returns what changed on the page.", true, false),
		func(in typeArgs) (string, Input, pageArgs, error) {
			ci := args(in.Ref, in.Text)
			if in.Clear {
				ci.Flags["clear"] = "true"
			}
			if in.Submit {
				ci.Flags["submit"] = "true"
			}
			return "type", ci, in.pageArgs, nil
		})
	actionTool(s, act("browser_press_key", "Press a key", "Press a key or chord in the focused element. Returns what changed on the page.", true, false),
		func(in pressArgs) (string, Input, pageArgs, error) { return "press", args(in.Key), in.pageArgs, nil })
	actionTool(s, act("browser_hover", "Hover", "Move the mouse over an element by ref.", false, true),
		func(in refArgs) (string, Input, pageArgs, error) { return "hover", args(in.Ref), in.pageArgs, nil })
	actionTool(s, act("browser_drag", "Drag and drop", "Drag one element onto another with real mouse events.", true, false),
		func(in dragArgs) (string, Input, pageArgs, error) {
			return "drag", args(in.StartRef, in.EndRef), in.pageArgs, nil
		})
	actionTool(s, act("browser_select_option", "Select options", "Select options of a select element by value or visible label.", true, true),
		func(in selectArgs) (string, Input, pageArgs, error) {
			if len(in.Values) == 0 {
				return "", Input{}, in.pageArgs, &toolError{Code: "invalid_argument", Message: "values must name at least one option"}
			}
			return "select", args(append([]string{in.Ref}, in.Values...)...), in.pageArgs, nil
		})
	actionTool(s, act("browser_check", "Check or uncheck", "Set a checkbox, radio button or switch to checked or unchecked, verified afterwards.", true, true),
		func(in checkArgs) (string, Input, pageArgs, error) {
			if in.Checked {
				return "check", args(in.Ref), in.pageArgs, nil
			}
			return "uncheck", args(in.Ref), in.pageArgs, nil
		})
	actionTool(s, act("browser_scroll", "Scroll", "Scroll the page or an element: by dx/dy pixels, an element into view, or one screen down.", false, false),
		func(in scrollArgs) (string, Input, pageArgs, error) {
			ci := args()
			if in.Ref != "" {
				ci.Args = []string{in.Ref}
			}
			if in.DX != 0 {
				ci.Flags["dx"] = strconv.Itoa(in.DX)
			}
			if in.DY != 0 {
				ci.Flags["dy"] = strconv.Itoa(in.DY)
			}
			return "scroll", ci, in.pageArgs, nil
		})
	actionTool(s, act("browser_file_upload", "Upload files", "Set the files of a file input by ref.", true, true),
		func(in uploadArgs) (string, Input, pageArgs, error) {
			for _, p := range in.Paths {
				if !filepath.IsAbs(p) {
					return "", Input{}, in.pageArgs, &toolError{Code: "invalid_argument", Message: fmt.Sprintf("path %q is not absolute; give absolute paths on the server's machine", p)}
				}
			}
			if len(in.Paths) == 0 {
				return "", Input{}, in.pageArgs, &toolError{Code: "invalid_argument", Message: "paths must name at least one file"}
			}
			return "upload", args(append([]string{in.Ref}, in.Paths...)...), in.pageArgs, nil
		})
	actionTool(s, act("browser_handle_dialog", "Answer a JS dialog", "Accept or dismiss a pending alert, confirm, prompt or beforeunload dialog, with text for a prompt.", true, false),
		func(in dialogArgs) (string, Input, pageArgs, error) {
			verb := "dismiss"
			if in.Accept {
				verb = "accept"
			}
			ci := args(verb)
			if in.PromptText != nil {
				if !in.Accept {
					return "", Input{}, in.pageArgs, &toolError{Code: "invalid_argument", Message: "promptText goes with accept: true"}
				}
				ci.Flags["prompt-text"] = *in.PromptText
			}
			if in.ID != "" {
				ci.Flags["id"] = in.ID
			}
			return "dialog", ci, in.pageArgs, nil
		})
	registerFillForm(s)
}
