package events

import "time"

// MouseButton names a mouse button.
type MouseButton string

const (
	ButtonLeft   MouseButton = "left"
	ButtonRight  MouseButton = "right"
	ButtonMiddle MouseButton = "middle"
)

// Choices lists the buttons, for messages about a value that is none of
// them.
func (MouseButton) Choices() []string { return []string{"left", "right", "middle"} }

// ClickCoordinateEvent clicks at viewport coordinates X, Y in a tab (TabID,
// or the active tab): mouse moved, pressed, released. Owned by
// DefaultActionWatchdog; result ActionResult.
type ClickCoordinateEvent struct {
	TabID      TargetID
	X, Y       float64
	Button     MouseButton
	ClickCount int
	Modifiers  []string
}

// ActionResult reports what an action changed that an agent needs to know:
// a navigation, a new tab, a dialog. It never carries a snapshot.
type ActionResult struct {
	TabID TargetID `json:"tab_id,omitempty"`
	// Navigated is true when the tab's URL changed during the action.
	Navigated bool   `json:"navigated,omitempty"`
	URL       string `json:"url,omitempty"`
	// Status is the HTTP status of the document the action navigated to,
	// when it navigated to a new one (see NavigationResult.Status).
	Status int `json:"status,omitempty"`
	// NewTab is set when the action opened a tab (target=_blank,
	// window.open).
	NewTab *TabInfo `json:"new_tab,omitempty"`
	// Dialog is set when the action opened a JS dialog; the action returned
	// as soon as the dialog appeared instead of waiting on a blocked page.
	Dialog *DialogInfo `json:"dialog_opened,omitempty"`
	// Details holds action-specific data (scroll position, options of a
	// select, ...); zero when the action has none.
	Details ActionDetails `json:"details,omitzero"`
	// Blocked lists the document loads the session's origin policy stopped
	// during the action (a link to a blocked origin, an iframe, a popup),
	// each with code url_not_allowed.
	Blocked []BlockedLoad `json:"blocked,omitempty"`
	// Downloads lists the downloads that began during the action, or
	// since the last result that listed downloads (each is reported once).
	Downloads []Download `json:"downloads,omitempty"`
	// MayDownload is set by the owner when the action asked for a
	// navigation that never committed, as a link to a file does: actions
	// then waits, briefly, for the download to be announced, so that the
	// action's own result lists it.
	MayDownload bool `json:"-"`
}

// ClickElementEvent clicks the element Ref names in a tab (TabID, or the
// active tab): scrolled into view, clicked with real mouse events at a
// point where the browser's hit test reaches it (the centre of its largest
// visible box, else another point of the parts layout leaves visible); it
// is covered only when no point tried reaches it.
// Force skips the check and its wait: the click is made with real mouse
// events where the hit test reaches the element, and otherwise through
// script, with a user's click's events dispatched on the element itself
// (Details.Forced).
// Clicking a <select> does not open its native popup: the result lists its
// options in Details.Options. Owned by DefaultActionWatchdog; result
// ActionResult. Errors: stale_ref, unknown_ref, element_covered (its
// ErrorDetails.Covering names the element on top), invalid_argument.
type ClickElementEvent struct {
	TabID      TargetID
	Ref        Ref
	Button     MouseButton
	ClickCount int
	Modifiers  []string
	Force      bool
}

// HoverEvent moves the mouse to a point of the element Ref names where
// the hit test reaches it (the centre of its largest visible part when
// nothing covers that). Force skips the check: where no point reaches the
// element, the hover's events are dispatched on it through script
// (Details.Forced). Owned by DefaultActionWatchdog; result ActionResult.
type HoverEvent struct {
	TabID TargetID
	Ref   Ref
	Force bool
}

// TypeTextEvent focuses the element Ref names (an input, a textarea or a
// contenteditable), optionally clears it, inserts Text as one edit that
// fires input events, and optionally presses Enter. With an empty Ref it
// types into whatever has focus. Owned by DefaultActionWatchdog; result
// ActionResult with Details.Value, the element's value afterwards.
type TypeTextEvent struct {
	TabID  TargetID
	Ref    Ref
	Text   string
	Clear  bool
	Submit bool
	// Force types even into a field the user cannot see (transparent,
	// clipped away, under another control), which is refused otherwise.
	Force bool
}

