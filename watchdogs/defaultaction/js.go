package defaultaction

import (
	_ "embed"
	"strings"
)

// The functions below run with Runtime.callFunctionOn on an element handle
// in agentbrowser's isolated world, so page scripts can neither see nor
// disturb them. DOM events they dispatch reach page listeners as usual.

// jsInfo describes what kind of control an element is.
//
//go:embed js/info.js
var jsInfo string

// jsHit hit-tests point (x, y), given in the viewport of the element's
// world (its frame process's root frame), through the <iframe>s of that
// process and the shadow roots the element lives in, and returns "" when a
// click there reaches the element (or a label of it, or, for a part of an
// SVG group, the group's shape under it), otherwise a description of what
// is on top.
//
//go:embed js/hit.js
var jsHit string

// jsClick(button, count, modifiers, hoverOnly) clicks (or hovers) through
// script, ignoring what covers the element: the events of a user's click,
// dispatched on the element itself.
var jsClick = strings.Replace(clickSrc, "__INTOVIEW__", jsIntoView, 1)

//go:embed js/click.js
var clickSrc string

// jsClickLabel clicks the first label of the element the page draws.
var jsClickLabel = strings.Replace(clickLabelSrc, "__INTOVIEW__", jsIntoView, 1)

//go:embed js/clicklabel.js
var clickLabelSrc string

// jsSelectAll selects an editable element's whole content so the next
// key press replaces it.
//
//go:embed js/select-all.js
var jsSelectAll string

// jsValue reads an editable element's value (text for contenteditable).
//
//go:embed js/value.js
var jsValue string

// jsSpreadValues lists the values of the text fields of the element's
// group from the element on (see spreadTook).
//
//go:embed js/spread-values.js
var jsSpreadValues string

// jsForceClear empties an input through the native value setter and tells
// frameworks with an input event; used when key-based clearing left text.
//
//go:embed js/force-clear.js
var jsForceClear string

// jsFocused reports whether the element has focus in its document.
//
//go:embed js/focused.js
var jsFocused string

// jsScrollElement scrolls the element, or its nearest scrollable ancestor
// on the asked axes, or the page, and returns the new position.
//
//go:embed js/scroll-element.js
var jsScrollElement string

// jsScrollPage scrolls the top document (an expression).
//
//go:embed js/scroll-page.js
var jsScrollPage string

// jsSelect selects options of a <select> by value or label and fires
// input and change; it returns {error} or {selected}.
//
//go:embed js/select.js
var jsSelect string

// jsVisible reports whether the element has a box that can be seen.
//
//go:embed js/visible.js
var jsVisible string

// jsConcealed reports whether the element is hidden from the user where it
// is (transparent, a pixel or less, clipped away by layout, off the page)
// and what the page draws in its place; see concealed.
var jsConcealed = strings.NewReplacer("__PARTS__", jsParts, "__REACH__", jsReach, "__INTOVIEW__", jsIntoView).Replace(concealedSrc)

//go:embed js/concealed.js
var concealedSrc string

// jsPickOption selects an option of a drop-down <select> (this), firing
// input and change; it returns {error} or {selected}.
//
//go:embed js/pick-option.js
var jsPickOption string
