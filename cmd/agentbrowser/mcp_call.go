package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
)

// pageArgs are the arguments every page tool takes.
type pageArgs struct {
	Tab       string `json:"tab,omitempty" jsonschema:"the tab to act on: its id, a unique prefix of it, or its number in browser_tabs; default the active tab"`
	TimeoutMS int    `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

// toolOut is a tool's answer before it becomes an MCP result: a short text
// for the model, the structured object, and any images.
type toolOut struct {
	text   string
	data   map[string]any
	images []mcp.Content
}

// toolError is a failed call in tool terms: the code and message of the
// daemon's error contract plus a hint naming the tool to use next.
type toolError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

func (e *toolError) Error() string { return e.Code + ": " + e.Message }

// toolSpec describes one tool for registration.
type toolSpec struct {
	name, title, desc string
	readOnly          bool
	destructive       bool
	idempotent        bool
	openWorld         bool
	// enums patch the derived input schema: property -> allowed values.
	enums map[string][]any
	// out is the declared output schema's properties.
	out map[string]*jsonschema.Schema
}

func boolp(b bool) *bool { return &b }

// addTool registers a typed tool: its input schema is derived from In (with
// descriptions from jsonschema tags, required from fields without
// omitempty), its output schema from spec.out.
func addTool[In any](s *mcpServer, spec toolSpec, run func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in In) (*toolOut, error)) {
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
		out, err := caught(s.log, spec.name, func() (*toolOut, error) { return run(ctx, s.connFor(req.Session), req, args) })
		if err != nil {
			return errorResult(err), nil, nil
		}
		if out.data == nil {
			out.data = map[string]any{}
		}
		out.data["ok"] = true
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out.text}}}
		res.Content = append(res.Content, out.images...)
		return res, out.data, nil
	})
}

// errorResult turns an error into a tool error result: the text a model
// reads (code, message, what to do next) and the same as structured content.
func errorResult(err error) *mcp.CallToolResult {
	te := asToolError(err)
	text := "Error [" + te.Code + "]: " + te.Message
	b, _ := json.Marshal(map[string]any{"ok": false, "error": te})
	var sc map[string]any
	json.Unmarshal(b, &sc)
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}, StructuredContent: sc}
}

// asToolError describes err with the daemon's code and a message in tool
// terms.
func asToolError(err error) *toolError {
	var te *toolError
	if errors.As(err, &te) {
		return te
	}
	if errors.Is(err, context.Canceled) {
		return &toolError{Code: string(events.CodeCanceled), Message: "the call was cancelled by the client; the command was stopped"}
	}
	body, _ := errBody(err)
	eb, _ := json.Marshal(body["error"])
	te = &toolError{}
	json.Unmarshal(eb, te)
	if te.Code == "" {
		te.Code = string(events.CodeInternal)
		te.Message = err.Error()
	}
	te.Message = toolTerms(te.Message) + hintFor(te.Code)
	return te
}

// hintFor names the next step for an error code, in tool terms.
func hintFor(code string) string {
	switch events.Code(code) {
	case events.CodeDialogBlocking:
		return "; answer the dialog with browser_handle_dialog first (browser_dialogs lists it)"
	case events.CodeStaleRef, events.CodeUnknownRef:
		return "; take a new browser_snapshot and use its refs"
	case events.CodeElementCovered:
		return "; close what covers it (see details) or scroll, then retry"
	case events.CodeTabNotFound:
		return "; browser_tabs lists the tabs"
	case events.CodeFrameNotFound:
		return "; browser_frames lists the frames"
	case events.CodeNoDialog:
		return "; browser_dialogs lists pending dialogs"
	case events.CodeBrowserCrashed, "session_closed", "target_crashed":
		return "; the next call starts a fresh browser or tab (browser_tabs lists what is left)"
	case events.CodeEvaluateDisabled:
		return "; page script is turned off for this server"
	}
	return ""
}

var cliWords = strings.NewReplacer(
	"'agentbrowser tabs'", "browser_tabs", "'tabs'", "browser_tabs",
	"'frames'", "browser_frames", "'agentbrowser snapshot'", "browser_snapshot",
	"'snapshot'", "browser_snapshot", "'dialogs'", "browser_dialogs",
	"agentbrowser dialog accept", "browser_handle_dialog", "'dialog accept'", "browser_handle_dialog",
)

var usagePrefix = regexp.MustCompile(`^usage: agentbrowser .*`)

// toolTerms rewrites CLI wording in a message into tool names.
func toolTerms(msg string) string {
	if usagePrefix.MatchString(msg) {
		return "the arguments do not fit this tool; see its input schema"
	}
	return cliWords.Replace(msg)
}

// call runs one daemon command for a connection within the tool's budget
// and decodes its JSON body. A failed command becomes an error.
func (c *mcpConn) call(ctx context.Context, name string, in Input, a pageArgs) (map[string]any, error) {
	if in.Flags == nil {
		in.Flags = map[string]string{}
	}
	timeout := a.TimeoutMS
	if timeout <= 0 {
		timeout = defaultTimeoutMS
	}
	g, err := c.globals(ctx)
	if err != nil {
		return nil, err
	}
	rep, notice, err := callDaemonCtx(ctx, g, request{Command: name, Input: in, TimeoutMS: timeout, Tab: a.Tab})
	if err != nil {
		return nil, err
	}
	var body map[string]any
	if err := json.Unmarshal(rep.Body, &body); err != nil {
		return nil, fmt.Errorf("decoding daemon reply: %w", err)
	}
	if ok, _ := body["ok"].(bool); !ok {
		eb, _ := json.Marshal(body["error"])
		te := &toolError{}
		json.Unmarshal(eb, te)
		te.Message = toolTerms(te.Message) + hintFor(te.Code)
		return nil, te
	}
	delete(body, "ok")
	if notice != "" {
		body["notice"] = notice
	}
	return body, nil
}

// globals marks the connection's session started and returns the globals
// to reach it, starting the shared browser first with context isolation.
func (c *mcpConn) globals(ctx context.Context) (globals, error) {
	c.mu.Lock()
	c.started = true
	g, host := c.g, c.host
	c.mu.Unlock()
	if host == nil || g.CDP != "" {
		return g, nil
	}
	ep, err := host.endpointFor(ctx)
	if err != nil {
		return g, err
	}
	c.mu.Lock()
	c.g.CDP = ep
	g = c.g
	c.mu.Unlock()
	return g, nil
}

// progress sends progress notifications every interval while a long call
// runs, when the client asked for them with a progress token. The returned
// stop ends them.
func progress(ctx context.Context, req *mcp.CallToolRequest, what string) (stop func()) {
	tok := req.Params.GetProgressToken()
	if tok == nil || req.Session == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		start := time.Now()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				el := time.Since(start).Seconds()
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
					ProgressToken: tok, Progress: el, Message: fmt.Sprintf("%s: %.0fs", what, el),
				})
			}
		}
	}()
	return func() { cancel(); <-done }
}
