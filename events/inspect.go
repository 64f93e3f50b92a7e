package events

// InspectElementEvent reads one fact about the element Ref names (a ref
// or a locator) in a tab (TabID, or the active tab), with agentbrowser's
// own script in an isolated world, so the session's evaluate switch does
// not apply (the page's scripts see nothing of it). What is one of:
//
//	text      its visible text (innerText)
//	value     a form field's value (a contenteditable's text)
//	attr      the attribute Name
//	html      its inner HTML (Outer: its outer HTML)
//	box       its bounding box in the tab's viewport, in CSS pixels
//	styles    its computed styles (all, or Props) and its box model
//	visible   whether it has a box and is not hidden by visibility
//	enabled   whether it is not disabled (natively, by a disabled fieldset, or aria-disabled)
//	checked   whether a checkbox, radio button or switch is checked
//	editable  whether it takes typed text now (enabled, not read-only)
//
// Owned by DefaultActionWatchdog; result InspectResult. A locator that
// matches nothing answers visible false rather than element_not_found.
type InspectElementEvent struct {
	TabID TargetID
	Ref   Ref
	What  string
	Name  string
	Props []string
	Outer bool
}

// Box is a rectangle in the tab's viewport, in CSS pixels.
type Box struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// BoxModel is an element's CSS box model, each box in the tab's viewport.
type BoxModel struct {
	Content Box `json:"content"`
	Padding Box `json:"padding"`
	Border  Box `json:"border"`
	Margin  Box `json:"margin"`
}

// InspectResult answers InspectElementEvent: the field of the fact asked
// for is set, the others left out.
type InspectResult struct {
	Ref  Ref     `json:"ref,omitempty"`
	Text *string `json:"text,omitempty"`
	// Value is a field's value, or the attribute's value for attr (left
	// out when the attribute is absent: Present says so).
	Value     *string `json:"value,omitempty"`
	Attribute string  `json:"attribute,omitempty"`
	Present   *bool   `json:"present,omitempty"`
	HTML      *string `json:"html,omitempty"`
	Box       *Box    `json:"box,omitempty"`
	// Styles are computed style properties by name; BoxModel goes with
	// them.
	Styles   map[string]string `json:"styles,omitempty"`
	BoxModel *BoxModel         `json:"box_model,omitempty"`
	Visible  *bool             `json:"visible,omitempty"`
	Enabled  *bool             `json:"enabled,omitempty"`
	Checked  *bool             `json:"checked,omitempty"`
	Editable *bool             `json:"editable,omitempty"`
}

// Returns binds InspectElementEvent to its result.
func (InspectElementEvent) Returns(InspectResult) {}

// TargetTab is the tab the event names, or "" for the active tab.
func (e InspectElementEvent) TargetTab() TargetID { return e.TabID }

// OnTab returns a copy of e aimed at tab id.
func (e InspectElementEvent) OnTab(id TargetID) InspectElementEvent {
	e.TabID = id
	return e
}
