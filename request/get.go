package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Get reads one fact of the element Ref names: its text, value, attribute
// Name, inner HTML (outer with Outer), box, or computed styles (Props, or
// all) with its box model; or counts the elements a locator matches
// (count), or reads the tab's title or url. Reading runs agentbrowser's
// own script, not the page's, so the evaluate switch does not apply.
type Get struct {
	Returns[GetResult]
	What  string        `json:"what"`
	Ref   events.Target `json:"ref,omitzero"`
	Name  string        `json:"name,omitempty"`
	Props []string      `json:"props,omitempty"`
	Outer bool          `json:"outer,omitempty"`
}

// GetResult is the fact Get read: the field named after it is set.
type GetResult struct {
	events.InspectResult
	Count *int    `json:"count,omitempty"`
	Title *string `json:"title,omitempty"`
	URL   *string `json:"url,omitempty"`
}

func (Get) Command() string { return "get" }

// GetWhat lists what Get reads, in the order help shows them.
var GetWhat = []string{"text", "value", "attr", "html", "count", "box", "styles", "title", "url"}

// Validate implements Validator.
func (q Get) Validate() error {
	switch q.What {
	case "title", "url":
		if !q.Ref.IsZero() {
			return invalid("get %s reads the tab's %s and takes no element", q.What, q.What)
		}
		return nil
	case "text", "value", "attr", "html", "count", "box", "styles":
	default:
		return invalid("get %q: want text, value, attr, html, count, box, styles, title or url", q.What)
	}
	if q.What == "attr" && q.Name == "" {
		return invalid("get attr needs the attribute's name")
	}
	return needTarget("get "+q.What, q.Ref)
}

// Is says whether the element Ref names is visible, enabled, checked or
// editable. A locator that matches nothing is not visible (and fails the
// other questions with element_not_found).
type Is struct {
	Returns[events.InspectResult]
	What string        `json:"what"`
	Ref  events.Target `json:"ref"`
}

func (Is) Command() string { return "is" }

// IsWhat lists what Is asks.
var IsWhat = []string{"visible", "enabled", "checked", "editable"}

// Validate implements Validator.
func (q Is) Validate() error {
	switch q.What {
	case "visible", "enabled", "checked", "editable":
	default:
		return invalid("is %q: want visible, enabled, checked or editable", q.What)
	}
	return needTarget("is "+q.What, q.Ref)
}
