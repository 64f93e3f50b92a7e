package cli

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/request"
)

// Plain output (without --json) is for people and for agents that read
// text: a snapshot, text, Markdown or HTML as it is, followed by what the
// snapshot counted and reset (console errors, failed requests) and the
// dialogs waiting for an answer; the fact a get or is command read, alone;
// lists one item a line; other fields as "key: value" lines.

// rawKeys are the fields printed as they are, the first present alone.
var rawKeys = []string{"text", "snapshot", "markdown", "html"}

// factKeys are the facts get and is read, each printed alone.
var factKeys = []string{"value", "visible", "enabled", "checked", "editable", "count", "title", "url", "box", "styles"}

// humanText renders a result for people.
func humanText(body map[string]any) string {
	var sb strings.Builder
	if n, ok := body["notice"].(string); ok {
		sb.WriteString("note: " + n + "\n")
	}
	if s, ok := factText(body); ok {
		sb.WriteString(s)
		return sb.String()
	}
	for _, k := range rawKeys {
		s, ok := body[k].(string)
		if !ok {
			continue
		}
		if k == "snapshot" && s == "" {
			if _, diff := body["snapshot_diff"]; diff {
				s = "no change since the last snapshot"
			}
		}
		sb.WriteString(s)
		if !strings.HasSuffix(s, "\n") {
			sb.WriteByte('\n')
		}
		sb.WriteString(stateFooter(body))
		return sb.String()
	}
	keys := make([]string, 0, len(body))
	for k := range body {
		if k != "ok" && k != "notice" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch v := body[k].(type) {
		case string:
			fmt.Fprintf(&sb, "%s: %s\n", k, v)
		case []any:
			if len(v) == 0 {
				fmt.Fprintf(&sb, "%s: none\n", k)
				continue
			}
			fmt.Fprintf(&sb, "%s: %d\n", k, len(v))
			for _, item := range v {
				sb.WriteString("  " + itemLine(k, item) + "\n")
			}
		case map[string]any:
			fmt.Fprintf(&sb, "%s: %s\n", k, itemLine("", v))
		default:
			fmt.Fprintf(&sb, "%s: %s\n", k, compact(v))
		}
	}
	if len(keys) == 0 {
		sb.WriteString("ok\n")
	}
	sb.WriteString(stateFooter(body))
	return sb.String()
}

// factText prints the one fact a get or is command read: a body with a
// fact field and nothing but its ref and the attribute's name beside it.
func factText(body map[string]any) (string, bool) {
	var fact string
	for k := range body {
		switch k {
		case "ok", "notice", "ref", "attribute", "present", "box_model":
			continue
		}
		if fact != "" || !slices.Contains(factKeys, k) {
			return "", false
		}
		fact = k
	}
	if fact == "" {
		if p, ok := body["present"].(bool); ok && !p {
			return "(no such attribute)\n", true
		}
		return "", false
	}
	switch v := body[fact].(type) {
	case string:
		return v + "\n", true
	case bool, float64:
		return compact(v) + "\n", true
	case map[string]any:
		var sb strings.Builder
		if fact == "box" {
			return boxLine(v) + "\n", true
		}
		for _, k := range sortedKeys(v) {
			fmt.Fprintf(&sb, "%s: %s\n", k, scalar(v[k]))
		}
		if bm, ok := body["box_model"].(map[string]any); ok {
			for _, k := range []string{"content", "padding", "border", "margin"} {
				if b, ok := bm[k].(map[string]any); ok {
					fmt.Fprintf(&sb, "box %s: %s\n", k, boxLine(b))
				}
			}
		}
		return sb.String(), true
	}
	return "", false
}

// boxLine writes a box as "x=10 y=20 width=100 height=30".
func boxLine(b map[string]any) string {
	return fmt.Sprintf("x=%s y=%s width=%s height=%s", scalar(b["x"]), scalar(b["y"]), scalar(b["width"]), scalar(b["height"]))
}

