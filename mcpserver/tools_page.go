package mcpserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// The tools that read the page or the session, and the ones that are not
// one request.

type snapshotArgs struct {
	Target   string `json:"target,omitempty" jsonschema:"show only this element's subtree: its ref (or a locator), such as the ref of a landmark shown as one line because an earlier page showed it"`
	Depth    int    `json:"depth,omitempty" jsonschema:"show only this many levels of the tree"`
	Find     string `json:"find,omitempty" jsonschema:"show only the lines that match a text (any case) or a /regular expression/, each under its nearest heading or landmark"`
	MaxBytes int    `json:"max_bytes,omitempty" jsonschema:"cut the tree at a line boundary to at most this many bytes (default 100000, at least 100); its last line gives the cursor of the rest"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"show a cut snapshot from this cursor on (same other arguments)"`
	pageArgs
}

type noTreeArgs struct {
	pageArgs
}

type screenshotArgs struct {
	Target   string `json:"target,omitempty" jsonschema:"capture only this element: its ref from the page snapshot, or a locator"`
	Ref      string `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
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
	Function string `json:"function" jsonschema:"JavaScript: a function such as () => document.title, or (element) => element.value with target; a plain expression works too"`
	Target   string `json:"target,omitempty" jsonschema:"call the function with this element: its ref from the page snapshot, or a locator"`
	Ref      string `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
	Element  string `json:"element,omitempty" jsonschema:"a human description of the element, used in messages"`
	Frame    string `json:"frame,omitempty" jsonschema:"run in this frame (an id from browser_frames)"`
	pageArgs
}

type waitArgs struct {
	Text     string  `json:"text,omitempty" jsonschema:"wait for this text to appear"`
	TextGone string  `json:"textGone,omitempty" jsonschema:"wait for this text to disappear from the page snapshot"`
	Target   string  `json:"target,omitempty" jsonschema:"wait for this element (its ref, or a locator) to be visible"`
	Ref      string  `json:"ref,omitempty" jsonschema:"the same as target (give one of them)"`
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

func (a screenshotArgs) elementName() string { return a.Element }
func (a evaluateArgs) elementName() string   { return a.Element }

// plainTool registers a read-style tool that runs the request mk builds
// and returns its response as structured content with a text rendering.
func plainTool[In any](s *Server, spec toolSpec, mk func(in In) (request.Request, pageArgs, error)) {
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in In) (*toolOut, error) {
		q, a, err := mk(in)
		if err != nil {
			return nil, err
		}
		r, err := run(ctx, c, q, a.options())
		if err != nil {
			return nil, err
		}
		return &toolOut{text: readText(spec.title, r.value, r.notice), fields: r.fields}, nil
	})
}

// isFunction tells a function ("() => ...", "async (el) => ...",
// "function () {...}") from an expression.
var isFunction = regexp.MustCompile(`^\s*(async\s+)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|^\s*(async\s+)?function\b`)

