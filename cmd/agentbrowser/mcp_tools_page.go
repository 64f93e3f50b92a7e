package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools that read the page or the session, and the ones that do not map
// to one daemon command.

type snapshotArgs struct {
	pageArgs
}

type screenshotArgs struct {
	Ref      string `json:"ref,omitempty" jsonschema:"capture only this element"`
	Element  string `json:"element,omitempty" jsonschema:"a human description of the element, used in messages"`
	FullPage bool   `json:"fullPage,omitempty" jsonschema:"capture the whole scrollable page, not only the viewport"`
	Labels   bool   `json:"labels,omitempty" jsonschema:"draw each interactive element's ref over it"`
	Type     string `json:"type,omitempty" jsonschema:"image format (default png)"`
	pageArgs
}

type consoleArgs struct {
	All   bool `json:"all,omitempty" jsonschema:"messages of every level, not only errors and warnings"`
	Clear bool `json:"clear,omitempty" jsonschema:"forget the messages after returning them"`
	pageArgs
}

type networkArgs struct {
	Clear bool `json:"clear,omitempty" jsonschema:"forget the requests after returning them"`
	pageArgs
}

type evaluateArgs struct {
	Function string `json:"function" jsonschema:"JavaScript: a function such as () => document.title, or (element) => element.value with ref; a plain expression works too"`
	Ref      string `json:"ref,omitempty" jsonschema:"call the function with this element"`
	Element  string `json:"element,omitempty" jsonschema:"a human description of the element, used in messages"`
	Frame    string `json:"frame,omitempty" jsonschema:"run in this frame (an id from browser_frames)"`
	pageArgs
}

type waitArgs struct {
	Text     string  `json:"text,omitempty" jsonschema:"wait for this text to appear"`
	TextGone string  `json:"textGone,omitempty" jsonschema:"wait for this text to disappear from the page snapshot"`
	Ref      string  `json:"ref,omitempty" jsonschema:"wait for this element to be visible"`
	URL      string  `json:"url,omitempty" jsonschema:"wait for the URL to contain this, or match it with * as a wildcard"`
	Time     float64 `json:"time,omitempty" jsonschema:"wait this many seconds"`
	pageArgs
}

type tabsArgs struct {
	Action string `json:"action" jsonschema:"list the tabs, open a new one, select one, or close one"`
	URL    string `json:"url,omitempty" jsonschema:"with new: the URL to open"`
	pageArgs
}

type resizeArgs struct {
	Width  int `json:"width" jsonschema:"viewport width in CSS pixels"`
	Height int `json:"height" jsonschema:"viewport height in CSS pixels"`
	pageArgs
}

type cdpArgs struct {
	Method string         `json:"method" jsonschema:"a CDP method such as DOM.getDocument"`
	Params map[string]any `json:"params,omitempty" jsonschema:"the method's parameters"`
	Frame  string         `json:"frame,omitempty" jsonschema:"an out-of-process frame's id from browser_frames"`
	pageArgs
}

type noArgs struct {
	TimeoutMS int `json:"timeout_ms,omitempty" jsonschema:"one budget for the whole call in milliseconds (default 30000)"`
}

// plainTool registers a read-style tool that runs one daemon command and
// returns its body as structured content with a text rendering.
func plainTool[In any](s *mcpServer, spec toolSpec, mk func(in In) (string, Input, pageArgs, error)) {
	addTool(s, spec, func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in In) (*toolOut, error) {
		name, ci, a, err := mk(in)
		if err != nil {
			return nil, err
		}
		body, err := c.call(ctx, name, ci, a)
		if err != nil {
			return nil, err
		}
		return &toolOut{text: summary(spec.title+":", body), data: body}, nil
	})
}

// isFunction tells a function ("() => ...", "async (el) => ...",
// "function () {...}") from an expression.
var isFunction = regexp.MustCompile(`^\s*(async\s+)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|^\s*(async\s+)?function\b`)

