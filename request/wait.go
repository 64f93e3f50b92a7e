package request

import (
	"github.com/agentbrowser/agentbrowser/events"
)

// Wait waits, within the budget, for exactly one condition: Text to
// appear, Ref to be visible, Gone to be removed or hidden, the URL to
// match URL, the document to reach a load state (Load: the load event;
// LoadState: "load", "domcontentloaded" or "networkidle"), the script Fn
// to give a truthy value, or MS milliseconds to pass.
type Wait struct {
	Returns[events.ActionResult]
	Text string        `json:"text,omitempty"`
	Ref  events.Target `json:"ref,omitzero"`
	Gone events.Target `json:"gone,omitzero"`
	URL  string        `json:"url,omitempty"`
	Load bool          `json:"load,omitempty"`
	// LoadState is the load state to wait for: load (as Load),
	// domcontentloaded, or networkidle (loaded, then no request started or
	// ended for 500 ms and none open).
	LoadState string `json:"load_state,omitempty"`
	// Fn is a JavaScript expression, or a function, evaluated in the page
	// until its value is truthy (a promise is awaited). It runs as eval
	// does, so the session's evaluate switch applies.
	Fn string `json:"fn,omitempty"`
	// MS is a pause: the command ends after it, whatever the page does.
	MS int `json:"ms,omitempty"`
}

func (Wait) Command() string { return "wait" }

// Validate implements Validator.
func (q Wait) Validate() error {
	if err := checkTargets(q.Ref, q.Gone); err != nil {
		return err
	}
	switch {
	case q.MS < 0:
		return invalid("wait %d ms: the pause must not be negative", q.MS)
	case q.MS > MaxWaitMS:
		return invalid("wait %d ms: the longest pause is %d ms (one hour)", q.MS, MaxWaitMS)
	}
	own := 0
	if q.MS > 0 {
		own++
	}
	if q.Fn != "" {
		own++
	}
	page := q.Text != "" || !q.Ref.IsZero() || !q.Gone.IsZero() || q.URL != "" || q.Load || q.LoadState != ""
	if own > 1 || (own == 1 && page) {
		return invalid("wait needs exactly one of text, ref, gone, url, load, fn or a pause in ms")
	}
	// A condition of the page's is its owner's to check (see
	// request/runner): exactly one, and a load state it knows.
	return nil
}

// MaxWaitMS bounds a pause (an hour, the longest budget).
const MaxWaitMS = 3600000
