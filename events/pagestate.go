package events

import (
	"encoding/json"
	"time"
)

// RefInfo is what a ref stands for. Role is the ARIA role, or "clickable"
// for an element with no role that script makes clickable.
type RefInfo struct {
	Role string `json:"role"`
	Name string `json:"name"`
	// Nth counts earlier ref'd elements with the same role and name in the
	// same frame.
	Nth int `json:"nth"`
	// BackendNodeID is the element's DOM node id when known.
	BackendNodeID int64   `json:"backend_node_id,omitempty"`
	FrameID       FrameID `json:"frame_id"`
}

// BlockedSnapshotPrefix starts the one line a snapshot holds instead of
// the tree while a JavaScript dialog blocks the page. Such a snapshot is
// no baseline for the next one's changes: the tree before the dialog is.
const BlockedSnapshotPrefix = "- the page is blocked by a JavaScript "

// Snapshot is a tab's accessibility snapshot: the text an agent reads and
// the refs it names elements by.
type Snapshot struct {
	URL       string          `json:"url"`
	Title     string          `json:"title"`
	Text      string          `json:"snapshot"`
	Refs      map[Ref]RefInfo `json:"refs"`
	Truncated bool            `json:"truncated"`
	// Next is the cursor that shows what a cut left out (SnapshotOptions
	// Cursor); "" when nothing was cut.
	Next string `json:"next_cursor,omitempty"`
	// Matches counts the lines a find matched.
	Matches int `json:"matches,omitempty"`
	// Repeated are the landmarks shown as one line because an earlier
	// page of the site showed their subtree whole (see
	// SnapshotOptions.Full).
	Repeated []Ref `json:"repeated,omitempty"`
}

// CrashInfo says that a tab's renderer crashed.
type CrashInfo struct {
	Status   string `json:"status"`
	NextStep string `json:"next_step"`
}

// DialogStorm describes the latest dialog storm of the session's tabs.
type DialogStorm struct {
	TabID          TargetID  `json:"tab_id"`
	Count          int       `json:"count"`
	StartedAt      time.Time `json:"started_at"`
	LastAt         time.Time `json:"last_at"`
	Active         bool      `json:"active"`
	LimitPerSecond int       `json:"limit_per_second"`
	RendererStops  int       `json:"renderer_stops"`
	Message        string    `json:"message"`
}

// StateError is a state section that failed: the handler and its error.
type StateError struct {
	Handler string         `json:"handler"`
	Error   StateErrorBody `json:"error"`
}

// StateErrorBody is the code and message of a failed section.
type StateErrorBody struct {
	Code    Code            `json:"code"`
	Message string          `json:"message"`
	Details json.RawMessage `json:"details,omitempty"`
}

// PageState is a tab's state, merged from the StatePart each watchdog
// returns for BrowserStateRequestEvent. A section no watchdog contributed
// is its zero value (nil pointer, nil slice or map) and is left out of the
// JSON form, which is the CLI's public contract.
type PageState struct {
	// TabID, URL and Title come from the DefaultActionWatchdog; TabID is
	// empty when it did not answer.
	TabID TargetID `json:"tab_id"`
	URL   string   `json:"url"`
	Title string   `json:"title"`
	// Tree is the accessibility snapshot; nil when none was asked for (or
	// the section failed). Its URL and Title are those of the state.
	Tree *Snapshot
	// Crashed is set when the tab's renderer crashed.
	Crashed *CrashInfo
	// PendingDialogs is nil when no DialogWatchdog answered.
	PendingDialogs []DialogInfo
	RecentDialogs  []DialogInfo
	DialogStorm    *DialogStorm
	FrameTree      *FrameTree
	Console        *ConsoleCounts
	Network        *NetworkCounts
	// BlockedLoads is nil when no origin policy is in force.
	BlockedLoads []BlockedLoad
	// Downloads is the session's downloads, oldest first; nil when no
	// download tracker answered.
	Downloads []Download
	// SnapshotDiff is set by a caller that diffs snapshots (snapshot --diff).
	SnapshotDiff *SnapshotDiff
	// StateErrors lists the sections that failed.
	StateErrors []StateError
	// Extra holds the sections of plugin watchdogs (see ExtraSection), by
	// their top-level JSON key.
	Extra map[string]json.RawMessage
}

