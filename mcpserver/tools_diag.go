package mcpserver

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/request"
)

// The diagnostics tools: a request or console message in full, traces and
// vitals, HARs, recordings and init scripts.

type networkRequestArgs struct {
	ID   string `json:"id" jsonschema:"the request's id, as browser_network_requests lists it ([id=...])"`
	Save string `json:"save,omitempty" jsonschema:"save the response body to this file on the server's machine instead of returning it"`
	pageArgs
}

type consoleMessageArgs struct {
	ID string `json:"id" jsonschema:"the message's id (c-1, ...), as browser_console_messages lists it ([id=...])"`
	pageArgs
}

type fileArgs struct {
	Filename string `json:"filename,omitempty" jsonschema:"where to write the file on the server's machine (default: a new file in the session's download directory)"`
	pageArgs
}

type dirArgs struct {
	Dir string `json:"dir,omitempty" jsonschema:"the directory to write the recording to, on the server's machine (made if missing; default: a new directory in the session's download directory)"`
	pageArgs
}

type initScriptArgs struct {
	Action string `json:"action" jsonschema:"add a script, remove one by id, or list them"`
	Code   string `json:"code,omitempty" jsonschema:"add: the JavaScript, run in every new document of the session (every tab and frame) before the page's own scripts"`
	Name   string `json:"name,omitempty" jsonschema:"add: a label for the script"`
	ID     string `json:"id,omitempty" jsonschema:"remove: the script's id (s-1, ...)"`
	pageArgs
}

// inlineFile is the largest file a tool also returns as content.
const inlineFile = 256 << 10

// fileContent is a written file as embedded content, when it is small.
func fileContent(path, mime string) []mcp.Content {
	b, err := safefile.ReadFile(path, inlineFile, safefile.Options{NoFollow: true})
	if err != nil {
		return nil // too large, or gone: the result names the path
	}
	u := url.URL{Scheme: "file", Path: path}
	return []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: u.String(), MIMEType: mime, Text: string(b)}}}
}

// diagTool registers a tool whose request mk builds and whose text say
// writes; attach adds content from the response (a file).
func diagTool[In any, R any](s *Server, spec toolSpec, mk func(c *conn, in In) (request.Of[R], pageArgs, error), say func(R) string, attach func(R) []mcp.Content) {
	addTool(s, spec, func(ctx context.Context, c *conn, req *mcp.CallToolRequest, in In) (*toolOut, error) {
		q, a, err := mk(c, in)
		if err != nil {
			return nil, err
		}
		r, notice, err := do(ctx, c, q, a.options())
		if err != nil {
			return nil, err
		}
		f, err := fieldsOf(r)
		if err != nil {
			return nil, err
		}
		text := say(r)
		if notice != "" {
			text += "\n- Note: " + notice
		}
		out := &toolOut{text: text, fields: f}
		if attach != nil {
			out.images = attach(r)
		}
		return out, nil
	})
}

