package cli

import (
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var openCommand = &Command{
	Name: "open", Usage: "open URL", Summary: "load URL in the active tab and wait for it to load",
	MinArgs: 1, MaxArgs: 1,
	Flags: []Flag{waitUntilFlag},
	Parse: func(in Input) (request.Request, error) {
		return request.Open{URL: in.Args[0], Wait: events.WaitUntil(in.String("wait"))}, nil
	},
}

var evalCommand = &Command{
	Name: "eval", Usage: "eval EXPR [--ref REF] [--frame FRAME_ID] [--stdin]", Summary: "evaluate JavaScript (with --ref, EXPR is a function of the element) within the --timeout-ms budget",
	MinArgs: 0, MaxArgs: 1, RefFlags: []string{"ref"},
	Flags:   evalFlags,
	Parse:   parseEval,
	Prepare: readStdinArg,
}

var tabsCommand = &Command{
	Name: "tabs", Usage: "tabs", Summary: "list the session's tabs",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Tabs{}, nil },
}

var closeCommand = &Command{
	Name: "close", Usage: "close", Summary: "close the browser and end the session's daemon",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Close{}, nil },
}

var statusCommand = &Command{
	Name: "status", Usage: "status", Summary: "the daemon's state (used by sessions)",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Status{}, nil },
}

var sessionsCommand = &Command{
	Name: "sessions", Usage: "sessions", Summary: "list sessions with a running daemon",
	MaxArgs: 0, Local: true,
}

var serveCommand = &Command{
	Name: "serve", Usage: "serve", Summary: "run the session's daemon in the foreground",
	MaxArgs: 0, Local: true,
}

var versionCommand = &Command{
	Name: "version", Usage: "version", Summary: "print the version",
	MaxArgs: 0, Local: true,
}

var skillCommand = &Command{
	Name: "skill", Usage: "skill", Summary: "print a concise guide for an LLM agent (a skill file: the loop, refs and locators, dialogs, frames, errors and their next steps)",
	MaxArgs: 0, Local: true,
}

var demoCommand = &Command{
	Name: "demo", Usage: "demo", Summary: "walk through agentbrowser on an embedded local site in headless Chromium",
	MaxArgs: 0, Local: true,
}

var mcpCommand = &Command{
	Name: "mcp", Usage: "mcp [--http ADDR] [--auth-token T | --no-auth] [--allow-paths DIR]... [--allow-unrestricted-file-access] [--snapshot-mode incremental|full|none] [--isolation context|browser] [--caps vision]",
	Summary: "serve the browser as MCP tools over stdio, or over Streamable HTTP with --http",
	MaxArgs: 0, Local: true,
	Flags: []Flag{
		{Name: "http", Kind: String, Usage: "serve Streamable HTTP on ADDR (host:port) instead of stdio; loopback unless a token is set; unix:PATH (or unix:) serves on a 0600 unix socket whose peers must be you, without a token"},
		{Name: "auth-token", Kind: String, Usage: "bearer token every HTTP request must carry (or env AGENTBROWSER_MCP_TOKEN); default: one made at start, printed once and written 0600 to the runtime directory; required off loopback"},
		{Name: "no-auth", Kind: Bool, Usage: "over HTTP on loopback, take requests without a token: UNSAFE on a machine other users share (any of them can drive the browser and read its files)"},
		{Name: "allow-paths", Kind: Multi, Usage: "a directory clients may read and write files in (repeatable): stdio clients besides their roots; HTTP clients only those of their declared roots it covers"},
		{Name: "allow-unrestricted-file-access", Kind: Bool, Usage: "let clients read and write any file the server's user may: UNSAFE with remote clients"},
		{Name: "snapshot-mode", Kind: String, Usage: "page state after actions: incremental (default), full or none"},
		{Name: "isolation", Kind: String, Usage: "over HTTP, how clients are kept apart: context (default: one browser, a browser context each) or browser (a browser each)"},
		{Name: "caps", Kind: String, Usage: "comma-separated extra capabilities: vision (the browser_mouse_* coordinate tools)"},
	},
}

// parseXY parses "X,Y".
func parseXY(s string) (float64, float64, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.ParseFloat(strings.TrimSpace(xs), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(ys), 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usageErrorf("--xy %q: want X,Y such as 120,340", s)
	}
	return x, y, nil
}