// stateFooter says what a page state counted, and reset, that its tree
// does not show: dialogs waiting for an answer, console errors and
// warnings, failed requests. Nothing when there is nothing to say.
func stateFooter(body map[string]any) string {
	var sb strings.Builder
	if ds, ok := body["pending_dialogs"].([]any); ok {
		for _, d := range ds {
			m, _ := d.(map[string]any)
			fmt.Fprintf(&sb, "dialog %s (%s) is open: %q; answer it: agentbrowser dialog accept|dismiss --id %s\n",
				scalar(m["id"]), scalar(m["type"]), scalar(m["message"]), scalar(m["id"]))
		}
	}
	if c, ok := body["console"].(map[string]any); ok {
		e, _ := c["errors"].(float64)
		w, _ := c["warnings"].(float64)
		if e > 0 || w > 0 {
			fmt.Fprintf(&sb, "console: %s, %s since the last snapshot (agentbrowser console lists them)\n", plural(e, "error"), plural(w, "warning"))
		}
	}
	if n, ok := body["network"].(map[string]any); ok {
		if f, _ := n["failed"].(float64); f > 0 {
			fmt.Fprintf(&sb, "network: %s failed (agentbrowser network lists them)\n", plural(f, "request"))
		}
	}
	return sb.String()
}

func plural(n float64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.FormatFloat(n, 'f', -1, 64) + " " + what + "s"
}

// itemOrder names, per list, the fields an item's line shows first, in
// that order; the rest follow as key=value. (Switches rather than maps
// here and below: a map literal is built at every start of the thin
// client.)
func itemOrder(list string) []string {
	switch list {
	case "matches":
		return []string{"ref", "role", "name"}
	case "tabs":
		return []string{"id", "title", "url"}
	case "downloads":
		return []string{"state", "suggested_filename", "path", "url"}
	case "requests":
		return []string{"method", "status", "url", "resource_type", "state"}
	case "messages":
		return []string{"level", "text", "url", "line"}
	case "pending":
		return []string{"id", "type", "message"}
	case "recent":
		return []string{"id", "type", "message", "closed_by"}
	case "cookies":
		return []string{"name", "value", "domain", "path"}
	case "routes":
		return []string{"pattern"}
	case "sessions":
		return []string{"session", "pid", "browser"}
	case "frames":
		return []string{"frame_id", "url"}
	}
	return nil
}

// itemSkip reports the fields an item's line leaves out: ids and times an
// agent does not act on, which the JSON form keeps.
func itemSkip(k string) bool {
	switch k {
	case "backend_node_id", "build", "at", "started_at", "ended_at", "frame_id", "tab_id", "status_text", "mime_type":
		return true
	}
	return false
}

// maxItemValue cuts a long value (a data: URL) in an item's line.
const maxItemValue = 160

// itemLine writes one list item on one line: its leading fields bare
// (strings quoted when they hold spaces), the others as key=value.
func itemLine(list string, item any) string {
	m, ok := item.(map[string]any)
	if !ok {
		return compact(item)
	}
	var parts []string
	if a, ok := m["active"].(bool); ok && list == "tabs" {
		if a {
			parts = append(parts, "*")
		} else {
			parts = append(parts, " ")
		}
	}
	done := map[string]bool{"active": list == "tabs"}
	for _, k := range itemOrder(list) {
		v, ok := m[k]
		done[k] = true
		if !ok || v == nil || v == "" {
			continue
		}
		parts = append(parts, quoted(cut(scalar(v))))
	}
	for _, k := range sortedKeys(m) {
		if done[k] || itemSkip(k) {
			continue
		}
		v := m[k]
		if v == nil || v == "" || v == false || v == float64(0) {
			continue
		}
		parts = append(parts, k+"="+quoted(cut(scalar(v))))
	}
	return strings.Join(parts, " ")
}

// cut shortens a long value for a line.
func cut(s string) string {
	if len(s) <= maxItemValue {
		return s
	}
	return s[:maxItemValue] + "…"
}

// quoted quotes s when it is empty or holds white space.
func quoted(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\n\"") {
		return strconv.Quote(s)
	}
	return s
}

// scalar writes a value without JSON's quotes around strings.
func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return compact(v)
}

func compact(v any) string {
	b, _ := request.Marshal(v)
	return string(b)
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