func registerDiagTools(s *Server) {
	obj := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: desc} }
	arr := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "array", Description: desc} }
	num := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "number", Description: desc} }

	nr := toolSpec{name: "browser_network_request", title: "One request in full",
		desc: "One request of the network log in full: method, URL, status, request and response headers, timing, and the request and response bodies " +
			"(text as text, binary as base64 or saved to a file; a body not kept says why). Bodies of documents, XHR and fetch are kept by default, within the session's budget.",
		idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"id": strProp("the request"), "url": strProp("its URL"), "method": strProp("its method"), "status": intProp("the response status"),
			"request_headers": arr("[{name, value}]"), "response_headers": arr("[{name, value}]"), "timing": obj("blocked, dns, connect, ssl, send, wait, receive in ms"),
			"request_body":  obj("state (kept, none, not_kept, dropped, too_large, pending, unavailable), reason, bytes, text or base64 or path"),
			"response_body": obj("as request_body"), "tab_id": strProp("the tab")},
	}
	diagTool(s, nr, func(c *conn, in networkRequestArgs) (request.Of[events.NetworkRequestDetail], pageArgs, error) {
		q := request.NetworkGet{ID: in.ID}
		if in.Save != "" {
			q.Save = in.Save // checked with every path (conn.guard)
		}
		return q, in.pageArgs, nil
	}, networkDetailText, nil)

	cm := toolSpec{name: "browser_console_message", title: "One console message in full",
		desc:     "One console message or uncaught exception in full: level, text, its arguments, its stack trace (function, URL, line, column per frame) and the frame it came from.",
		readOnly: true, idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"id": strProp("the message"), "level": strProp("error, warning, info, log or debug"), "text": strProp("the message"),
			"args": arr("[{type, subtype, value, description}]"), "stack": arr("[{function, url, line, column, async}], innermost first"),
			"frame_id": strProp("the frame it came from"), "tab_id": strProp("the tab")},
	}
	diagTool(s, cm, func(c *conn, in consoleMessageArgs) (request.Of[events.ConsoleMessageDetail], pageArgs, error) {
		return request.ConsoleGet{ID: in.ID}, in.pageArgs, nil
	}, consoleDetailText, nil)

	ts := toolSpec{name: "browser_trace_start", title: "Start a performance trace",
		desc:      "Start recording a performance trace of the tab (what its renderer does: tasks, layout, paint, scripts, requests). Do what is to be measured (navigate, click), then browser_trace_stop.",
		openWorld: true,
		out:       map[string]*jsonschema.Schema{"tab_id": strProp("the tab traced"), "started_at": strProp("when")},
	}
	diagTool(s, ts, func(c *conn, in snapshotArgs) (request.Of[events.TraceStarted], pageArgs, error) {
		return request.TraceStart{}, in.pageArgs, nil
	}, func(r events.TraceStarted) string {
		return "Tracing tab " + short(r.TabID) + "; stop with browser_trace_stop"
	}, nil)

	tst := toolSpec{name: "browser_trace_stop", title: "Stop the performance trace",
		desc: "Stop the trace, write it (Chrome's trace JSON, which DevTools' Performance panel and Perfetto open) and summarise it: TTFB, FCP, LCP with its element, CLS with the elements that moved, " +
			"INP with its element, long tasks, the largest requests and the slowest scripts.",
		openWorld: true,
		out: map[string]*jsonschema.Schema{"path": strProp("the trace file"), "bytes": intProp("its size"), "events": intProp("trace events"), "duration_ms": num("how long the trace ran"),
			"summary": obj("url, ttfb_ms, fcp_ms, lcp {ms, size, element, url}, cls {score, shifts, elements}, inp {ms, event, element, interactions}, long_tasks, long_tasks_ms, largest_requests, slowest_scripts")},
	}
	diagTool(s, tst, func(c *conn, in fileArgs) (request.Of[events.TraceResult], pageArgs, error) {
		q := request.TraceStop{}
		if in.Filename != "" {
			q.Path = in.Filename // checked with every path (conn.guard)
		}
		return q, in.pageArgs, nil
	}, traceText, func(r events.TraceResult) []mcp.Content { return fileContent(r.Path, "application/json") })

	vt := toolSpec{name: "browser_vitals", title: "Core Web Vitals",
		desc: "The Core Web Vitals of the tab's page without a trace: LCP (with its element), CLS (with the elements that moved), INP (with its element), TTFB and FCP, measured in the page by PerformanceObserver. " +
			"The first call also watches every page loaded afterwards from its start.",
		readOnly: true, idempotent: true, openWorld: true,
		out: map[string]*jsonschema.Schema{"url": strProp("the page"), "ttfb_ms": num("time to the first byte"), "fcp_ms": num("first contentful paint"),
			"lcp": obj("ms, size, element, url"), "cls": obj("score, shifts, elements"), "inp": obj("ms, event, element, interactions"),
			"observing": boolProp("whether the observer ran from the page's start (else interactions under 104 ms before the first call are missed)"), "tab_id": strProp("the tab")},
	}
	diagTool(s, vt, func(c *conn, in snapshotArgs) (request.Of[events.Vitals], pageArgs, error) {
		return request.Vitals{}, in.pageArgs, nil
	}, vitalsText, nil)

	hs := toolSpec{name: "browser_har_start", title: "Start a HAR recording",
		desc:      "Start recording the session's traffic (every tab, with headers, timings and the bodies the session keeps) for a HAR file; browser_har_stop writes it.",
		openWorld: true, idempotent: true,
		out: map[string]*jsonschema.Schema{"started_at": strProp("when")},
	}
	diagTool(s, hs, func(c *conn, in snapshotArgs) (request.Of[events.HARStarted], pageArgs, error) {
		return request.HARStart{}, in.pageArgs, nil
	}, func(events.HARStarted) string {
		return "Recording the session's traffic; write it with browser_har_stop"
	}, nil)

	hst := toolSpec{name: "browser_har_stop", title: "Write the HAR",
		desc:      "Stop the HAR recording and write it (HAR 1.2, mode 0600), which DevTools and HAR viewers open.",
		openWorld: true,
		out: map[string]*jsonschema.Schema{"path": strProp("the HAR file"), "bytes": intProp("its size"), "entries": intProp("requests in it"),
			"bodies": intProp("response bodies in it"), "bodies_omitted": intProp("response bodies of kept types that were not kept")},
	}
	diagTool(s, hst, func(c *conn, in fileArgs) (request.Of[events.HARResult], pageArgs, error) {
		q := request.HARStop{}
		if in.Filename != "" {
			q.Path = in.Filename // checked with every path (conn.guard)
		}
		return q, in.pageArgs, nil
	}, func(r events.HARResult) string {
		return fmt.Sprintf("Wrote %s: %d requests, %d response bodies (%d not kept), %d bytes", r.Path, r.Entries, r.Bodies, r.BodiesOmitted, r.Bytes)
	}, func(r events.HARResult) []mcp.Content { return fileContent(r.Path, "application/json") })

	rs := toolSpec{name: "browser_record_start", title: "Start a recording",
		desc:      "Start recording the session: a screencast of the tab (each frame with its time) and a log of every command the session runs (name, arguments, result code, time). browser_record_stop writes it.",
		openWorld: true,
		out:       map[string]*jsonschema.Schema{"tab_id": strProp("the tab recorded"), "started_at": strProp("when")},
	}
	diagTool(s, rs, func(c *conn, in snapshotArgs) (request.Of[events.RecordStarted], pageArgs, error) {
		return request.RecordStart{}, in.pageArgs, nil
	}, func(r events.RecordStarted) string {
		return "Recording tab " + short(r.TabID) + "; write it with browser_record_stop"
	}, nil)

	rst := toolSpec{name: "browser_record_stop", title: "Write the recording",
		desc:      "Stop the recording and write it to a directory: the frames (frame-NNNNNN.jpg), frames.json (their times), actions.json (the commands), and video.webm when ffmpeg is on the server's PATH.",
		openWorld: true,
		out: map[string]*jsonschema.Schema{"dir": strProp("the directory"), "frames": intProp("frames written"), "actions": intProp("commands logged"),
			"video": strProp("the WebM, when one was made"), "video_note": strProp("why no video was made")},
	}
	diagTool(s, rst, func(c *conn, in dirArgs) (request.Of[events.RecordResult], pageArgs, error) {
		q := request.RecordStop{}
		if in.Dir != "" {
			q.Dir = in.Dir // checked with every path (conn.guard)
		}
		return q, in.pageArgs, nil
	}, func(r events.RecordResult) string {
		s := fmt.Sprintf("Wrote %s: %d frames, %d commands logged", r.Dir, r.Frames, r.Actions)
		if r.Video != "" {
			s += ", video " + r.Video
		}
		if r.VideoNote != "" {
			s += "\n- " + r.VideoNote
		}
		return s
	}, nil)

	if !s.opts.NoEvaluate {
		is := toolSpec{name: "browser_init_script", title: "Init scripts",
			desc:        "Add a script that runs in every new document of the session (every tab and frame, in the page's world, before the page's own scripts), remove one by id, or list them. Documents already loaded are not changed.",
			destructive: true, openWorld: true,
			out: map[string]*jsonschema.Schema{"scripts": arr("the session's scripts: id, name, bytes"), "added": obj("add: the script added")},
		}
		is.enums = map[string][]any{"action": {"add", "remove", "list"}}
		diagTool(s, is, func(c *conn, in initScriptArgs) (request.Of[events.InitScriptsResult], pageArgs, error) {
			switch in.Action {
			case "add":
				return request.InitScriptAdd{Source: in.Code, Name: in.Name}, in.pageArgs, nil
			case "remove":
				return request.InitScriptRemove{ID: in.ID}, in.pageArgs, nil
			case "list":
				return request.InitScripts{}, in.pageArgs, nil
			}
			return nil, in.pageArgs, events.Errorf(events.CodeInvalidArgument, "action must be add, remove or list")
		}, initScriptsText, nil)
	}
}