func registerPageTools(s *mcpServer) {
	ro := func(name, title, desc string) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, readOnly: true, idempotent: true, openWorld: true}
	}
	addTool(s, func() toolSpec {
		t := ro("browser_snapshot", "Page snapshot", "The tab's accessibility snapshot as text: URL, title, pending dialogs, then one element a line with refs (e5) to act on. Prefer it to a screenshot.")
		t.out = map[string]*jsonschema.Schema{
			"url": strProp("the tab's URL"), "title": strProp("the page title"), "tab_id": strProp("the tab"),
			"truncated": boolProp("the snapshot was cut"), "refs": intProp("how many refs the snapshot holds"),
			"lines": intProp("lines in the snapshot"), "pending_dialogs": intProp("dialogs waiting for browser_handle_dialog"),
		}
		return t
	}(), func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in snapshotArgs) (*toolOut, error) {
		p, err := c.snapshotPage(ctx, in.pageArgs, true)
		if err != nil {
			return nil, err
		}
		c.remember(p)
		return &toolOut{text: p.text(), data: map[string]any{
			"url": p.URL, "title": p.Title, "tab_id": p.TabID, "truncated": p.Truncated,
			"refs": len(p.Refs), "lines": strings.Count(p.Tree, "\n") + 1, "pending_dialogs": len(p.Dialogs),
		}}, nil
	})

	shot := ro("browser_take_screenshot", "Screenshot", "Capture the viewport, the whole page or one element as an image; labels draws each interactive element's ref over it.")
	shot.enums = map[string][]any{"type": {"png", "jpeg"}}
	shot.out = map[string]*jsonschema.Schema{"format": strProp("png or jpeg"), "width": intProp("pixels"), "height": intProp("pixels"), "bytes": intProp("image size"), "labels": intProp("ref labels drawn"), "tab_id": strProp("the tab")}
	addTool(s, shot, func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in screenshotArgs) (*toolOut, error) {
		ci := args()
		if in.Ref != "" {
			ci.Flags["ref"] = in.Ref
		}
		if in.FullPage {
			ci.Flags["full"] = "true"
		}
		if in.Labels {
			ci.Flags["labels"] = "true"
		}
		if in.Type != "" {
			ci.Flags["format"] = in.Type
		}
		body, err := c.call(ctx, "screenshot", ci, in.pageArgs)
		if err != nil {
			return nil, err
		}
		data, _ := body["data"].(string)
		delete(body, "data")
		img, err := base64.StdEncoding.DecodeString(data)
		if err != nil {
			return nil, fmt.Errorf("decoding screenshot: %w", err)
		}
		format, _ := body["format"].(string)
		if format == "" {
			format = "png"
		}
		return &toolOut{
			text:   fmt.Sprintf("Screenshot (%s, %vx%v, %d bytes)", format, body["width"], body["height"], len(img)),
			data:   body,
			images: []mcp.Content{&mcp.ImageContent{Data: img, MIMEType: "image/" + format}},
		}, nil
	})

	con := ro("browser_console_messages", "Console messages", "Recent console errors and warnings and uncaught exceptions of the tab (all levels with all).")
	con.idempotent = false
	plainTool(s, con, func(in consoleArgs) (string, Input, pageArgs, error) {
		ci := args()
		if in.All {
			ci.Flags["all"] = "true"
		}
		if in.Clear {
			ci.Flags["clear"] = "true"
		}
		return "console", ci, in.pageArgs, nil
	})
	net := ro("browser_network_requests", "Network requests", "The tab's recent requests: method, URL, resource type, status, size, timing and failure reason.")
	net.idempotent = false
	plainTool(s, net, func(in networkArgs) (string, Input, pageArgs, error) {
		ci := args()
		if in.Clear {
			ci.Flags["clear"] = "true"
		}
		return "network", ci, in.pageArgs, nil
	})
	plainTool(s, ro("browser_dialogs", "JS dialogs", "Pending and recently closed JS dialogs of the session."),
		func(in snapshotArgs) (string, Input, pageArgs, error) { return "dialogs", args(), in.pageArgs, nil })
	plainTool(s, ro("browser_frames", "Frames", "Every frame of the tab, with ids for browser_evaluate and browser_cdp."),
		func(in snapshotArgs) (string, Input, pageArgs, error) { return "frames", args(), in.pageArgs, nil })

	res := toolSpec{name: "browser_resize", title: "Resize the viewport", desc: "Set the tab's viewport size in CSS pixels.", idempotent: true, openWorld: true}
	plainTool(s, res, func(in resizeArgs) (string, Input, pageArgs, error) {
		if in.Width <= 0 || in.Height <= 0 {
			return "", Input{}, in.pageArgs, &toolError{Code: "invalid_argument", Message: "width and height must be positive"}
		}
		return "resize", args(strconv.Itoa(in.Width), strconv.Itoa(in.Height)), in.pageArgs, nil
	})

	tabs := toolSpec{name: "browser_tabs", title: "Tabs", desc: "List the session's tabs, open a new one (with url), select one or close one (tab names it; close defaults to the active tab).", destructive: true, openWorld: true}
	tabs.enums = map[string][]any{"action": {"list", "new", "select", "close"}}
	plainTool(s, tabs, func(in tabsArgs) (string, Input, pageArgs, error) {
		a := pageArgs{TimeoutMS: in.TimeoutMS}
		switch in.Action {
		case "list":
			return "tabs", args(), a, nil
		case "new":
			return "tab", args("new", in.URL), a, nil
		case "select":
			if in.Tab == "" {
				return "", Input{}, a, &toolError{Code: "invalid_argument", Message: "select needs tab: an id, a unique prefix of one, or its number in the list"}
			}
			return "tab", args("switch", in.Tab), a, nil
		case "close":
			if in.Tab == "" {
				return "tab", args("close"), a, nil
			}
			return "tab", args("close", in.Tab), a, nil
		}
		return "", Input{}, a, &toolError{Code: "invalid_argument", Message: "action must be list, new, select or close"}
	})

	plainTool(s, toolSpec{name: "browser_close", title: "Close the browser", desc: "Close this connection's browser; the next call starts a fresh one.", destructive: true, idempotent: true},
		func(in noArgs) (string, Input, pageArgs, error) {
			return "close", args(), pageArgs{TimeoutMS: in.TimeoutMS}, nil
		})

	if s.cfg.g.Settings["evaluate-enabled"] != "false" {
		ev := toolSpec{name: "browser_evaluate", title: "Evaluate JavaScript", desc: "Run JavaScript in the page (or with an element by ref) within the budget; a script that runs past it is terminated. Returns the value.", destructive: true, openWorld: true}
		ev.out = map[string]*jsonschema.Schema{"value": {Description: "the returned value, as JSON"}, "type": strProp("its JavaScript type"), "engine": strProp("isolated or fallback")}
		addTool(s, ev, func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in evaluateArgs) (*toolOut, error) {
			ci := args()
			switch {
			case in.Ref != "":
				ci.Args = []string{in.Function}
				ci.Flags["ref"] = in.Ref
			case isFunction.MatchString(in.Function):
				ci.Args = []string{"(" + in.Function + ")()"}
			default:
				ci.Args = []string{in.Function}
			}
			if in.Frame != "" {
				ci.Flags["frame"] = in.Frame
			}
			stop := progress(ctx, req, "evaluating")
			body, err := c.call(ctx, "eval", ci, in.pageArgs)
			stop()
			if err != nil {
				return nil, err
			}
			v, _ := json.Marshal(body["value"])
			return &toolOut{text: "Result: " + string(v), data: body}, nil
		})
		if s.cfg.g.Settings["cdp-enabled"] != "false" {
			cdp := toolSpec{name: "browser_cdp", title: "Raw CDP command", desc: "Send a raw Chrome DevTools Protocol command to the tab, or to an out-of-process frame's session.", destructive: true, openWorld: true}
			cdp.out = map[string]*jsonschema.Schema{"result": objProp("the command's result")}
			plainTool(s, cdp, func(in cdpArgs) (string, Input, pageArgs, error) {
				ci := args(in.Method)
				if in.Params != nil {
					b, _ := json.Marshal(in.Params)
					ci.Args = append(ci.Args, string(b))
				}
				if in.Frame != "" {
					ci.Flags["frame"] = in.Frame
				}
				return "cdp", ci, in.pageArgs, nil
			})
		}
	}

	addTool(s, toolSpec{name: "browser_wait_for", title: "Wait", desc: "Wait, within the budget, for text to appear or disappear, an element to be visible, a URL, or a number of seconds. Sends progress notifications when asked.", readOnly: true, openWorld: true},
		func(ctx context.Context, c *mcpConn, req *mcp.CallToolRequest, in waitArgs) (*toolOut, error) {
			stop := progress(ctx, req, "waiting")
			defer stop()
			return c.waitFor(ctx, in)
		})
}

