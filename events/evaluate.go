package events

// EvaluateEvent runs JavaScript in a tab (TabID, or the active tab) and
// returns its value. Owned by EvaluateWatchdog; result EvaluateResult.
//
// What runs, and where:
//   - Expression alone: the expression in the tab's main frame (main world).
//   - Function alone: the function, called with no arguments, in the same
//     place.
//   - Ref with Function (or with Expression, taken as the function): the
//     function is called with the element as its first argument, in the
//     frame the element lives in ("el => el.value").
//   - FrameID with Expression or Function: the code runs in that frame's
//     main world, whether the frame is in process or out of process.
//
// The dispatch context's deadline is the whole budget: the script may run
// until shortly before it (a small reserve is kept for stopping it and
// answering) and is then terminated, so the tab stays usable. Errors: js_exception (ErrorDetails Message, Line,
// Column, URL, Class, Stack), timeout (ErrorDetails BudgetMS, Terminated
// and the rest of what was cleaned up), stale_ref, unknown_ref,
// frame_not_found, dialog_blocking, evaluate_disabled, invalid_argument.
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

// Engine names where an evaluation ran.
const (
	// EngineIsolated is the evaluate engine's own browser connection and
	// session, apart from the one actions use.
	EngineIsolated = "isolated"
	// EngineFallback is the tab's main session, used when the engine could
	// not open its own connection (Details.FallbackReason says why).
	EngineFallback = "fallback"
	// EngineMain is the tab's main session by design.
	EngineMain = "main"
)

// EvaluateResult is the result of EvaluateEvent.
//
// Value is the JavaScript value as JSON-compatible Go data: nil for null,
// bool, float64, string, []any and map[string]any, nested to any depth.
// Values plain JSON cannot hold come back as Special strings, at the top
// level and nested alike, where JSON.stringify would have written null or
// dropped them: "NaN", "Infinity", "-Infinity", "-0", "undefined", bigints
// as "10n", regular expressions as "/a+/g", a repeated reference to an
// object that contains it as "[Circular]", and values with no data (DOM
// nodes, functions, symbols, errors, promises, windows) as their
// description, such as "div#main.wide". In JSON a Special is a plain string;
// in Go it has its own type, so "NaN" the number and "NaN" the string can be
// told apart. Dates become their ISO string, Sets arrays, Maps objects.
type EvaluateResult struct {
	Value any `json:"value"`
	// Type is the value's JavaScript type, refined for objects: "undefined",
	// "null", "boolean", "number", "bigint", "string", "symbol", "function",
	// "object", "array", "node", "regexp", "date", "map", "set", "error",
	// "promise", "window", ...
	Type string `json:"type"`
	// Engine is "isolated" when the script ran on the evaluate engine's own
	// connection, "fallback" when it ran on the main session, "main" when it
	// ran on the main session by design.
	Engine string `json:"engine,omitempty"`
	// Description is the remote object's description for values that cannot
	// be serialised (DOM nodes, functions).
	Description string `json:"description,omitempty"`
	// Details holds what the engine wants to say about the run, such as
	// FallbackReason; zero when it has nothing to say.
	Details EvaluateDetails `json:"details,omitzero"`
}

// Special is a JavaScript value that JSON cannot hold, carried as its
// canonical text (see EvaluateResult). It marshals as a JSON string.
type Special string

// The specials with fixed text.
const (
	Undefined   Special = "undefined"
	NaN         Special = "NaN"
	Infinity    Special = "Infinity"
	NegInfinity Special = "-Infinity"
	NegZero     Special = "-0"
	Circular    Special = "[Circular]"
)

// StopBusyScriptEvent asks that a tab whose page no longer answers
// because a script of its own keeps its thread busy (a handler or an
// inline script that loops) be freed. actions.Do and actions.State send it
// when a command on the tab ran out of its budget. Owned by
// EvaluateWatchdog; result StopBusyScriptResult. The owner answers at once
// and works in the background: it asks the page a trivial question and,
// when no answer comes within a short wait and no dialog is what holds the
// page, stops the running script with Runtime.terminateExecution, as it
// does for an evaluation that overran its budget. A page that answers is
// left alone.
type StopBusyScriptEvent struct {
	TabID TargetID
}

// StopBusyScriptResult says whether a check of the tab was started: false
// when one is already running for it, or a dialog is what blocks it.
type StopBusyScriptResult struct {
	Checking bool `json:"checking"`
}

// EvaluateStatsEvent asks for the evaluate engine's counters for the
// session. Owned by EvaluateWatchdog; result EvaluateStats.
type EvaluateStatsEvent struct{}

// EvaluateStats counts the evaluations of a session since it started.
type EvaluateStats struct {
	// Count is every evaluation the engine handled, whatever the outcome.
	Count int64 `json:"count"`
	OK    int64 `json:"ok"`
	// Errors counts failed evaluations by error code (timeout, js_exception,
	// dialog_blocking, ...).
	Errors map[Code]int64 `json:"errors"`
	// Timeouts counts evaluations whose budget ran out; Cancelled those
	// whose caller gave up first.
	Timeouts  int64 `json:"timeouts"`
	Cancelled int64 `json:"cancelled"`
	// Terminations counts scripts stopped with Runtime.terminateExecution;
	// TerminationFailures the attempts no session answered.
	Terminations        int64 `json:"terminations"`
	TerminationFailures int64 `json:"termination_failures"`
	// Detaches counts evaluate sessions dropped after a timeout.
	Detaches int64 `json:"detaches"`
	// Spares counts the spare evaluate sessions attached and made ready
	// in the background, one per target evaluated on and one after each
	// takeover; SpareTakeovers counts the detaches after which a spare
	// took over at once, so that the next evaluation did not wait for a
	// new session.
	Spares         int64 `json:"spares"`
	SpareTakeovers int64 `json:"spare_takeovers"`
	// Readied counts the evaluate sessions attached and made ready in the
	// background as their tab was opened, ahead of its first evaluation;
	// AttachedOnCall the evaluations that had to attach a session on their
	// own time (a frame's first, or a tab's whose session was not ready).
	Readied        int64 `json:"readied"`
	AttachedOnCall int64 `json:"attached_on_call"`
	// Isolated and Fallbacks count evaluations by engine; FallbackReasons
	// says why the fallback was used.
	Isolated        int64            `json:"isolated"`
	Fallbacks       int64            `json:"fallbacks"`
	FallbackReasons map[string]int64 `json:"fallback_reasons"`
	// Duration is the distribution of evaluation times, in milliseconds.
	Duration Histogram `json:"duration_ms"`
}

// Histogram is a distribution of durations in fixed buckets.
type Histogram struct {
	Count int64   `json:"count"`
	Sum   float64 `json:"sum"`
	Max   float64 `json:"max"`
	// Buckets hold the count of observations at most Le and above the
	// previous bucket's Le; Over counts those above the last Le.
	Buckets []Bucket `json:"buckets"`
	Over    int64    `json:"over"`
}

// Bucket is one histogram bucket.
type Bucket struct {
	Le    float64 `json:"le"`
	Count int64   `json:"count"`
}
