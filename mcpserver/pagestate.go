package mcpserver

import (
	"context"
	"fmt"
	"strconv"
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
	// whole is true when the tree is the whole page (up to the default
	// cap), not a part a caller asked for (a target, a depth, a find, a
	// cap, the part after a cursor): only a whole tree is the baseline of
	// the next page state's changes.
	whole bool
}

// snapshotPage asks for the tab's state, with the tree q asks for (none
// with q.NoTree), and remembers its refs' roles for browser_fill_form. A
// server in the full snapshot mode shows site chrome whole.
func (c *conn) snapshotPage(ctx context.Context, a pageArgs, q request.Snapshot) (*pageSnapshot, error) {
	q.Full = q.Full || c.fullChrome
	st, _, err := do(ctx, c, q, a.options())
	if err != nil {
		return nil, err
	}
	p := &pageSnapshot{st: st, roles: map[events.Ref]string{},
		whole: q.Scope.IsZero() && q.MaxDepth == 0 && q.Find == "" && q.Cursor == "" && q.MaxChars == 0 && !q.Interactive}
	if st.Tree != nil {
		p.tree = st.Tree.Text
		for r, info := range st.Tree.Refs {
			p.roles[r] = info.Role
		}
	}
	if !q.NoTree {
		c.mu.Lock()
		if known := c.refs[st.TabID]; !p.whole && known != nil {
			for r, role := range p.roles {
				known[r] = role
			}
		} else {
			c.refs[st.TabID] = p.roles
		}
		c.lastTab = st.TabID
		c.mu.Unlock()
	}
	return p, nil
}