// bodyText is one body for a model: its text, or where it is and why not.
func bodyText(b *strings.Builder, what string, body events.NetworkBody) {
	switch {
	case body.State != events.BodyKept:
		fmt.Fprintf(b, "\n%s: %s", what, body.State)
		if body.Reason != "" {
			b.WriteString(" (" + body.Reason + ")")
		}
	case body.Path != "":
		fmt.Fprintf(b, "\n%s: %d bytes saved to %s", what, body.Bytes, body.Path)
	case body.Base64 != "":
		fmt.Fprintf(b, "\n%s: %d bytes of %s, in base64 in the structured result", what, body.Bytes, body.MIMEType)
	default:
		fmt.Fprintf(b, "\n%s (%d bytes):\n%s", what, body.Bytes, body.Text)
	}
}

func headersText(b *strings.Builder, what string, hs []events.Header) {
	fmt.Fprintf(b, "\n%s:", what)
	for _, h := range hs {
		fmt.Fprintf(b, "\n- %s: %s", h.Name, h.Value)
	}
}

func networkDetailText(r events.NetworkRequestDetail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s => ", r.Method, r.URL)
	switch {
	case r.State == events.NetworkFailed:
		b.WriteString("failed: " + r.Failure)
	case r.Status != 0:
		fmt.Fprintf(&b, "%d %s", r.Status, r.StatusText)
	default:
		b.WriteString(r.State)
	}
	fmt.Fprintf(&b, "\nType: %s; %d bytes received; %.0f ms", r.ResourceType, r.Size, r.DurationMS)
	if t := r.Timing; t != nil {
		fmt.Fprintf(&b, " (blocked %.1f, dns %.1f, connect %.1f, send %.1f, wait %.1f, receive %.1f)", t.BlockedMS, t.DNSMS, t.ConnectMS, t.SendMS, t.WaitMS, t.ReceiveMS)
	}
	headersText(&b, "Request headers", r.RequestHeaders)
	bodyText(&b, "Request body", r.RequestBody)
	headersText(&b, "Response headers", r.ResponseHeaders)
	bodyText(&b, "Response body", r.ResponseBody)
	return b.String()
}

