package request

import (
	"encoding/json"

	"github.com/agentbrowser/agentbrowser/events"
)

// Snapshot returns the tab's state: url, title, the accessibility snapshot
// with refs (cut by Interactive, MaxDepth, Scope, Find and MaxChars, from
// Cursor on; left out with NoTree), and what the watchdogs add (dialogs,
// console and network counts, frames). Full shows site chrome (landmarks
// an earlier page of the site showed) whole. With Diff the snapshot holds
// only the lines changed since the previous snapshot of the tab this
// Browser answered. See events.SnapshotOptions for each option.
type Snapshot struct {
	Returns[events.PageState]
	Interactive bool          `json:"interactive,omitempty"`
	MaxDepth    int           `json:"max_depth,omitempty"`
	Scope       events.Target `json:"scope,omitzero"`
	MaxChars    int           `json:"max_chars,omitempty"`
	Find        string        `json:"find,omitempty"`
	Cursor      string        `json:"cursor,omitempty"`
	Full        bool          `json:"full,omitempty"`
	NoTree      bool          `json:"no_tree,omitempty"`
	Diff        bool          `json:"diff,omitempty"`
}

func (Snapshot) Command() string { return "snapshot" }

// Validate implements Validator.
func (q Snapshot) Validate() error { return checkTargets(q.Scope) }

// Eval evaluates Expression within the budget (the script is terminated
// when it runs out): in the tab's top frame, in Frame (an id or a unique
// prefix of one), or, with Ref, as a function called with that element.
type Eval struct {
	Returns[events.EvaluateResult]
	Expression string        `json:"expression"`
	Ref        events.Target `json:"ref,omitzero"`
	Frame      string        `json:"frame,omitempty"`
}

func (Eval) Command() string { return "eval" }

// Validate implements Validator.
func (q Eval) Validate() error {
	if q.Expression == "" {
		return invalid("eval needs an expression (or a function, with a ref)")
	}
	if !q.Ref.IsZero() && q.Frame != "" {
		return invalid("eval takes a ref or a frame, not both: a ref knows its frame")
	}
	return checkTargets(q.Ref)
}

// Console returns the tab's recent console errors, warnings and uncaught
// exceptions (every level with All), and forgets them with Clear.
type Console struct {
	Returns[events.ConsoleResult]
	All   bool `json:"all,omitempty"`
	Clear bool `json:"clear,omitempty"`
}

func (Console) Command() string { return "console" }

// Network returns the tab's recent requests, and forgets them with Clear.
type Network struct {
	Returns[events.NetworkResult]
	Clear bool `json:"clear,omitempty"`
}

func (Network) Command() string { return "network" }

// Stats returns the session's evaluate counters.
type Stats struct {
	Returns[StatsResult]
}

// StatsResult holds the evaluate engine's counters.
type StatsResult struct {
	Evaluate events.EvaluateStats `json:"evaluate"`
}

func (Stats) Command() string { return "stats" }

// Frames lists every frame of the tab.
type Frames struct {
	Returns[events.FramesResult]
}

func (Frames) Command() string { return "frames" }

// CDP sends a raw CDP command to the tab's page session, or to an
// out-of-process frame's own session (Frame: an id or a unique prefix),
// and returns the browser's reply as it is.
type CDP struct {
	Returns[events.CDPCallResult]
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
	Frame  string          `json:"frame,omitempty"`
}

func (CDP) Command() string { return "cdp" }

// Validate implements Validator.
func (q CDP) Validate() error {
	if q.Method == "" {
		return invalid("cdp needs a method such as DOM.getDocument")
	}
	if len(q.Params) > 0 && !json.Valid(q.Params) {
		return invalid("CDP params are not valid JSON: %.200s", q.Params)
	}
	return nil
}
