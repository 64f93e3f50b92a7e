package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// pageSnapshot is a tab's state as browser_snapshot and the page state of
// actions show it.
type pageSnapshot struct {
	TabID     string
	URL       string
	Title     string
	Tree      string
	Truncated bool
	Refs      map[string]string // ref -> role
	Dialogs   []events.DialogInfo
	Console   int // console errors
}

// stateBody is the part of the snapshot command's JSON (events.PageState)
// that the MCP tools read.
type stateBody struct {
	TabID     string                    `json:"tab_id"`
	URL       string                    `json:"url"`
	Title     string                    `json:"title"`
	Snapshot  string                    `json:"snapshot"`
	Truncated bool                      `json:"truncated"`
	Refs      map[string]events.RefInfo `json:"refs"`
	Dialogs   []events.DialogInfo       `json:"pending_dialogs"`
	Console   events.ConsoleCounts      `json:"console"`
}

// snapshotPage asks the daemon for the tab's state and remembers its refs'
// roles for browser_fill_form.
func (c *mcpConn) snapshotPage(ctx context.Context, a pageArgs, tree bool) (*pageSnapshot, error) {
	in := Input{Flags: map[string]string{}}
	if !tree {
		in.Flags["no-tree"] = "true"
	}
	body, err := c.call(ctx, "snapshot", in, a)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	var st stateBody
	if err := json.Unmarshal(raw, &st); err != nil {
		return nil, fmt.Errorf("reading the page state: %w", err)
	}
	p := &pageSnapshot{TabID: st.TabID, URL: st.URL, Title: st.Title, Tree: st.Snapshot, Truncated: st.Truncated,
		Refs: map[string]string{}, Dialogs: st.Dialogs, Console: st.Console.Errors}
	for r, info := range st.Refs {
		p.Refs[r] = info.Role
	}
	if tree {
		c.mu.Lock()
		c.refs[p.TabID] = p.Refs
		c.lastTab = p.TabID
		c.mu.Unlock()
	}
	return p, nil
}

// dialogLines states pending dialogs (the modal state) for a model.
func dialogLines(ds []events.DialogInfo) string {
	if len(ds) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("### Modal state\n")
	for _, d := range ds {
		fmt.Fprintf(&b, "- [%s] %s dialog: %q", d.ID, d.Type, d.Message)
		if d.DefaultPrompt != "" {
			fmt.Fprintf(&b, " (default %q)", d.DefaultPrompt)
		}
		b.WriteString(": answer it with browser_handle_dialog\n")
	}
	return b.String()
}

// snapshotText is browser_snapshot's text: url, title, pending dialogs on
// top, then the tree.
func (p *pageSnapshot) text() string {
	var b strings.Builder
	b.WriteString(dialogLines(p.Dialogs))
	fmt.Fprintf(&b, "- Page URL: %s\n- Page Title: %s\n", p.URL, p.Title)
	if p.Truncated {
		b.WriteString("- Snapshot truncated\n")
	}
	b.WriteString("### Snapshot\n")
	b.WriteString(p.Tree)
	return b.String()
}

// remember records the tree this client received for the tab and returns
// the diff against the one before.
func (c *mcpConn) remember(p *pageSnapshot) snapshot.Diff {
	c.mu.Lock()
	prev := c.snaps[p.TabID]
	c.snaps[p.TabID] = p.Tree
	c.mu.Unlock()
	return snapshot.DiffText(prev, p.Tree)
}

// pageState ends an action's result with the page state in the server's
// snapshot mode: the lines that changed since this client's last snapshot
// of the tab (incremental), the whole tree (full), or only the modal state,
// navigation, new tab and console counts (none).
func (s *mcpServer) pageState(ctx context.Context, c *mcpConn, a pageArgs, act map[string]any, out *toolOut) {
	var b strings.Builder
	page := map[string]any{"mode": s.cfg.snapshotMode}
	if nt, ok := act["new_tab"].(map[string]any); ok {
		fmt.Fprintf(&b, "- New tab opened: %v %v (browser_tabs select)\n", nt["id"], nt["url"])
		page["new_tab"] = nt
	}
	if nav, _ := act["navigated"].(bool); nav {
		page["navigated"] = true
	}
	p, err := c.snapshotPage(ctx, a, s.cfg.snapshotMode != modeNone)
	if err != nil {
		// The action succeeded; say why the state is missing.
		te := asToolError(err)
		fmt.Fprintf(&b, "- Page state unavailable: [%s] %s\n", te.Code, te.Message)
		page["error"] = te
		out.text += "\n" + b.String()
		out.data["page"] = page
		return
	}
	page["url"], page["title"], page["tab_id"] = p.URL, p.Title, p.TabID
	page["pending_dialogs"] = len(p.Dialogs)
	page["console_errors"] = p.Console
	var st strings.Builder
	st.WriteString(dialogLines(p.Dialogs))
	st.WriteString("### Page state\n")
	fmt.Fprintf(&st, "- Page URL: %s\n- Page Title: %s\n", p.URL, p.Title)
	if p.Console > 0 {
		fmt.Fprintf(&st, "- Console: %d errors (browser_console_messages)\n", p.Console)
	}
	st.WriteString(b.String())
	switch s.cfg.snapshotMode {
	case modeIncremental:
		d := c.remember(p)
		page["changed_lines"] = d.Changed
		page["full"] = d.Full
		if len(d.RemovedRefs) > 0 {
			page["removed_refs"] = d.RemovedRefs
		}
		if len(d.ChangedRefs) > 0 {
			page["changed_refs"] = d.ChangedRefs
		}
		switch {
		case d.Full:
			st.WriteString("### Snapshot\n" + d.Text)
		case d.Changed == 0 && len(d.RemovedRefs) == 0:
			st.WriteString("### Snapshot: no change since your last snapshot")
		default:
			st.WriteString("### Snapshot changes (under their nearest unchanged ancestor)\n" + d.Text)
			if len(d.RemovedRefs) > 0 {
				st.WriteString("\n- Removed refs: " + strings.Join(d.RemovedRefs, ", "))
			}
		}
	case modeFull:
		c.remember(p)
		page["full"] = true
		st.WriteString("### Snapshot\n" + p.Tree)
	}
	out.text = strings.TrimRight(out.text, "\n") + "\n" + st.String()
	out.data["page"] = page
}

// summary renders an action result's fields in one line each, for the text
// content, leaving out what the page state repeats.
func summary(head string, body map[string]any) string {
	var b strings.Builder
	b.WriteString(head)
	keys := make([]string, 0, len(body))
	for k := range body {
		switch k {
		case "tab_id", "new_tab", "navigated", "refs", "snapshot":
			continue
		case "details":
			// Where a click landed says nothing the page state does not.
			if d, ok := body[k].(map[string]any); ok && len(d) == 2 && d["x"] != nil && d["y"] != nil {
				continue
			}
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := body[k]
		if s, ok := v.(string); ok {
			fmt.Fprintf(&b, "\n- %s: %s", k, s)
			continue
		}
		j, _ := json.Marshal(v)
		fmt.Fprintf(&b, "\n- %s: %s", k, j)
	}
	return b.String()
}
