package events

// EvaluateEvent runs JavaScript in a tab (TabID, or the active tab). With
// Ref set, Function is called with the element as its first argument; with
// FrameID set, it runs in that frame. Handled by EvaluateWatchdog (or, before
// it is installed, by DefaultActionWatchdog with a plain Runtime.evaluate);
// result EvaluateResult.
type EvaluateEvent struct {
	TabID        TargetID
	Expression   string
	Function     string
	Ref          Ref
	FrameID      FrameID
	AwaitPromise bool
	// ReturnByValue is accepted for symmetry with CDP; values always come
	// back by value, with non-JSON values described faithfully.
	ReturnByValue bool
}

// EvaluateResult is the result of EvaluateEvent.
type EvaluateResult struct {
	Value any    `json:"value"`
	Type  string `json:"type"`
	// Engine is "isolated" when the script ran on the evaluate engine's own
	// connection, "fallback" when it ran on the main session, "main" when it
	// ran on the main session by design.
	Engine string `json:"engine,omitempty"`
	// Description is the remote object's description for values that cannot
	// be serialised (DOM nodes, functions).
	Description string `json:"description,omitempty"`
}
