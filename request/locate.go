package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Find lists the elements a locator matches in the tab, each with its ref,
// role, name and nth, without a snapshot (at most Limit, 50 by default;
// Total counts all).
type Find struct {
	Returns[events.LocateResult]
	Locator string `json:"locator"`
	Limit   int    `json:"limit,omitempty"`
}

func (Find) Command() string { return "find" }

// Validate implements Validator.
func (q Find) Validate() error {
	if q.Locator == "" {
		return invalid("find needs a locator, such as role=button[name=\"Save\"] or text=Save")
	}
	if q.Limit < 0 {
		return invalid("limit %d is negative", q.Limit)
	}
	_, err := events.ParseLocator(q.Locator)
	return err
}

// Read returns the readable content of the tab, or of the element Ref (a
// ref or a locator) names, as Markdown with the links' refs; All keeps the
// navigation chrome.
type Read struct {
	Returns[events.ReadResult]
	Ref events.Target `json:"ref,omitzero"`
	All bool          `json:"all,omitempty"`
}

func (Read) Command() string { return "read" }

// Validate implements Validator.
func (q Read) Validate() error { return checkTargets(q.Ref) }