// blocked tells whether a dialog blocks the tab: its tree is the line
// that says so, or, without a tree, a dialog of the tab is pending.
func (p *pageSnapshot) blocked() bool {
	if p.st.Tree != nil {
		return strings.HasPrefix(p.tree, events.BlockedSnapshotPrefix)
	}
	for _, d := range p.st.PendingDialogs {
		if d.TabID == "" || d.TabID == p.st.TabID {
			return true
		}
	}
	return false
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

// text is browser_snapshot's text: pending dialogs on top, the url and
// title (each when it is news to the client: told says which it was told
// already), how the tree was cut or searched, then the tree, under a
// "### Snapshot" line when something comes before it.
func (p *pageSnapshot) text(told told) string {
	var b strings.Builder
	b.WriteString(dialogLines(p.st.PendingDialogs))
	if !told.url {
		fmt.Fprintf(&b, "- Page URL: %s\n", p.st.URL)
	}
	if !told.title {
		fmt.Fprintf(&b, "- Page Title: %s\n", p.st.Title)
	}
	b.WriteString(downloadsLine(p.st.Downloads))
	if t := p.st.Tree; t != nil {
		if t.Matches > 0 {
			fmt.Fprintf(&b, "- Matching lines: %d\n", t.Matches)
		}
		if t.Next != "" {
			fmt.Fprintf(&b, "- Snapshot cut: browser_snapshot with cursor %q (and the same other arguments) shows the rest\n", t.Next)
		} else if t.Truncated {
			b.WriteString("- Snapshot truncated\n")
		}
	}
	if b.Len() > 0 {
		b.WriteString("### Snapshot\n")
	}
	// A snapshot asked for shows every line: an agent looks there for the
	// item it will pick (an action's answer may cut a long list).
	b.WriteString(p.tree)
	return b.String()
}

// remember records the tree this client received for the tab and returns
// the diff against the one before.
func (c *conn) remember(p *pageSnapshot) events.SnapshotDiff {
	return c.snaps.Diff(p.st.TabID, p.tree)
}

// changedCount says how much of the tree a diff changed: lines changed,
// refs removed.
func changedCount(d events.SnapshotDiff) string {
	s := plural(d.Changed, "line") + " changed"
	if len(d.RemovedRefs) > 0 {
		s += ", " + plural(len(d.RemovedRefs), "ref") + " removed"
	}
	return s
}

// plural is n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// told says which of a tab's url and title a client was told already.
type told struct{ url, title bool }

// locate records the url and title this client was told for a tab and
// tells which of them it was told before.
func (c *conn) locate(tab events.TargetID, url, title string) told {
	c.mu.Lock()
	defer c.mu.Unlock()
	was, ok := c.where[tab]
	c.where[tab] = [2]string{url, title}
	return told{url: ok && was[0] == url, title: ok && was[1] == title}
}

// asked notes what a client knows of a tab after a navigation that asked
// for url and left the tab at now, and whose answer said neither url nor
// title: the url, when the tab shows the one asked for; else nothing.
func (c *conn) asked(tab events.TargetID, url, now string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if url == now {
		c.where[tab] = [2]string{now, "\x00"}
		return
	}
	delete(c.where, tab)
}

// toldDownloads records the downloads line this client was told and tells
// whether it differs from the one told before (a new download, or one that
// ended).
func (c *conn) toldDownloads(line string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	was := c.downloads
	c.downloads = line
	return line != was
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
	// TreeLeftOut: a navigation's answer without the tree, to a client
	// that takes a snapshot after navigating (see navHabit).
	TreeLeftOut bool           `json:"tree_left_out,omitempty"`
	Error       *request.Fault `json:"error,omitempty"`
}

// actionFacts are what the page state repeats of an action's result.
type actionFacts struct {
	Navigated bool
	NewTab    *events.TabInfo
	// Asked is the url a navigation asked for.
	Asked string
}

// factsOf reads what the page state repeats from an action's typed
// response.
func factsOf(v any) actionFacts {
	switch r := v.(type) {
	case events.ActionResult:
		return actionFacts{Navigated: r.Navigated, NewTab: r.NewTab}
	case request.DragResult:
		return actionFacts{Navigated: r.Navigated, NewTab: r.NewTab}
	}
	return actionFacts{}
}

// actionView is an action's typed response as its structured content
// shows it: without what the page state says instead, the tab and, but
// for the navigation tools whose own url says where they went, the
// navigation.
func actionView(v any, nav bool) any {
	switch r := v.(type) {
	case events.ActionResult:
		r.TabID = ""
		if !nav {
			r.URL, r.Navigated = "", false
		}
		return r
	case request.DragResult:
		r.TabID = ""
		if !nav {
			r.URL, r.Navigated = "", false
		}
		return r
	case events.NavigationResult:
		return navigationView{NavigationResult: r}
	}
	return v
}

// navigationView is a navigation's result without its tab, which the page
// state names: the shallower TabID hides the result's own.
type navigationView struct {
	events.NavigationResult
	TabID *struct{} `json:"tab_id,omitempty"`
}

// pageState ends an action's result with the page state in the server's
// snapshot mode, saying only what changed: the lines that changed since
// this client's last snapshot of the tab (incremental), the whole tree
// (full), or no tree (none); the url and title when they changed, or after
// a navigation tool (nav); pending dialogs, a tab the action opened and
// new console errors. While a dialog blocks the tab, the dialog is all
// there is to say. A client that takes a whole snapshot next, by habit
// (navHabit), is told only how much changed.
func (s *Server) pageState(ctx context.Context, c *conn, a pageArgs, out *toolOut, nav bool, act actionFacts) {
	mode := s.opts.SnapshotMode
	var head strings.Builder
	page := pageInfo{Mode: mode}
	if act.NewTab != nil {
		fmt.Fprintf(&head, "- New tab opened: %q %s (tab %s; browser_tabs selects it)\n", act.NewTab.Title, act.NewTab.URL, short(act.NewTab.ID))
		page.NewTab = act.NewTab
	}
	page.Navigated = act.Navigated
	// A client that snapshots after navigating, or after acting, is not
	// sent the lines it asks for next (see navHabit): a navigation's answer
	// takes no tree, another action's says only whether anything changed.
	lean := mode == Incremental && c.habit.leaves(nav)
	p, err := c.snapshotPage(ctx, a, request.Snapshot{NoTree: mode == None || (lean && nav)})
	if err != nil {
		// The action succeeded; say why the state is missing.
		f := describe(err)
		fmt.Fprintf(&head, "- Page state unavailable: [%s] %s\n", f.Code, f.Message)
		page.Error = &f
		out.text = strings.TrimRight(out.text, "\n") + "\n### Page state\n" + head.String()
		out.fields.set("page", page)
		return
	}
	c.habit.answered(p.st.TabID, nav)
	dialogs, console := len(p.st.PendingDialogs), p.consoleErrors()
	page.URL, page.Title, page.TabID = p.st.URL, p.st.Title, p.st.TabID
	page.PendingDialogs, page.ConsoleErrors = &dialogs, &console
	blocked := p.blocked()
	// A blocked page's title is not the page's: leave the url and title
	// for after the answer. A lean navigation's answer leaves them to the
	// snapshot the client takes next, which says them (and records them
	// as told).
	// After other actions (those that navigated too), each says itself
	// when it changed (a route of a single-page app changes the url and
	// keeps the title).
	if !blocked && !lean {
		t := c.locate(p.st.TabID, p.st.URL, p.st.Title)
		if nav {
			t = told{}
		}
		if !t.url {
			fmt.Fprintf(&head, "- Page URL: %s\n", p.st.URL)
		}
		if !t.title {
			fmt.Fprintf(&head, "- Page Title: %s\n", p.st.Title)
		}
	}
	if console > 0 {
		fmt.Fprintf(&head, "- Console: %d new errors (browser_console_messages)\n", console)
	}
	if line := downloadsLine(p.st.Downloads); !blocked && c.toldDownloads(line) {
		head.WriteString(line)
	}
	var st strings.Builder
	st.WriteString(dialogLines(p.st.PendingDialogs))
	if head.Len() > 0 {
		st.WriteString("### Page state\n" + head.String())
	}
	switch {
	case lean && nav:
		page.TreeLeftOut = true
		// The client knows the url it asked for; the snapshot it takes
		// next says the title, and the url only should the page have
		// gone elsewhere.
		if !blocked && act.Asked != "" {
			c.asked(p.st.TabID, act.Asked, p.st.URL)
		}
		if !blocked {
			st.WriteString("### Page state: in your next snapshot")
		}
	case lean && !blocked:
		// What changed, counted but not recorded: the snapshot the client
		// takes next is its baseline, and should it not take one, its next
		// answer shows these changes too.
		d := c.snaps.Peek(p.st.TabID, p.tree)
		page.ChangedLines, page.Full = &d.Changed, &d.Full
		page.RemovedRefs, page.ChangedRefs = d.RemovedRefs, d.ChangedRefs
		if d.Changed == 0 && len(d.RemovedRefs) == 0 {
			st.WriteString("### Snapshot: no change")
			break
		}
		page.TreeLeftOut = true
		fmt.Fprintf(&st, "### Snapshot: %s, in your next snapshot", changedCount(d))
	case mode == Incremental:
		d := c.remember(p)
		page.ChangedLines, page.Full = &d.Changed, &d.Full
		page.RemovedRefs, page.ChangedRefs = d.RemovedRefs, d.ChangedRefs
		switch {
		case blocked:
		case d.Full:
			st.WriteString("### Snapshot\n" + capLongRuns(d.Text, wholeItemRoles))
		case d.Changed == 0 && len(d.RemovedRefs) == 0:
			st.WriteString("### Snapshot: no change")
		default:
			st.WriteString("### Snapshot changes\n" + capLongRuns(d.Text, changedItemRoles))
			if len(d.RemovedRefs) > 0 {
				st.WriteString("\n- Removed refs: " + refList(d.RemovedRefs))
			}
		}
	case mode == Full:
		c.remember(p)
		full := true
		page.Full = &full
		if !blocked {
			st.WriteString("### Snapshot\n" + capLongRuns(p.tree, wholeItemRoles))
		}
	}
	out.text = strings.TrimRight(out.text, "\n")
	if st.Len() > 0 {
		out.text += "\n" + strings.TrimRight(st.String(), "\n")
	}
	out.fields.set("page", page)
}

// downloadsLine says how many downloads the session has and names those
// still in progress; "" when it has none.
func downloadsLine(ds []events.Download) string {
	if len(ds) == 0 {
		return ""
	}
	var running []string
	for _, d := range ds {
		if d.State == events.DownloadInProgress {
			running = append(running, d.SuggestedFilename)
		}
	}
	if len(running) == 0 {
		return fmt.Sprintf("- Downloads: %d (browser_downloads)\n", len(ds))
	}
	return fmt.Sprintf("- Downloads: %d, in progress: %s (browser_downloads with wait)\n", len(ds), strings.Join(running, ", "))
}
