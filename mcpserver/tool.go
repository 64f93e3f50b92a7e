package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// toolSpec describes one tool for registration.
type toolSpec struct {
	name, title, desc string
	readOnly          bool
	destructive       bool
	idempotent        bool
	openWorld         bool
	// enums patch the derived input schema: property -> allowed values.
	enums map[string][]any
	// nav marks the tools that load a page: their page state always says
	// where the tab is.
	nav bool
	// out is the declared output schema's properties.
	out map[string]*jsonschema.Schema
	// schema, when set, adjusts the derived input schema where Go types
	// cannot say it (a value that is a string or a boolean).
	schema func(*jsonschema.Schema)
	// needs lists the elements the tool cannot do without, each as the
	// pair of arguments that may name it (target and its older name ref):
	// the input schema requires one of each pair.
	needs [][2]string
}

// elementNeeded is needs for a tool that acts on one element.
var elementNeeded = [][2]string{{"target", "ref"}}

// notNullRequired drops "null" from the types of in's required
// properties: Go derives a nil-able slice as ["null","array"], but a
// required list is a list.
func notNullRequired(in *jsonschema.Schema) {
	for _, name := range in.Required {
		p := in.Properties[name]
		if p == nil || len(p.Types) == 0 {
			continue
		}
		var keep []string
		for _, t := range p.Types {
			if t != "null" {
				keep = append(keep, t)
			}
		}
		if len(keep) == 1 {
			p.Type, p.Types = keep[0], nil
		} else {
			p.Types = keep
		}
	}
}

// requireOneOf makes schema in require one argument of each pair: an
// anyOf of two required lists per pair (all of them with allOf).
func requireOneOf(in *jsonschema.Schema, pairs [][2]string) {
	var all []*jsonschema.Schema
	for _, p := range pairs {
		for _, name := range p {
			if in.Properties[name] == nil {
				panic("required element argument " + name + " is not a property")
			}
		}
		all = append(all, &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Required: []string{p[0]}}, {Required: []string{p[1]}}}})
	}
	switch len(all) {
	case 0:
	case 1:
		in.AnyOf = all[0].AnyOf
	default:
		in.AllOf = all
	}
}

// maxSafeInteger is the largest integer a JSON number holds exactly.
const maxSafeInteger = 1<<53 - 1

// boundIntegers gives every integer of a schema, nested ones included, the
// range a JSON number holds exactly, so that a larger one (1e308) is
// refused by the schema check, which names the argument, instead of
// failing to decode into a Go int (a message that names Go types).
func boundIntegers(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Type == "integer" || slices.Contains(s.Types, "integer") {
		if s.Maximum == nil {
			m := float64(maxSafeInteger)
			s.Maximum = &m
		}
		if s.Minimum == nil {
			m := -float64(maxSafeInteger)
			s.Minimum = &m
		}
	}
	for _, c := range s.Properties {
		boundIntegers(c)
	}
	for _, c := range s.Defs {
		boundIntegers(c)
	}
	for _, c := range append(slices.Clone(s.AnyOf), s.OneOf...) {
		boundIntegers(c)
	}
	boundIntegers(s.Items)
	boundIntegers(s.AdditionalProperties)
}

// refusedArguments is the middleware that gives a tool call the SDK
// refused before the tool ran (arguments that do not fit the input
// schema) the error every tool answers: invalid_argument, in the
// structured result, with the SDK's account of what did not fit.
func refusedArguments(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		r, ok := res.(*mcp.CallToolResult)
		if err != nil || !ok || !r.IsError || r.StructuredContent != nil {
			return res, err
		}
		var why strings.Builder
		for _, c := range r.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				why.WriteString(tc.Text)
			}
		}
		return errorResult(events.Errorf(events.CodeInvalidArgument, "%s; see the tool's input schema", why.String()), ""), nil
	}
}

// toolOut is a tool's answer before it becomes an MCP result: a short text
// for the model, the structured object's fields (each in its JSON form),
// and any images.
type toolOut struct {
	text   string
	fields fields
	images []mcp.Content
}

// fields are a structured result's top-level keys, each in its JSON form.
type fields map[string]json.RawMessage

// fieldsOf is v's JSON object as fields (v is a typed response).
func fieldsOf(v any) (fields, error) {
	b, err := request.Marshal(v)
	if err != nil {
		return nil, err
	}
	f := fields{}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("the response %T is not a JSON object: %w", v, err)
	}
	return f, nil
}

// set puts v's JSON form under key.
func (f fields) set(key string, v any) {
	if b, err := request.Marshal(v); err == nil {
		f[key] = b
	}
}

func boolp(b bool) *bool { return &b }

