package events

// SnapshotOptions shapes the accessibility snapshot in the page state.
type SnapshotOptions struct {
	// Interactive lists only the lines that carry a ref, flat.
	Interactive bool `json:"interactive,omitempty"`
	// MaxDepth cuts the tree below this depth; 0 means no limit.
	MaxDepth int `json:"max_depth,omitempty"`
	// Scope limits the tree to the subtree of this ref.
	Scope Ref `json:"scope,omitempty"`
	// MaxChars cuts the text at a line boundary so that it holds at most
	// MaxChars bytes, its last line giving the cursor of the rest; 0
	// means DefaultSnapshotMaxChars. A caller that wants more asks for
	// more.
	MaxChars int `json:"max_chars,omitempty"`
	// Target limits the tree to the subtree of one element, as Scope
	// does: a ref (e5, @e5, ref=e5) or a locator that matches one element
	// (see ParseLocator). It is the name the MCP tools and Playwright MCP
	// use.
	Target string `json:"target,omitempty"`
	// Find shows only the lines that match, each under its nearest
	// heading or landmark: a text, matched without regard to case, or a
	// /regular expression/ (flags i, m, s may follow the last slash).
	Find string `json:"find,omitempty"`
	// Cursor shows the part of a cut snapshot that starts at this cursor
	// (Snapshot.Next of the part before, same options otherwise).
	Cursor string `json:"cursor,omitempty"`
	// Full shows every landmark subtree (banner, navigation, footer,
	// sidebar, search) whole. Without it, one that an earlier page of the
	// same site showed whole, unchanged, is one line that lists its refs
	// (which stay valid and keep their names).
	Full bool `json:"full,omitempty"`
}

// DefaultSnapshotMaxChars is the most text a snapshot holds when its
// options name no MaxChars: no single result an agent reads is larger
// unless it asks (hosts refuse tool results of 25,000 tokens and more).
const DefaultSnapshotMaxChars = 100_000

// BrowserStateRequestEvent asks for the state of a tab (TabID, or the active
// tab). It is gathered, not owned (see its Gathers method): every watchdog
// that knows part of it contributes its own StatePart: DefaultActionWatchdog
// a TabState (url, title, snapshot text and refs); DialogWatchdog a
// DialogState; FrameWatchdog its FrameTree; ConsoleWatchdog its
// ConsoleCounts; a plugin an ExtraSection. actions.State merges the parts
// into a PageState. Contributors must answer even while a dialog blocks the
// page.
type BrowserStateRequestEvent struct {
	TabID    TargetID
	Snapshot SnapshotOptions
	// SkipTree asks for everything but the accessibility tree.
	SkipTree bool
}

// ResolveRefEvent asks which element a ref names. Owned by
// DefaultActionWatchdog, which owns the refs; result ResolvedRef. A ref whose
// element is gone fails with code stale_ref; one never issued with
// unknown_ref.
type ResolveRefEvent struct {
	TabID TargetID
	Ref   Ref
}

// ResolvedRef locates an element: its backend node id is valid on any
// session attached to TargetID (the page, or the out-of-process iframe the
// element lives in).
type ResolvedRef struct {
	Ref           Ref      `json:"ref"`
	Role          string   `json:"role"`
	Name          string   `json:"name"`
	BackendNodeID int64    `json:"backend_node_id"`
	FrameID       FrameID  `json:"frame_id"`
	TargetID      TargetID `json:"target_id"`
}
