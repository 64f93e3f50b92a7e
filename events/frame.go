package events

import "encoding/json"

// FrameInfo describes one frame of a tab, as FrameWatchdog knows it.
//
// SessionID and TargetID name the CDP session (and its target) that hosts
// the frame's document: for an out-of-process iframe (IsOOPIF) its own
// session, whose target id equals the frame id; for any other frame the
// session of the nearest ancestor that owns a process (the tab's page, or
// the enclosing OOPIF). A same-origin frame has no session of its own, so
// code that must run inside it goes through its host session with the
// frame id: Page.createIsolatedWorld{frameId} makes an isolated world in
// it, and ContextID, when known, is its main world's default execution
// context on that session (Runtime.evaluate{contextId}). Failing both, the
// frame is reachable from its parent's document through
// iframe.contentDocument / contentWindow.
type FrameInfo struct {
	FrameID FrameID  `json:"frame_id"`
	TabID   TargetID `json:"tab_id,omitempty"`
	URL     string   `json:"url"`
	Origin  string   `json:"origin"`
	Name    string   `json:"name,omitempty"`
	// ParentFrameID is empty for the tab's top frame.
	ParentFrameID FrameID   `json:"parent_frame_id,omitempty"`
	IsOOPIF       bool      `json:"is_oopif"`
	SessionID     SessionID `json:"session_id,omitempty"`
	TargetID      TargetID  `json:"target_id,omitempty"`
	// ContextID is the frame's main-world default execution context on
	// SessionID, or 0 when none has been reported since FrameWatchdog
	// started listening.
	ContextID int64 `json:"context_id,omitempty"`
}

// FrameTree is the frame_tree section of the page state: the top frame and
// its descendants breadth first, capped (30 children, out-of-process depth
// 2) so that a page full of ad frames cannot flood an agent's context.
// Truncated is true when a cap left frames out; FramesEvent lists them all.
type FrameTree struct {
	Top       FrameTreeTop     `json:"top"`
	Children  []FrameTreeChild `json:"children"`
	Truncated bool             `json:"truncated"`
}

// FrameTreeTop is the top frame in a FrameTree.
type FrameTreeTop struct {
	FrameID FrameID `json:"frame_id"`
	URL     string  `json:"url"`
	Origin  string  `json:"origin"`
}

// FrameTreeChild is a frame below the top one in a FrameTree. SessionID is
// set only for out-of-process iframes: it is the session a raw CDP command
// for that frame goes to.
type FrameTreeChild struct {
	FrameID       FrameID   `json:"frame_id"`
	URL           string    `json:"url"`
	Origin        string    `json:"origin"`
	ParentFrameID FrameID   `json:"parent_frame_id"`
	IsOOPIF       bool      `json:"is_oopif"`
	SessionID     SessionID `json:"session_id,omitempty"`
	Name          string    `json:"name,omitempty"`
}

// FramesEvent asks for every frame of a tab (TabID, or the active tab),
// without the caps of the state's frame_tree. Owned by FrameWatchdog;
// result FramesResult.
type FramesEvent struct {
	TabID TargetID
}

// FramesResult is the result of FramesEvent: the top frame, then every other
// frame breadth first.
type FramesResult struct {
	TabID  TargetID    `json:"tab_id"`
	Top    FrameInfo   `json:"top"`
	Frames []FrameInfo `json:"frames"`
	// Count is how many frames are listed, the top frame included.
	Count int `json:"count"`
}

// FrameLookupEvent asks where a frame lives, so that a watchdog can route
// work to it without importing FrameWatchdog. With TabID empty every tab of
// the session is searched (frame ids are unique in a browser). Owned by
// FrameWatchdog; result FrameInfo, or an error with code frame_not_found.
type FrameLookupEvent struct {
	TabID   TargetID
	FrameID FrameID
}

// CDPCallEvent sends one raw CDP command: on the tab's page session (TabID,
// or the active tab), or, when FrameID names an out-of-process iframe, on
// that frame's own session. Params is a JSON object or empty. Owned by
// FrameWatchdog; result CDPCallResult.
//
// Errors: invalid_argument for a malformed method or params;
// frame_not_found for an unknown frame; same_origin_frame for a frame
// without a session of its own (reach it with contentDocument from its
// parent instead); cdp_error, with the browser's message, when the browser
// rejects the command.
type CDPCallEvent struct {
	TabID   TargetID
	Method  string
	Params  json.RawMessage
	FrameID FrameID
}

// CDPCallResult is the browser's reply to a CDPCallEvent, unchanged.
type CDPCallResult struct {
	Result json.RawMessage `json:"result"`
}