func registerPageTools(s *Server) {
	ro := func(name, title, desc string) toolSpec {
		return toolSpec{name: name, title: title, desc: desc, readOnly: true, idempotent: true, openWorld: true}
	}
	snap := ro("browser_snapshot", "Page snapshot", "The tab's accessibility snapshot as text: pending dialogs, URL and title (each when this client was not told it for this tab yet), then one element a line with refs (e5) to act on. "+
		"A landmark an earlier page of the site showed is one line listing its refs (they stay valid); target shows it whole. "+
		"target, depth and find show a part of the page; a snapshot above max_bytes (default 100000) is cut, and cursor shows the rest. Prefer it to a screenshot.")
	snap.out = map[string]*jsonschema.Schema{
		"url": strProp("the tab's URL"), "title": strProp("the page title"), "tab_id": strProp("the tab"),
		"truncated": boolProp("the snapshot was cut"), "refs": intProp("how many refs the snapshot holds"),
		"lines": intProp("lines in the snapshot"), "pending_dialogs": intProp("dialogs waiting for browser_handle_dialog"),
		"next_cursor": strProp("when the snapshot was cut at max_bytes: the cursor that shows the rest"),
		"matches":     intProp("with find: how many lines matched"),
	}
	addTool(s, snap, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in snapshotArgs) (*toolOut, error) {
		scope, err := parseTarget("target", in.Target, "target", "", false)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		prevTab := c.lastTab
		c.mu.Unlock()
		p, err := c.snapshotPage(ctx, in.pageArgs, request.Snapshot{Scope: scope, MaxDepth: in.Depth, Find: in.Find, MaxChars: in.MaxBytes, Cursor: in.Cursor})
		if err != nil {
			return nil, err
		}
		if p.whole {
			c.remember(p)
		}
		c.habit.snapshot(p.st.TabID, p.whole)
		// The url and title are said when this client has not been told
		// them for the tab (by a snapshot or an action's answer), or its
		// last answer was about another tab: a client that looks again at
		// the same page reads only the tree.
		var seen told
		if !p.blocked() {
			seen = c.locate(p.st.TabID, p.st.URL, p.st.Title)
		}
		if prevTab != p.st.TabID {
			seen = told{}
		}
		f := fields{}
		if t := p.st.Tree; t != nil && t.Next != "" {
			f.set("next_cursor", t.Next)
		}
		if t := p.st.Tree; t != nil && t.Matches > 0 {
			f.set("matches", t.Matches)
		}
		f.set("url", p.st.URL)
		f.set("title", p.st.Title)
		f.set("tab_id", p.st.TabID)
		f.set("truncated", p.st.Tree != nil && p.st.Tree.Truncated)
		f.set("refs", len(p.roles))
		f.set("lines", strings.Count(p.tree, "\n")+1)
		f.set("pending_dialogs", len(p.st.PendingDialogs))
		return &toolOut{text: p.text(seen), fields: f}, nil
	})

	shot := ro("browser_take_screenshot", "Screenshot", "Capture the viewport, the whole page or one element as an image; labels draws each interactive element's ref over it.")
	shot.enums = map[string][]any{"type": {"png", "jpeg"}}
	shot.out = map[string]*jsonschema.Schema{"format": strProp("png or jpeg"), "width": intProp("pixels"), "height": intProp("pixels"), "bytes": intProp("image size"), "labels": intProp("ref labels drawn"), "tab_id": strProp("the tab")}
	addTool(s, shot, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in screenshotArgs) (*toolOut, error) {
		r, err := parseTarget("target", in.Target, "ref", in.Ref, false)
		if err != nil {
			return nil, err
		}
		q := request.Screenshot{Ref: r, Full: in.FullPage, Labels: in.Labels, Format: in.Type}
		res, _, err := do(ctx, c, q, in.options())
		if err != nil {
			return nil, err
		}
		img, err := base64.StdEncoding.DecodeString(res.Data)
		if err != nil {
			return nil, fmt.Errorf("decoding the screenshot: %w", err)
		}
		res.Data = ""
		if res.Format == "" {
			res.Format = "png"
		}
		f, err := fieldsOf(res)
		if err != nil {
			return nil, err
		}
		return &toolOut{
			text:   fmt.Sprintf("Screenshot (%s, %dx%d, %d bytes)", res.Format, res.Width, res.Height, len(img)),
			fields: f,
			images: []mcp.Content{&mcp.ImageContent{Data: img, MIMEType: "image/" + res.Format}},
		}, nil
	})

	con := ro("browser_console_messages", "Console messages", "Recent console errors and warnings and uncaught exceptions of the tab (all levels with all).")
	con.idempotent = false
	plainTool(s, con, func(in consoleArgs) (request.Request, pageArgs, error) {
		return request.Console{All: in.All, Clear: in.Clear}, in.pageArgs, nil
	})
	net := ro("browser_network_requests", "Network requests", "The tab's recent requests: method, URL, resource type, status, size, timing and failure reason.")
	net.idempotent = false
	plainTool(s, net, func(in networkArgs) (request.Request, pageArgs, error) {
		return request.Network{Clear: in.Clear}, in.pageArgs, nil
	})
	plainTool(s, ro("browser_dialogs", "JS dialogs", "Pending and recently closed JS dialogs of the session."),
		func(in noTreeArgs) (request.Request, pageArgs, error) { return request.Dialogs{}, in.pageArgs, nil })
	plainTool(s, ro("browser_frames", "Frames", "Every frame of the tab, with ids for browser_evaluate and browser_cdp."),
		func(in noTreeArgs) (request.Request, pageArgs, error) { return request.Frames{}, in.pageArgs, nil })

	res := toolSpec{name: "browser_resize", title: "Resize the viewport", desc: "Set the tab's viewport size in CSS pixels.", idempotent: true, openWorld: true}
	plainTool(s, res, func(in resizeArgs) (request.Request, pageArgs, error) {
		return request.Resize{Width: in.Width, Height: in.Height}, in.pageArgs, nil
	})

	tabs := toolSpec{name: "browser_tabs", title: "Tabs", desc: "List the session's tabs, open a new one (with url), select one or close one (tab names it; close defaults to the active tab).", destructive: true, openWorld: true}
	tabs.enums = map[string][]any{"action": {"list", "new", "select", "close"}}
	plainTool(s, tabs, func(in tabsArgs) (request.Request, pageArgs, error) {
		a := pageArgs{TimeoutMS: in.TimeoutMS}
		switch in.Action {
		case "list":
			return request.Tabs{}, a, nil
		case "new":
			return request.NewTab{URL: in.URL}, a, nil
		case "select":
			return request.SwitchTab{Tab: in.Tab}, a, nil
		case "close":
			return request.CloseTab{Tab: in.Tab}, a, nil
		}
		return nil, a, events.Errorf(events.CodeInvalidArgument, "action must be list, new, select or close")
	})

	plainTool(s, toolSpec{name: "browser_close", title: "Close the browser", desc: "Close this connection's browser; the next call starts a fresh one.", destructive: true, idempotent: true},
		func(in noArgs) (request.Request, pageArgs, error) {
			return request.Close{}, pageArgs{TimeoutMS: in.TimeoutMS}, nil
		})

	if s.opts.NoEvaluate {
		registerWait(s)
		return
	}
	ev := toolSpec{name: "browser_evaluate", title: "Evaluate JavaScript", desc: "Run JavaScript in the page (or with an element by ref) within the budget; a script that runs past it is terminated. Returns the value.", destructive: true, openWorld: true}
	ev.out = map[string]*jsonschema.Schema{"value": {Description: "the returned value, as JSON"}, "type": strProp("its JavaScript type"), "engine": strProp("isolated or fallback")}
	addTool(s, ev, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in evaluateArgs) (*toolOut, error) {
		r, err := parseTarget("target", in.Target, "ref", in.Ref, false)
		if err != nil {
			return nil, err
		}
		q := request.Eval{Expression: in.Function, Frame: in.Frame, Ref: r}
		switch {
		case !r.IsZero():
		case isFunction.MatchString(in.Function):
			q.Expression = "(" + in.Function + ")()"
		}
		stop := progress(ctx, req, "evaluating")
		rep, err := run(ctx, c, q, in.options())
		stop()
		if err != nil {
			return nil, err
		}
		return &toolOut{text: "Result: " + string(rep.fields["value"]), fields: rep.fields}, nil
	})
	if !s.opts.NoCDP {
		cdp := toolSpec{name: "browser_cdp", title: "Raw CDP command", desc: "Send a raw Chrome DevTools Protocol command to the tab, or to an out-of-process frame's session.", destructive: true, openWorld: true}
		cdp.out = map[string]*jsonschema.Schema{"result": objProp("the command's result")}
		plainTool(s, cdp, func(in cdpArgs) (request.Request, pageArgs, error) {
			q := request.CDP{Method: in.Method, Frame: in.Frame}
			if in.Params != nil {
				b, err := json.Marshal(in.Params)
				if err != nil {
					return nil, in.pageArgs, events.Errorf(events.CodeInvalidArgument, "params: %v", err)
				}
				q.Params = b
			}
			return q, in.pageArgs, nil
		})
	}
	registerWait(s)
}