// waitFor runs browser_wait_for: a time sleeps here, textGone polls the
// snapshot, the rest is the daemon's wait command.
func (c *mcpConn) waitFor(ctx context.Context, in waitArgs) (*toolOut, error) {
	budget := time.Duration(in.TimeoutMS) * time.Millisecond
	if budget <= 0 {
		budget = defaultTimeoutMS * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	if in.Time > 0 {
		t := time.NewTimer(time.Duration(in.Time * float64(time.Second)))
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return nil, waitErr(ctx, "the time to pass")
		}
	}
	if in.TextGone != "" {
		for {
			p, err := c.snapshotPage(ctx, in.pageArgs, true)
			if err != nil {
				return nil, err
			}
			if !strings.Contains(p.Tree, in.TextGone) {
				break
			}
			select {
			case <-ctx.Done():
				return nil, waitErr(ctx, fmt.Sprintf("text %q to disappear", in.TextGone))
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
	ci := args()
	for k, v := range map[string]string{"text": in.Text, "ref": in.Ref, "url": in.URL} {
		if v != "" {
			ci.Flags[k] = v
		}
	}
	if len(ci.Flags) > 0 {
		left := time.Until(deadlineOf(ctx))
		a := in.pageArgs
		a.TimeoutMS = int(left / time.Millisecond)
		if a.TimeoutMS <= 0 {
			return nil, waitErr(ctx, "the condition")
		}
		body, err := c.call(ctx, "wait", ci, a)
		if err != nil {
			return nil, err
		}
		return &toolOut{text: summary("Waited:", body), data: body}, nil
	}
	return &toolOut{text: "Waited", data: map[string]any{}}, nil
}

func deadlineOf(ctx context.Context) time.Time {
	d, _ := ctx.Deadline()
	return d
}

func waitErr(ctx context.Context, what string) error {
	if ctx.Err() == context.Canceled {
		return ctx.Err()
	}
	return &toolError{Code: "timeout", Message: "timed out waiting for " + what + "; give a larger timeout_ms or check the page with browser_snapshot"}
}