// addTool registers a typed tool: its input schema is derived from In (with
// descriptions from jsonschema tags, required from fields without
// omitempty), its output schema from spec.out. element, when it gives a
// human description of the target, prefixes error messages.
func addTool[In any](s *Server, spec toolSpec, run func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in In) (*toolOut, error)) {
	spec = withHints(spec)
	in, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("schema of %s: %v", spec.name, err))
	}
	for p, vals := range spec.enums {
		ps := in.Properties[p]
		if ps == nil {
			panic("enum for unknown property " + p)
		}
		ps.Enum = vals
	}
	if spec.schema != nil {
		spec.schema(in)
	}
	requireOneOf(in, spec.needs)
	notNullRequired(in)
	boundIntegers(in)
	outProps := map[string]*jsonschema.Schema{"ok": {Type: "boolean", Description: "true when the call succeeded"}}
	for k, v := range spec.out {
		outProps[k] = v
	}
	t := &mcp.Tool{
		Name: spec.name, Title: spec.title, Description: spec.desc,
		InputSchema:  in,
		OutputSchema: &jsonschema.Schema{Type: "object", Properties: outProps, Required: []string{"ok"}},
		Annotations: &mcp.ToolAnnotations{
			Title: spec.title, ReadOnlyHint: spec.readOnly, DestructiveHint: boolp(spec.destructive),
			IdempotentHint: spec.idempotent, OpenWorldHint: boolp(spec.openWorld),
		},
	}
	mcp.AddTool(s.srv, t, func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, any, error) {
		c := s.connFor(req.Session)
		ctx, done := c.begin(ctx)
		defer done()
		c.habit.call(spec.name)
		if req.Params != nil {
			c.rootsInput(req.Params.InputResponses)
		}
		out, err := s.caught(spec.name, func() (*toolOut, error) { return run(ctx, c, req, args) })
		if errors.Is(err, errNeedRoots) {
			// Nothing was sent: the path check comes before the request
			// leaves. The call comes again with the roots.
			return askRoots(), nil, nil
		}
		if err != nil {
			return errorResult(err, elementOf(args)), nil, nil
		}
		if out.fields == nil {
			out.fields = fields{}
		}
		out.fields["ok"] = json.RawMessage("true")
		sc, err := request.Marshal(out.fields)
		if err != nil {
			return errorResult(fmt.Errorf("encoding the result: %w", err), ""), nil, nil
		}
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out.text}}}
		res.Content = append(res.Content, out.images...)
		return res, json.RawMessage(sc), nil
	})
}

// caught runs f and turns a panic in it into that call's internal error,
// so that one tool call cannot end the server and its browsers.
func (s *Server) caught(what string, f func() (*toolOut, error)) (out *toolOut, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.opts.Logger.Error().Str("tool", what).Interface("panic", p).Bytes("stack", debug.Stack()).Msg("tool call panicked")
			out, err = nil, events.Errorf(events.CodeInternal,
				"%s failed on a bug in agentbrowser (%v); the session and its browser are still running: retry, or report the bug with the log's stack", what, p)
		}
	}()
	return f()
}

// elementNamer is an input with a human description of its target, which
// error messages name.
type elementNamer interface{ elementName() string }

func elementOf(in any) string {
	if en, ok := in.(elementNamer); ok {
		return en.elementName()
	}
	return ""
}

// toolSteps words the next steps errors advise in tool terms.
var toolSteps = map[events.Step]string{
	events.StepSnapshot:     "take a new browser_snapshot and use its refs",
	events.StepListTabs:     "browser_tabs lists the tabs",
	events.StepListFrames:   "browser_frames lists the frames",
	events.StepAnswerDialog: "answer the dialog with browser_handle_dialog first (browser_dialogs lists it)",
	events.StepListDialogs:  "browser_dialogs lists pending dialogs",
}

// describe is err as a tool reports it: its code, its message with the
// next step in tool terms, and its details.
func describe(err error) request.Fault {
	if errors.Is(err, context.Canceled) {
		return request.Fault{Code: events.CodeCanceled, Message: "the call was cancelled by the client; the command was stopped"}
	}
	f := request.FaultOf(actions.Coded(err))
	b := f.Say(toolSteps)
	return request.Fault{Code: b.Code, Message: b.Message, Details: b.Details}
}

// errorResult turns an error into a tool error result: the text a model
// reads (code, message, what to do next) and the same as structured
// content. element names the target the call was about.
func errorResult(err error, element string) *mcp.CallToolResult {
	f := describe(err)
	if element != "" {
		f.Message = element + ": " + f.Message
	}
	sc, _ := request.Marshal(map[string]any{"ok": false, "error": f})
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "Error [" + string(f.Code) + "]: " + f.Message}}, StructuredContent: json.RawMessage(sc)}
}