func registerWait(s *Server) {
	addTool(s, toolSpec{name: "browser_wait_for", title: "Wait", desc: "Wait, within the budget, for text to appear or disappear, an element to be visible, a URL, or a number of seconds. Sends progress notifications when asked.", readOnly: true, openWorld: true},
		func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in waitArgs) (*toolOut, error) {
			stop := progress(ctx, req, "waiting")
			defer stop()
			return c.waitFor(ctx, in)
		})
}

// waitFor runs browser_wait_for: a time sleeps here, textGone polls the
// snapshot, the rest is the Wait request.
func (c *conn) waitFor(ctx context.Context, in waitArgs) (*toolOut, error) {
	r, err := parseTarget("target", in.Target, "ref", in.Ref, false)
	if err != nil {
		return nil, err
	}
	budget := time.Duration(in.options().TimeoutMS) * time.Millisecond
	if !(in.Time >= 0) || in.Time > budget.Seconds() {
		// A wait past the budget could only time out (and one past what a
		// timer holds would overflow into no wait at all).
		return nil, events.Errorf(events.CodeInvalidArgument, "time %g: want seconds from 0 to the call's budget (%g s, timeout_ms)", in.Time, budget.Seconds())
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
			p, err := c.snapshotPage(ctx, in.pageArgs, request.Snapshot{})
			if err != nil {
				return nil, err
			}
			if !strings.Contains(p.tree, in.TextGone) {
				break
			}
			select {
			case <-ctx.Done():
				return nil, waitErr(ctx, fmt.Sprintf("text %q to disappear", in.TextGone))
			case <-time.After(200 * time.Millisecond): // polling the page; no event says text went away
			}
		}
	}
	q := request.Wait{Text: in.Text, URL: in.URL, Ref: r}
	if q == (request.Wait{}) {
		return &toolOut{text: "Waited", fields: fields{}}, nil
	}
	d, _ := ctx.Deadline()
	o := in.options()
	o.TimeoutMS = int(time.Until(d) / time.Millisecond)
	if o.TimeoutMS <= 0 {
		return nil, waitErr(ctx, "the condition")
	}
	rep, err := run(ctx, c, q, o)
	if err != nil {
		return nil, err
	}
	return &toolOut{text: readText("Waited", rep.value, rep.notice), fields: rep.fields}, nil
}

func waitErr(ctx context.Context, what string) error {
	if ctx.Err() == context.Canceled {
		return ctx.Err()
	}
	return events.Errorf(events.CodeTimeout, "timed out waiting for %s; give a larger timeout_ms or check the page with browser_snapshot", what)
}