func consoleDetailText(r events.ConsoleMessageDetail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] %s", r.Level, r.Text)
	if r.URL != "" {
		fmt.Fprintf(&b, "\nAt %s:%d:%d", r.URL, r.Line, r.Column)
	}
	fmt.Fprintf(&b, "\nFrame: %s", r.FrameID)
	if len(r.Stack) > 0 {
		b.WriteString("\nStack:")
		for _, f := range r.Stack {
			if f.Async != "" {
				b.WriteString("\n  (" + f.Async + ")")
			}
			fn := f.Function
			if fn == "" {
				fn = "(anonymous)"
			}
			fmt.Fprintf(&b, "\n- %s %s:%d:%d", fn, f.URL, f.Line, f.Column)
		}
	}
	return b.String()
}

func msText(p *float64) string {
	if p == nil {
		return "-"
	}
	return fmt.Sprintf("%.0f ms", *p)
}

func vitalsLines(b *strings.Builder, ttfb, fcp *float64, lcp *events.VitalLCP, cls *events.VitalCLS, inp *events.VitalINP) {
	fmt.Fprintf(b, "\n- TTFB: %s; FCP: %s", msText(ttfb), msText(fcp))
	if lcp != nil {
		fmt.Fprintf(b, "\n- LCP: %.0f ms, %s", lcp.MS, lcp.Element)
		if lcp.URL != "" {
			b.WriteString(" (" + lcp.URL + ")")
		}
	} else {
		b.WriteString("\n- LCP: none yet")
	}
	if cls != nil {
		fmt.Fprintf(b, "\n- CLS: %.3f over %d shifts", cls.Score, cls.Shifts)
		if len(cls.Elements) > 0 {
			b.WriteString(", moved: " + strings.Join(cls.Elements, ", "))
		}
	}
	if inp != nil {
		fmt.Fprintf(b, "\n- INP: %.0f ms, %s on %s (%d interactions)", inp.MS, inp.Event, inp.Element, inp.Interactions)
	} else {
		b.WriteString("\n- INP: no interaction yet")
	}
}

