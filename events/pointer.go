package events

import "time"

// DragPosition says where over its target a drag lets go.
type DragPosition string

const (
	// DragOnto lets go over the target's middle, a little towards the side
	// the pointer comes from, so that a sortable list puts the dragged
	// element in the target's place.
	DragOnto DragPosition = ""
	// DragBefore lets go over the target's leading part: its top, or its
	// left in a row laid out left to right.
	DragBefore DragPosition = "before"
	// DragAfter lets go over the target's trailing part: its bottom, or
	// its right in a row.
	DragAfter DragPosition = "after"
)

// DragEvent drags the element From names onto the element To names in a
// tab (TabID, or the active tab), as a user does: the pointer presses on
// From, moves a few pixels, then on in steps over a few hundred
// milliseconds (pointer-event drag code starts a drag only after such
// moves), hovers over To and lets go there (Position). When the page
// starts an HTML5 drag (a draggable element whose dragstart the page does
// not cancel), the drag goes on as one, through the browser's drag
// interception: dragenter, dragover and drop with the data the page put
// in it. When the page let the element follow the pointer and took it
// back on release (a carousel that takes back a slow swipe), the drag is
// done once more as a flick: a few moves a frame apart, let go still
// moving. Force skips the check that nothing covers either end. Owned by
// DefaultActionWatchdog; result ActionResult with Details.Drag, read back
// from the page. Errors: those of a click for either end;
// not_applied when nothing in the page changed, or when the dragged
// element did not end before or after To as Position asked.
type DragEvent struct {
	TabID    TargetID
	From, To Ref
	Position DragPosition
	Force    bool
}

// Point is a position in a tab's viewport, in CSS pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// DragOutcome is what a drag did, read back from the page after it.
type DragOutcome struct {
	// Mode is how the drag was made: "pointer" (mouse events, which also
	// make pointer events) or "native" (HTML5 drag and drop).
	Mode string `json:"mode"`
	// From and To are where the drag pressed and let go, in the tab's
	// viewport.
	From Point `json:"from"`
	To   Point `json:"to"`
	// Moved says whether anything changed: the dragged element's place,
	// its box, or the page's elements, attributes or text.
	Moved bool `json:"moved"`
	// Was and Now are the dragged element's place before and after: its
	// parent and its index among the parent's elements.
	Was *DragPlace `json:"was,omitempty"`
	Now *DragPlace `json:"now,omitempty"`
	// Replaced says that the page removed the dragged element and drew a
	// new one like it (same tag and text) in its place, which Now
	// describes.
	Replaced bool `json:"replaced,omitempty"`
	// DX and DY are how far the dragged element's box moved, when it
	// moved without changing place among its siblings (a free drag).
	DX *float64 `json:"dx,omitempty"`
	DY *float64 `json:"dy,omitempty"`
	// Added and Removed count the elements the page added and removed
	// during the drag that are still there, or still gone, after it (a
	// copy dropped from a palette); Changed counts attributes and texts
	// that ended different.
	Added   int `json:"added,omitempty"`
	Removed int `json:"removed,omitempty"`
	Changed int `json:"changed,omitempty"`
	// Summary says what happened in one line.
	Summary string `json:"summary"`
}

// DragPlace is where an element is among its parent's elements.
type DragPlace struct {
	// Parent names the parent: its ref with role and name when a snapshot
	// gave it one, else its tag, id or classes and a heading it holds.
	Parent string `json:"parent"`
	// Index is the element's 0-based index among the parent's element
	// children, and Of how many there are.
	Index int `json:"index"`
	Of    int `json:"of"`
}

// DropItem is one piece of data a drop carries: its MIME type and text.
type DropItem struct {
	MIME string `json:"mime"`
	Text string `json:"text"`
}

// DropEvent drops files (absolute paths on the browser's machine; only
// regular files its user can read, as for an upload) and data onto the
// element Ref names, as if they were dragged in from outside the page:
// dragenter, dragover and drop at the element's point, for drop zones
// with no file input. Owned by DefaultActionWatchdog; result ActionResult
// with Details.Drop saying what the page received. Errors: those of a
// click, invalid_argument for a file that cannot be dropped or nothing to
// drop, not_applied when the page let nothing drop there (no dragover
// handler accepted it).
type DropEvent struct {
	TabID TargetID
	Ref   Ref
	Files []string
	Data  []DropItem
	Force bool
}

// DropOutcome is what the page received of a drop.
type DropOutcome struct {
	// Dropped says that the drop event fired: a dragover handler of the
	// page accepted the drag there.
	Dropped bool `json:"dropped"`
	// Target names the element the drop event was dispatched to.
	Target string `json:"target,omitempty"`
	// Files is how many files the drop event's data held, Types its data
	// types.
	Files int      `json:"files"`
	Types []string `json:"types,omitzero"`
	// Handled says that a drop handler of the page took the drop (it
	// called preventDefault, as a page that reads the data does).
	Handled bool `json:"handled"`
	// Added, Removed and Changed count what the page changed in its
	// elements, attributes and texts in answer (a file listed, a preview).
	Added   int `json:"added,omitempty"`
	Removed int `json:"removed,omitempty"`
	Changed int `json:"changed,omitempty"`
	// Summary says what happened in one line.
	Summary string `json:"summary"`
}

// MouseAction names what a MouseEvent does.
type MouseAction string

const (
	// MouseMove moves the pointer to X, Y (a held button stays held).
	MouseMove MouseAction = "move"
	// MouseDown presses Button where the pointer is.
	MouseDown MouseAction = "down"
	// MouseUp releases Button where the pointer is.
	MouseUp MouseAction = "up"
	// MouseWheel turns the wheel by DX, DY where the pointer is.
	MouseWheel MouseAction = "wheel"
	// MouseClick moves to X, Y and clicks ClickCount times, holding each
	// press for Delay.
	MouseClick MouseAction = "click"
	// MouseDrag presses at X, Y and drags to ToX, ToY as DragEvent does
	// (steps, pauses, HTML5 drag and drop when the page starts one).
	MouseDrag MouseAction = "drag"
)

// MouseEvent drives the mouse at viewport coordinates (CSS pixels) in a
// tab, for agents that aim from a screenshot: Action says what it does.
// The watchdog remembers where the pointer is and which buttons are held
// in each tab, so that down, up and wheel act where the last move left it
// and a move with a button held drags. Owned by DefaultActionWatchdog;
// result ActionResult (details x, y: where the pointer is after; drag for
// MouseDrag). Errors: invalid_argument for an unknown action or button,
// negative or infinite coordinates.
type MouseEvent struct {
	TabID      TargetID
	Action     MouseAction
	X, Y       float64
	ToX, ToY   float64
	Button     MouseButton
	ClickCount int
	Delay      time.Duration
	DX, DY     float64
}

func (DragEvent) Returns(ActionResult)  {}
func (DropEvent) Returns(ActionResult)  {}
func (MouseEvent) Returns(ActionResult) {}

func (e DragEvent) TargetTab() TargetID  { return e.TabID }
func (e DropEvent) TargetTab() TargetID  { return e.TabID }
func (e MouseEvent) TargetTab() TargetID { return e.TabID }

func (e DragEvent) OnTab(id TargetID) DragEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e DropEvent) OnTab(id TargetID) DropEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}

func (e MouseEvent) OnTab(id TargetID) MouseEvent {
	if e.TabID == "" {
		e.TabID = id
	}
	return e
}
