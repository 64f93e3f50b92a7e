package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// pageSnapshot is a tab's state as browser_snapshot and the page state of
// actions show it.
type pageSnapshot struct {
	st    events.PageState
	tree  string
	roles map[events.Ref]string
}

// snapshotPage asks for the tab's state (with its tree when tree is true)
// and remembers its refs' roles for browser_fill_form.
func (c *conn) snapshotPage(ctx context.Context, a pageArgs, tree bool) (*pageSnapshot, error) {
	st, _, err := do(ctx, c, request.Snapshot{NoTree: !tree}, a.options())
	if err != nil {
		return nil, err
	}
	p := &pageSnapshot{st: st, roles: map[events.Ref]string{}}
	if st.Tree != nil {
		p.tree = st.Tree.Text
		for r, info := range st.Tree.Refs {
			p.roles[r] = info.Role
		}
	}
	if tree {
		c.mu.Lock()
		c.refs[st.TabID] = p.roles
		c.lastTab = st.TabID
		c.mu.Unlock()
	}
	return p, nil
}

func (p *pageSnapshot) consoleErrors() int {
	if p.st.Console == nil {
		return 0
	}
	return p.st.Console.Errors
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

// text is browser_snapshot's text: url, title, pending dialogs on top,
// then the tree.
func (p *pageSnapshot) text() string {
	var b strings.Builder
	b.WriteString(dialogLines(p.st.PendingDialogs))
	fmt.Fprintf(&b, "- Page URL: %s\n- Page Title: %s\n", p.st.URL, p.st.Title)
	if p.st.Tree != nil && p.st.Tree.Truncated {
		b.WriteString("- Snapshot truncated\n")
	}
	b.WriteString("### Snapshot\n")
	b.WriteString(p.tree)
	return b.String()
}

// remember records the tree this client received for the tab and returns
// the diff against the one before.
func (c *conn) remember(p *pageSnapshot) events.SnapshotDiff {
	return c.snaps.Diff(p.st.TabID, p.tree)
}

// pageInfo is the structured page state that ends an action's result.
type pageInfo struct {
	Mode           SnapshotMode    `json:"mode"`
	URL            string          `json:"url,omitempty"`
	Title          string          `json:"title,omitempty"`
	TabID          events.TargetID `json:"tab_id,omitempty"`
	PendingDialogs *int            `json:"pending_dialogs,omitempty"`
	ConsoleErrors  *int            `json:"console_errors,omitempty"`
	Full           *bool           `json:"full,omitempty"`
	ChangedLines   *int            `json:"changed_lines,omitempty"`
	RemovedRefs    []string        `json:"removed_refs,omitempty"`
	ChangedRefs    []string        `json:"changed_refs,omitempty"`
	Navigated      bool            `json:"navigated,omitempty"`
	NewTab         *events.TabInfo `json:"new_tab,omitempty"`
	Error          *request.Fault  `json:"error,omitempty"`
}

// actionFacts are what the page state repeats of an action's result.
type actionFacts struct {
	Navigated bool            `json:"navigated"`
	NewTab    *events.TabInfo `json:"new_tab"`
}

// pageState ends an action's result with the page state in the server's
// snapshot mode: the lines that changed since this client's last snapshot
// of the tab (incremental), the whole tree (full), or only the modal state,
// navigation, new tab and console counts (none).
func (s *Server) pageState(ctx context.Context, c *conn, a pageArgs, out *toolOut) {
	mode := s.opts.SnapshotMode
	var b strings.Builder
	page := pageInfo{Mode: mode}
	var act actionFacts
	if raw, err := request.Marshal(out.fields); err == nil {
		_ = json.Unmarshal(raw, &act)
	}
	if act.NewTab != nil {
		fmt.Fprintf(&b, "- New tab opened: %s %s (browser_tabs select)\n", act.NewTab.ID, act.NewTab.URL)
		page.NewTab = act.NewTab
	}
	page.Navigated = act.Navigated
	p, err := c.snapshotPage(ctx, a, mode != None)
	if err != nil {
		// The action succeeded; say why the state is missing.
		f := describe(err)
		fmt.Fprintf(&b, "- Page state unavailable: [%s] %s\n", f.Code, f.Message)
		page.Error = &f
		out.text += "\n" + b.String()
		out.fields.set("page", page)
		return
	}
	dialogs, console := len(p.st.PendingDialogs), p.consoleErrors()
	page.URL, page.Title, page.TabID = p.st.URL, p.st.Title, p.st.TabID
	page.PendingDialogs, page.ConsoleErrors = &dialogs, &console
	var st strings.Builder
	st.WriteString(dialogLines(p.st.PendingDialogs))
	st.WriteString("### Page state\n")
	fmt.Fprintf(&st, "- Page URL: %s\n- Page Title: %s\n", p.st.URL, p.st.Title)
	if console > 0 {
		fmt.Fprintf(&st, "- Console: %d errors (browser_console_messages)\n", console)
	}
	st.WriteString(b.String())
	switch mode {
	case Incremental:
		d := c.remember(p)
		page.ChangedLines, page.Full = &d.Changed, &d.Full
		page.RemovedRefs, page.ChangedRefs = d.RemovedRefs, d.ChangedRefs
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
	case Full:
		c.remember(p)
		full := true
		page.Full = &full
		st.WriteString("### Snapshot\n" + p.tree)
	}
	out.text = strings.TrimRight(out.text, "\n") + "\n" + st.String()
	out.fields.set("page", page)
}
