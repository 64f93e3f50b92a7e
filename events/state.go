package events

// SnapshotOptions shapes the accessibility snapshot in the page state.
type SnapshotOptions struct {
	// Interactive lists only the lines that carry a ref, flat.
	Interactive bool `json:"interactive,omitempty"`
	// MaxDepth cuts the tree below this depth; 0 means no limit.
	MaxDepth int `json:"max_depth,omitempty"`
	// Scope limits the tree to the subtree of this ref.
	Scope Ref `json:"scope,omitempty"`
	// MaxChars cuts the text at a line boundary; 0 means no limit.
	MaxChars int `json:"max_chars,omitempty"`
}

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