// MarshalJSON writes the state as one flat object: the keys of the
// standard sections present, then the plugins' (which never replace a
// standard key).
func (p PageState) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	for k, v := range p.Extra {
		m[k] = v
	}
	if p.TabID != "" {
		m["tab_id"], m["url"], m["title"] = p.TabID, p.URL, p.Title
	}
	if p.Tree != nil {
		refs := p.Tree.Refs
		if refs == nil {
			refs = map[Ref]RefInfo{}
		}
		m["snapshot"], m["refs"], m["truncated"] = p.Tree.Text, refs, p.Tree.Truncated
		if p.Tree.Next != "" {
			m["next_cursor"] = p.Tree.Next
		}
		if p.Tree.Matches > 0 {
			m["matches"] = p.Tree.Matches
		}
		if len(p.Tree.Repeated) > 0 {
			m["repeated"] = p.Tree.Repeated
		}
	}
	put := func(key string, ok bool, v any) {
		if ok {
			m[key] = v
		}
	}
	put("crashed", p.Crashed != nil, p.Crashed)
	put("pending_dialogs", p.PendingDialogs != nil, p.PendingDialogs)
	put("recent_dialogs", len(p.RecentDialogs) > 0, p.RecentDialogs)
	put("dialog_storm", p.DialogStorm != nil, p.DialogStorm)
	put("frame_tree", p.FrameTree != nil, p.FrameTree)
	put("console", p.Console != nil, p.Console)
	put("network", p.Network != nil, p.Network)
	put("blocked_loads", p.BlockedLoads != nil, p.BlockedLoads)
	put("downloads", len(p.Downloads) > 0, p.Downloads)
	put("snapshot_diff", p.SnapshotDiff != nil, p.SnapshotDiff)
	put("state_errors", len(p.StateErrors) > 0, p.StateErrors)
	return json.Marshal(m)
}

// StatePart is one watchdog's answer to BrowserStateRequestEvent: it
// writes its section into the merged state. A handler of the event returns
// one (or nil with an error).
type StatePart interface {
	ApplyState(*PageState)
}

// TabState is the DefaultActionWatchdog's part: the tab, its location, its
// snapshot when asked for, and whether it crashed.
type TabState struct {
	TabID   TargetID   `json:"tab_id"`
	URL     string     `json:"url"`
	Title   string     `json:"title"`
	Tree    *Snapshot  `json:"tree,omitempty"`
	Crashed *CrashInfo `json:"crashed,omitempty"`
}

// ApplyState implements StatePart.
func (t TabState) ApplyState(p *PageState) {
	p.TabID, p.URL, p.Title, p.Crashed = t.TabID, t.URL, t.Title, t.Crashed
	if t.Tree != nil {
		tree := *t.Tree
		tree.URL, tree.Title = t.URL, t.Title
		p.Tree = &tree
	}
}

// DialogState is the DialogWatchdog's part.
type DialogState struct {
	Pending []DialogInfo `json:"pending_dialogs"`
	Recent  []DialogInfo `json:"recent_dialogs,omitempty"`
	Storm   *DialogStorm `json:"dialog_storm,omitempty"`
}

// ApplyState implements StatePart.
func (d DialogState) ApplyState(p *PageState) {
	p.PendingDialogs = d.Pending
	if p.PendingDialogs == nil {
		p.PendingDialogs = []DialogInfo{}
	}
	p.RecentDialogs, p.DialogStorm = d.Recent, d.Storm
}

// ApplyState implements StatePart: the FrameWatchdog's frame_tree.
func (t FrameTree) ApplyState(p *PageState) { p.FrameTree = &t }

// ApplyState implements StatePart: the ConsoleWatchdog's console counts.
func (c ConsoleCounts) ApplyState(p *PageState) { p.Console = &c }

// ApplyState implements StatePart: the NetworkWatchdog's network counts.
func (c NetworkCounts) ApplyState(p *PageState) { p.Network = &c }

// BlockedLoads is the origin policy's part: the document loads it stopped.
type BlockedLoads []BlockedLoad

// ApplyState implements StatePart.
func (b BlockedLoads) ApplyState(p *PageState) {
	p.BlockedLoads = b
	if p.BlockedLoads == nil {
		p.BlockedLoads = []BlockedLoad{}
	}
}

// ExtraSection is a plugin watchdog's part: Value, in its JSON form, under
// the top-level key Key (which must not be one of the standard keys). A
// Value that cannot be encoded is left out.
type ExtraSection struct {
	Key   string
	Value any
}

// ApplyState implements StatePart.
func (x ExtraSection) ApplyState(p *PageState) {
	b, err := json.Marshal(x.Value)
	if err != nil || x.Key == "" {
		return
	}
	if p.Extra == nil {
		p.Extra = map[string]json.RawMessage{}
	}
	p.Extra[x.Key] = b
}
