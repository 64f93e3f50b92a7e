package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Open loads URL in the tab and waits for Wait (load by default).
type Open struct {
	Returns[events.NavigationResult]
	URL  string           `json:"url"`
	Wait events.WaitUntil `json:"wait,omitempty"`
}

// Back goes back in the tab's history.
type Back struct {
	Returns[events.NavigationResult]
	Wait events.WaitUntil `json:"wait,omitempty"`
}

// Forward goes forward in the tab's history.
type Forward struct {
	Returns[events.NavigationResult]
	Wait events.WaitUntil `json:"wait,omitempty"`
}

// Reload reloads the tab.
type Reload struct {
	Returns[events.NavigationResult]
	Wait events.WaitUntil `json:"wait,omitempty"`
}

func (Open) Command() string    { return "open" }
func (Back) Command() string    { return "back" }
func (Forward) Command() string { return "forward" }
func (Reload) Command() string  { return "reload" }

// Validate implements Validator.
func (q Open) Validate() error {
	if q.URL == "" {
		return invalid("open needs a URL")
	}
	return checkWait(q.Wait)
}

// Validate implements Validator.
func (q Back) Validate() error { return checkWait(q.Wait) }

// Validate implements Validator.
func (q Forward) Validate() error { return checkWait(q.Wait) }

// Validate implements Validator.
func (q Reload) Validate() error { return checkWait(q.Wait) }

func checkWait(w events.WaitUntil) error {
	switch w {
	case "", events.WaitLoad, events.WaitDOMContentLoaded, events.WaitNone:
		return nil
	}
	return invalid("wait_until %q: want load, domcontentloaded or none", w)
}
