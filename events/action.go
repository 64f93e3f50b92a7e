package events

// MouseButton names a mouse button.
type MouseButton string

const (
	ButtonLeft   MouseButton = "left"
	ButtonRight  MouseButton = "right"
	ButtonMiddle MouseButton = "middle"
)

// ClickCoordinateEvent clicks at viewport coordinates X, Y in a tab (TabID,
// or the active tab): mouse moved, pressed, released. Handled by
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
	// NewTab is set when the action opened a tab (target=_blank,
	// window.open).
	NewTab *TabInfo `json:"new_tab,omitempty"`
	// Dialog is set when the action opened a JS dialog; the action returned
	// as soon as the dialog appeared instead of waiting on a blocked page.
	Dialog *DialogInfo `json:"dialog_opened,omitempty"`
	// Details holds action-specific data (scroll position, options of a
	// select, ...).
	Details map[string]any `json:"details,omitempty"`
}
