package mcpserver

import (
	"fmt"
	"sort"
	"strings"
)

// hints are a tool's MCP annotations, as the spec defines them:
// readOnly, the tool changes nothing (not the page, not the session);
// destructive, what it changes may not be undone by calling it again
// (a click, a navigation, a cookie cleared), meaningful when not
// readOnly; idempotent, calling it again with the same arguments changes
// nothing more; openWorld, it reaches web pages beyond the server.
type hints struct {
	readOnly, destructive, idempotent, openWorld bool
}

// The annotations of the tools in one table, from which addTool sets each
// tool's and docs/mcp.md's table is written (AnnotationsTable; a test
// checks that the two agree and that every tool served has a row). A tool
// with no row keeps the flags of its toolSpec, and the test asks for one.
var (
	hintRead = hints{readOnly: true, idempotent: true, openWorld: true}
	hintAct  = hints{destructive: true, openWorld: true}
	hintSet  = hints{destructive: true, idempotent: true, openWorld: true}

	toolHints = map[string]hints{
		"browser_navigate":         hintAct,
		"browser_navigate_back":    hintAct,
		"browser_navigate_forward": hintAct,
		"browser_reload":           hintAct,
		"browser_snapshot":         hintRead,
		"browser_click":            hintAct,
		"browser_type":             hintAct,
		"browser_fill_form":        hintSet,
		"browser_press_key":        hintAct,
		"browser_hover":            {idempotent: true, openWorld: true},
		"browser_drag":             hintAct,
		"browser_select_option":    hintSet,
		"browser_check":            hintSet,
		"browser_scroll":           {openWorld: true},
		"browser_file_upload":      hintAct,
		"browser_handle_dialog":    hintAct,
		"browser_dialogs":          hintRead,
		"browser_tabs":             hintAct,
		"browser_take_screenshot":  hintRead,
		// clear forgets what was logged: a change, but not the page's.
		"browser_console_messages": {idempotent: true, openWorld: true},
		"browser_network_requests": {idempotent: true, openWorld: true},
		"browser_evaluate":         hintAct,
		"browser_wait_for":         hintRead,
		"browser_frames":           hintRead,
		"browser_resize":           {idempotent: true, openWorld: true},
		"browser_cdp":              hintAct,
		"browser_close":            {destructive: true, idempotent: true},
		"browser_cookies":          hintAct,
		"browser_storage":          hintAct,
		"browser_storage_state":    hintAct,
		"browser_downloads":        hintRead,
		"browser_pdf_save":         {destructive: true, idempotent: true, openWorld: true},
		"browser_find":             hintRead,
		"browser_read":             hintRead,
		"browser_get_styles":       hintRead,
		// Routes and emulation change how every tab of the session loads
		// and renders; a route added again resets its count.
		"browser_route":   hintAct,
		"browser_unroute": hintAct,
		"browser_routes":  hintRead,
		"browser_emulate": hintAct,
		"browser_drop":    hintAct,
		// The coordinate tools (--caps vision) are input at a point.
		"browser_mouse_click_xy": hintAct,
		"browser_mouse_drag_xy":  hintAct,
		"browser_mouse_move_xy":  {openWorld: true},
		"browser_mouse_down":     {openWorld: true},
		"browser_mouse_up":       {openWorld: true},
		"browser_mouse_wheel":    {openWorld: true},
		// Diagnostics read what the session logged; starting and stopping a
		// recording changes the session, not the page, and a stop writes
		// a file.
		"browser_console_message": hintRead,
		"browser_network_request": {idempotent: true, openWorld: true},
		"browser_vitals":          hintRead,
		"browser_trace_start":     {},
		"browser_trace_stop":      {},
		"browser_har_start":       {},
		"browser_har_stop":        {},
		"browser_record_start":    {},
		"browser_record_stop":     {},
		"browser_init_script":     hintAct,
	}
)

// withHints sets spec's annotations from the table, when it has a row.
func withHints(spec toolSpec) toolSpec {
	if h, ok := toolHints[spec.name]; ok {
		spec.readOnly, spec.destructive, spec.idempotent, spec.openWorld = h.readOnly, h.destructive, h.idempotent, h.openWorld
	}
	return spec
}

// AnnotationsTable is the Markdown table of the tools' annotations that
// docs/mcp.md shows, written from the one table the tools take theirs
// from.
func AnnotationsTable() string {
	names := make([]string, 0, len(toolHints))
	for n := range toolHints {
		names = append(names, n)
	}
	sort.Strings(names)
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	var b strings.Builder
	b.WriteString("| Tool | read-only | destructive | idempotent | open-world |\n| --- | --- | --- | --- | --- |\n")
	for _, n := range names {
		h := toolHints[n]
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", n, yes(h.readOnly), yes(h.destructive), yes(h.idempotent), yes(h.openWorld))
	}
	return b.String()
}