// PressKeyEvent presses a named key or chord in a tab: "Enter", "Tab",
// "Escape", "ArrowDown", "a", "Control+A", "Shift+Tab", to whatever has
// focus or, with Ref, to that element, focused first as typing focuses it
// (an editor's visible surface reaches the element inside it that takes
// text; a button or a link is focused without a click). Owned by
// DefaultActionWatchdog; result ActionResult with Details.Changed,
// Focused, Added and Value: what the keys changed.
type PressKeyEvent struct {
	TabID TargetID
	Key   string
	Ref   Ref
}

// ScrollEvent scrolls the page, or the element Ref names (or its nearest
// scrollable ancestor), by DX, DY CSS pixels. With a Ref and no deltas it
// scrolls the element into view; with neither it scrolls the page one
// screen down. Owned by DefaultActionWatchdog; result ActionResult with
// Details.X, Y, Moved and Scrolled: the new scroll position, whether it
// changed and what scrolled.
type ScrollEvent struct {
	TabID  TargetID
	Ref    Ref
	DX, DY float64
}

// SelectOptionEvent selects options of the <select> Ref names, each given
// by value or by visible label, and fires input and change events. Handled
// by DefaultActionWatchdog; result ActionResult with Details.Selected.
// A Ref that is not a <select> is invalid_argument.
type SelectOptionEvent struct {
	TabID  TargetID
	Ref    Ref
	Values []string
}

// SetCheckedEvent checks or unchecks the checkbox, radio button or switch
// Ref names, clicking it only when needed, and verifies the final state.
// Owned by DefaultActionWatchdog; result ActionResult with
// Details.Checked.
type SetCheckedEvent struct {
	TabID   TargetID
	Ref     Ref
	Checked bool
}

// UploadFileEvent sets the files of the <input type=file> Ref names. Files
// are paths on the machine running the browser's session; a missing file is
// invalid_argument. Owned by DefaultActionWatchdog; result ActionResult
// with Details.Files.
type UploadFileEvent struct {
	TabID TargetID
	Ref   Ref
	Files []string
}

// WaitEvent waits, within Timeout (zero: the whole dispatch budget), for
// one condition in a tab: Text to appear in the page, Ref's element to be
// visible, Gone's element to be removed or hidden, the URL to match URL (a
// substring, or a pattern where * matches anything), or the document to
// finish loading (Load) or reach LoadState. Owned by DefaultActionWatchdog; result
// ActionResult with Details.WaitedFor and ElapsedMS; a timeout error
// names what it waited for (Details.WaitedFor).
type WaitEvent struct {
	TabID TargetID
	Text  string
	Ref   Ref
	Gone  Ref
	URL   string
	Load  bool
	// LoadState waits for a load state: "load" (as Load),
	// "domcontentloaded", or "networkidle": loaded, then no request of the
	// tab started or ended for 500 ms and none it saw start still open.
	LoadState string
	Timeout   time.Duration
}

// ScreenshotEvent captures a tab as PNG or JPEG (Format "png", the
// default, or "jpeg" with Quality 1-100): the viewport, the full page
// (Full), or one element (Ref). Labels draws every interactive element's
// ref over its box (set-of-marks) for vision models. With Path the image is
// written there (an absolute path on the daemon's machine); without it the
// result carries the image base64-encoded in Data. Owned by
// DefaultActionWatchdog; result ScreenshotResult.
type ScreenshotEvent struct {
	TabID   TargetID
	Path    string
	Full    bool
	Ref     Ref
	Labels  bool
	Format  string
	Quality int
}

// ScreenshotResult describes a captured image.
type ScreenshotResult struct {
	TabID  TargetID `json:"tab_id"`
	Path   string   `json:"path,omitempty"`
	Format string   `json:"format"`
	Width  int      `json:"width"`
	Height int      `json:"height"`
	Bytes  int      `json:"bytes"`
	// Data is the base64 image when no Path was given.
	Data string `json:"data,omitempty"`
	// Labels is how many ref labels were drawn.
	Labels int `json:"labels,omitempty"`
}
