package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// The MCP server speaks the Model Context Protocol over stdio (one JSON-RPC
// 2.0 message per line) and offers every browser command as a tool. Each
// tool call travels to the session's daemon exactly like a CLI command, so
// the CLI and MCP share one browser, one budget and one error contract.

func init() {
	register(&Command{
		Name: "mcp", Usage: "mcp", Summary: "serve the browser commands as MCP tools over stdio",
		MaxArgs: 0, Local: true,
		RunLocal: func(ctx context.Context, g globals, in Input) (Result, error) {
			if err := serveMCP(g, os.Stdin, os.Stdout); err != nil {
				return nil, err
			}
			return Result{"stopped": true}, nil
		},
	})
}

const mcpProtocolVersion = "2025-06-18"

type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// mcpTools are the commands offered as tools: everything that runs in a
// daemon, except the daemon's own plumbing.
func mcpTools() []*Command {
	var out []*Command
	for _, n := range commandNames() {
		c := commands[n]
		if c.Local || n == "status" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// toolSchema describes a command's input: positional arguments as "args",
// each flag as a property of its own, and the budget as timeout_ms.
func toolSchema(c *Command) map[string]any {
	props := map[string]any{
		"args": map[string]any{
			"type":        "array",
			"items":       map[string]any{"type": "string"},
			"description": "positional arguments, as in: " + c.Usage,
		},
		"timeout_ms": map[string]any{"type": "integer", "description": "one budget for the whole call, in milliseconds (default 30000)"},
	}
	for _, f := range c.Flags {
		var p map[string]any
		switch f.Kind {
		case Bool:
			p = map[string]any{"type": "boolean"}
		case Int:
			p = map[string]any{"type": "integer"}
		case Multi:
			p = map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
		default:
			p = map[string]any{"type": "string"}
		}
		p["description"] = f.Usage
		props[f.Name] = p
	}
	return map[string]any{"type": "object", "properties": props}
}

// toolInput turns a tool call's arguments into a command Input and budget.
func toolInput(c *Command, raw json.RawMessage) (Input, int, error) {
	in := Input{Flags: map[string]string{}}
	timeout := defaultTimeoutMS
	var args map[string]json.RawMessage
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &args); err != nil {
			return in, 0, usageErrorf("arguments must be an object: %v", err)
		}
	}
	kinds := map[string]FlagKind{}
	for _, f := range c.Flags {
		kinds[f.Name] = f.Kind
	}
	for k, v := range args {
		switch k {
		case "args":
			if err := json.Unmarshal(v, &in.Args); err != nil {
				return in, 0, usageErrorf("args must be an array of strings")
			}
			continue
		case "timeout_ms":
			if err := json.Unmarshal(v, &timeout); err != nil || timeout <= 0 {
				return in, 0, usageErrorf("timeout_ms must be a positive integer")
			}
			continue
		}
		kind, ok := kinds[k]
		if !ok {
			return in, 0, usageErrorf("unknown argument %q for %s", k, c.Name)
		}
		switch kind {
		case Bool:
			var b bool
			if json.Unmarshal(v, &b) != nil {
				return in, 0, usageErrorf("%s must be a boolean", k)
			}
			if b {
				in.Flags[k] = "true"
			}
		case Int:
			var n int
			if json.Unmarshal(v, &n) != nil {
				return in, 0, usageErrorf("%s must be an integer", k)
			}
			in.Flags[k] = fmt.Sprint(n)
		case Multi:
			var vs []string
			if json.Unmarshal(v, &vs) != nil {
				return in, 0, usageErrorf("%s must be an array of strings", k)
			}
			in.Flags[k] = strings.Join(vs, "\n")
		default:
			var s string
			if json.Unmarshal(v, &s) != nil {
				return in, 0, usageErrorf("%s must be a string", k)
			}
			in.Flags[k] = s
		}
	}
	if len(in.Args) < c.MinArgs || (c.MaxArgs >= 0 && len(in.Args) > c.MaxArgs) {
		return in, 0, usageErrorf("usage: %s", c.Usage)
	}
	if c.Prepare != nil {
		if err := c.Prepare(&in); err != nil {
			return in, 0, err
		}
	}
	return in, timeout, nil
}

// serveMCP answers MCP requests from r on w until r ends.
func serveMCP(g globals, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var msg rpcMessage
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			enc.Encode(rpcMessage{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: -32700, Message: "parse error"}})
			continue
		}
		if len(msg.ID) == 0 {
			continue // a notification, such as notifications/initialized
		}
		res, rerr := handleMCP(g, msg)
		enc.Encode(rpcMessage{JSONRPC: "2.0", ID: msg.ID, Result: res, Error: rerr})
	}
	return sc.Err()
}

func handleMCP(g globals, msg rpcMessage) (any, *rpcError) {
	switch msg.Method {
	case "initialize":
		return map[string]any{
			"protocolVersion": mcpProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{}},
			"serverInfo":      map[string]any{"name": "agentbrowser", "version": version},
			"instructions":    "Start with snapshot to see the page and its refs (e5); act with click/type/select by ref; answer JS dialogs with dialog; every call takes timeout_ms.",
		}, nil
	case "ping":
		return map[string]any{}, nil
	case "tools/list":
		tools := []map[string]any{}
		for _, c := range mcpTools() {
			tools = append(tools, map[string]any{
				"name":        c.Name,
				"description": c.Summary + " (usage: " + c.Usage + ")",
				"inputSchema": toolSchema(c),
			})
		}
		sort.Slice(tools, func(i, j int) bool { return tools[i]["name"].(string) < tools[j]["name"].(string) })
		return map[string]any{"tools": tools}, nil
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(msg.Params, &p); err != nil {
			return nil, &rpcError{Code: -32602, Message: "invalid params"}
		}
		c, ok := commands[p.Name]
		if !ok || c.Local || p.Name == "status" {
			return nil, &rpcError{Code: -32602, Message: "unknown tool " + p.Name}
		}
		return callTool(g, c, p.Arguments), nil
	default:
		return nil, &rpcError{Code: -32601, Message: "method not found: " + msg.Method}
	}
}

// callTool runs one command through the daemon and shapes its JSON as an
// MCP tool result; failures are results with isError, as MCP asks, so the
// model reads the error code and message.
func callTool(g globals, c *Command, args json.RawMessage) map[string]any {
	var body map[string]any
	in, timeout, err := toolInput(c, args)
	if err == nil {
		g.TimeoutMS = timeout
		var rep reply
		var notice string
		rep, notice, err = callDaemon(g, c, in)
		if err == nil {
			if jerr := json.Unmarshal(rep.Body, &body); jerr != nil {
				err = fmt.Errorf("decoding daemon reply: %w", jerr)
			} else if notice != "" {
				body["notice"] = notice
			}
		}
	}
	if err != nil {
		body, _ = errBody(err)
	}
	text, _ := json.Marshal(body)
	ok, _ := body["ok"].(bool)
	return map[string]any{
		"content": []map[string]any{{"type": "text", "text": string(text)}},
		"isError": !ok,
	}
}