func vitalsText(r events.Vitals) string {
	var b strings.Builder
	b.WriteString("Web vitals of " + r.URL + ":")
	vitalsLines(&b, r.TTFBMS, r.FCPMS, r.LCP, r.CLS, r.INP)
	return b.String()
}

func traceText(r events.TraceResult) string {
	var b strings.Builder
	s := r.Summary
	fmt.Fprintf(&b, "Trace written to %s (%d bytes, %d events, %.0f ms). Page: %s", r.Path, r.Bytes, r.Events, r.DurationMS, s.URL)
	vitalsLines(&b, s.TTFBMS, s.FCPMS, s.LCP, s.CLS, s.INP)
	fmt.Fprintf(&b, "\n- Long tasks: %d, %.0f ms in all", len(s.LongTasks), s.LongTasksMS)
	for _, t := range s.LongTasks {
		fmt.Fprintf(&b, "\n  - %.0f ms at %.0f ms", t.DurationMS, t.StartMS)
	}
	if len(s.Requests) > 0 {
		b.WriteString("\n- Largest requests:")
		for _, q := range s.Requests {
			fmt.Fprintf(&b, "\n  - %s: %d bytes, %.0f ms", q.URL, q.Bytes, q.DurationMS)
		}
	}
	if len(s.Scripts) > 0 {
		b.WriteString("\n- Slowest scripts:")
		for _, sc := range s.Scripts {
			fmt.Fprintf(&b, "\n  - %s: %.1f ms", sc.URL, sc.MS)
		}
	}
	return b.String()
}

func initScriptsText(r events.InitScriptsResult) string {
	var b strings.Builder
	if r.Added != nil {
		fmt.Fprintf(&b, "Added init script %s (%d bytes); it runs in documents loaded from now on.\n", r.Added.ID, r.Added.Bytes)
	}
	fmt.Fprintf(&b, "Init scripts (%d):", len(r.Scripts))
	for _, sc := range r.Scripts {
		fmt.Fprintf(&b, "\n- %s %s (%d bytes)", sc.ID, sc.Name, sc.Bytes)
	}
	return b.String()
}

// throttleArgs are browser_emulate's network, CPU, forced-colors and
// contrast settings.
type throttleArgs struct {
	Network           string                    `json:"network,omitempty" jsonschema:"throttle or cut every tab's network with a preset (off clears throttling and offline)"`
	NetworkConditions *events.NetworkConditions `json:"networkConditions,omitempty" jsonschema:"custom throttling instead of a preset: download_kbps, upload_kbps (0: not limited), latency_ms"`
	CPU               *float64                  `json:"cpu,omitempty" jsonschema:"slow every tab's CPU by this factor (4: four times slower; 1 clears it)"`
	ForcedColors      string                    `json:"forcedColors,omitempty" jsonschema:"the forced-colors media feature (reset clears it)"`
	Contrast          string                    `json:"contrast,omitempty" jsonschema:"the prefers-contrast media feature (reset clears it)"`
}

func (a throttleArgs) network() *events.NetworkConditions {
	if a.Network != "" {
		return &events.NetworkConditions{Preset: a.Network}
	}
	return a.NetworkConditions
}
