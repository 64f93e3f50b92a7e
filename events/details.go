package events

import "encoding/json"

// The details types below hold what a result or an error says beyond its
// main fields, one typed field per key. They print as one flat JSON object
// with keys in alphabetical order (the CLI, the MCP server and the daemon
// print them as "details":{...}); a field left at its zero value is not
// printed, so a field whose zero value is meaningful (x=0, checked=false)
// is a pointer. Extra carries keys of a plugin's own, printed beside the
// typed ones (a typed key wins over the same key in Extra); decoding puts
// every key no field names there. A details value with nothing set prints
// nothing, and the result or error that holds it leaves out its "details"
// key.

// OptionInfo is one option of a <select>.
type OptionInfo struct {
	Value    string `json:"value"`
	Label    string `json:"label"`
	Selected bool   `json:"selected,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
}

// ActionDetails is what an action reports beyond ActionResult's main
// fields. Each action fills only its own fields (see its event's doc).
type ActionDetails struct {
	// X and Y are where a click or a hover pointed, in viewport CSS
	// pixels, or a scroll's new position.
	X *float64 `json:"x,omitempty"`
	Y *float64 `json:"y,omitempty"`
	// Moved says whether a scroll changed the position.
	Moved *bool `json:"moved,omitempty"`
	// Scrolled names what a scroll moved: "page", the scrolled element
	// (such as "div#list"), or "into_view" for a ref scrolled into view.
	Scrolled string `json:"scrolled,omitempty"`
	// Disabled is true when a clicked element was disabled (the click was
	// made; the page may ignore it).
	Disabled bool `json:"disabled,omitempty"`
	// Forced is true for a click made through script (force).
	Forced bool `json:"forced,omitempty"`
	// Options lists a clicked <select>'s options; its native popup is not
	// opened. Multiple says whether it takes several, and Hint how to
	// choose.
	Options  []OptionInfo `json:"options,omitzero"`
	Multiple *bool        `json:"multiple,omitempty"`
	Hint     string       `json:"hint,omitempty"`
	// Selected lists the options selected after SelectOptionEvent.
	Selected []OptionInfo `json:"selected,omitzero"`
	// Checked is the state after SetCheckedEvent.
	Checked *bool `json:"checked,omitempty"`
	// Files are the absolute paths UploadFileEvent set.
	Files []string `json:"files,omitzero"`
	// Value is a typed-into or filled field's value afterwards (never a
	// password's); after a click or key press, the value the input
	// changed (the clicked field's, or the focused field's).
	Value *string `json:"value,omitempty"`
	// Changed says whether a click or key press changed anything the page
	// shows: its elements, text or attributes, its selection, which
	// element has focus, a value or checked state, a navigation, a new tab
	// or a dialog. false means nothing observable changed (the page
	// ignored the input). Unset when the action could not watch the page
	// (an input that went into a frame of another origin, a click by
	// coordinates).
	Changed *bool `json:"changed,omitempty"`
	// Focused names the element that took focus during a click or key
	// press (its ref and role and name when a snapshot gave it a ref).
	Focused string `json:"focused,omitempty"`
	// Added counts the elements a click or key press added to the page
	// (a menu, a dialog, a list of suggestions).
	Added int `json:"added,omitempty"`
	// Editor says how typing reached an element that is not a plain field:
	// "contenteditable", "editcontext", "textarea" (a code editor's hidden
	// one), "keys" (key events to a focused element that takes no text
	// input), or the input type a value was set for ("date", "color", ...).
	Editor string `json:"editor,omitempty"`
	// WaitedFor names a WaitEvent's condition and ElapsedMS how long it
	// took to hold.
	WaitedFor string `json:"waited_for,omitempty"`
	ElapsedMS *int64 `json:"elapsed_ms,omitempty"`
	// Drag is what a DragEvent (or a MouseEvent's drag) did, and Drop what
	// the page received of a DropEvent.
	Drag *DragOutcome `json:"drag,omitempty"`
	Drop *DropOutcome `json:"drop,omitempty"`
	// Extra holds keys of a plugin's own, each as its JSON text.
	Extra map[string]json.RawMessage `json:"-"`
}

// ErrorDetails is what an *Error says beyond its code and message: what it
// was about (a ref, a dialog, a frame, a URL) and what was done about it.
// Each error fills only its own fields.
type ErrorDetails struct {
	// Ref is the element the error is about; Covering, for
	// element_covered, names what lies on top of it (or says it has no
	// box).
	Ref      Ref    `json:"ref,omitempty"`
	Covering string `json:"covering,omitempty"`

	// Locator is the locator an error is about; Matches, for
	// ambiguous_locator, its first matches and Total how many there are.
	Locator string         `json:"locator,omitempty"`
	Matches []LocatorMatch `json:"matches,omitzero"`
	Total   int            `json:"total,omitempty"`
	// Known lists the names that would have been accepted (an unknown
	// device lists the known ones).
	Known []string `json:"known,omitzero"`

	// DialogID names a dialog; ClosedBy says who closed it when it is no
	// longer pending.
	DialogID string         `json:"dialog_id,omitempty"`
	ClosedBy DialogClosedBy `json:"closed_by,omitempty"`
	// Pending lists the pending dialogs when the request did not say which
	// one it meant, PendingIDs their ids when the one it named does not
	// exist. Both print as "pending"; set one.
	Pending    []DialogInfo `json:"-"`
	PendingIDs []string     `json:"-"`
	// Dialog is the dialog that blocks an evaluation.
	Dialog *DialogInfo `json:"dialog,omitempty"`
	// Type and Message are the blocking dialog's type and text
	// (dialog_blocking); Message is also a script exception's message
	// (js_exception).
	Type    string  `json:"type,omitempty"`
	Message *string `json:"message,omitempty"`

	// TabID is the tab the error is about.
	TabID TargetID `json:"tab_id,omitempty"`
	// FrameID is the frame the error is about; HostTargetID the target
	// that hosts a same-origin frame (empty when it is not known).
	FrameID      FrameID   `json:"frame_id,omitempty"`
	HostTargetID *TargetID `json:"host_target_id,omitempty"`

	// Size and Cap are a result's size and the cap it exceeded, in bytes;
	// Method the CDP method that returned it or failed.
	Size   int64  `json:"size,omitempty"`
	Cap    int64  `json:"cap,omitempty"`
	Method string `json:"method,omitempty"`

	// URL is the address refused or navigated to; Origin and Scheme the
	// part of it the session's policy refused; Blocked every load the
	// policy stopped during a navigation.
	URL     string        `json:"url,omitempty"`
	Origin  string        `json:"origin,omitempty"`
	Scheme  string        `json:"scheme,omitempty"`
	Blocked []BlockedLoad `json:"blocked,omitzero"`

	// WaitedFor names what a timed-out wait or navigation waited for;
	// TabURL is where the tab was when it gave up and StopError why
	// stopping the navigation failed.
	WaitedFor string `json:"waited_for,omitempty"`
	TabURL    string `json:"tab_url,omitempty"`
	StopError string `json:"stop_error,omitempty"`

	// Documents counts the documents that replaced each other during a
	// snapshot (page_unstable), within WaitedMS.
	Documents *int   `json:"documents,omitempty"`
	WaitedMS  *int64 `json:"waited_ms,omitempty"`

	// Options lists a <select>'s options when none matched.
	Options []OptionInfo `json:"options,omitzero"`
	// Wanted and Shown are, for not_applied, what the action asked the
	// page to show and what it shows instead (a field's value, a
	// checkbox's state, the options selected).
	Wanted *string `json:"wanted,omitempty"`
	Shown  *string `json:"shown,omitempty"`
	// File is an upload's file that cannot be read.
	File string `json:"file,omitempty"`

	// Line and Column (1-based), Class and Stack locate and describe a
	// script's exception (js_exception); URL is its script.
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Class  string `json:"class,omitempty"`
	Stack  string `json:"stack,omitempty"`

	// Status is how a tab's renderer ended (target_crashed) and NextStep
	// what recovers it.
	Status   string `json:"status,omitempty"`
	NextStep string `json:"next_step,omitempty"`

	// Path, OwnerUID, Mode and PeerUID describe an unsafe runtime
	// directory or socket; Path and Variable a directory that cannot be
	// used (dir_unusable) and the environment variable that chose it.
	Path     string `json:"path,omitempty"`
	OwnerUID *int   `json:"owner_uid,omitempty"`
	Mode     string `json:"mode,omitempty"`
	PeerUID  *int   `json:"peer_uid,omitempty"`
	Variable string `json:"variable,omitempty"`

	// The fields below say what an evaluation that ran out of time left
	// behind: its budget, reserve and elapsed time, the engine it ran on,
	// whether its script was terminated (and on which session, or why
	// not), whether the engine's session was detached, and how long the
	// cleanup took (Cleanup says when it was still running).
	BudgetMS         *int64 `json:"budget_ms,omitempty"`
	ReserveMS        *int64 `json:"reserve_ms,omitempty"`
	ElapsedMS        *int64 `json:"elapsed_ms,omitempty"`
	Engine           string `json:"engine,omitempty"`
	Terminated       *bool  `json:"terminated,omitempty"`
	TerminatedOn     string `json:"terminated_on,omitempty"`
	TerminateSkipped string `json:"terminate_skipped,omitempty"`
	TerminateError   string `json:"terminate_error,omitempty"`
	Detached         *bool  `json:"detached,omitempty"`
	CleanupMS        *int64 `json:"cleanup_ms,omitempty"`
	Cleanup          string `json:"cleanup,omitempty"`

	// Extra holds keys of a plugin's own, each as its JSON text.
	Extra map[string]json.RawMessage `json:"-"`
}

// EvaluateDetails is what the evaluate engine says about a run: why it
// used the main session (FallbackReason, FallbackError) when it could not
// use its own.
type EvaluateDetails struct {
	FallbackReason string `json:"fallback_reason,omitempty"`
	FallbackError  string `json:"fallback_error,omitempty"`
	// Extra holds keys of a plugin's own, each as its JSON text.
	Extra map[string]json.RawMessage `json:"-"`
}

// The JSON forms go through these types, which have the same fields and
// none of the methods.
type (
	actionDetailsJSON   ActionDetails
	errorDetailsJSON    ErrorDetails
	evaluateDetailsJSON EvaluateDetails
)

// IsZero reports whether nothing is set, so that the holder leaves out
// its details.
func (d ActionDetails) IsZero() bool { return unset(&d) }

// MarshalJSON prints the set fields and Extra as one object, keys sorted.
func (d ActionDetails) MarshalJSON() ([]byte, error) {
	return marshalDetails(actionDetailsJSON(d), d.Extra, nil)
}

// UnmarshalJSON reads the typed keys into their fields and the others
// into Extra.
func (d *ActionDetails) UnmarshalJSON(b []byte) error {
	var v actionDetailsJSON
	extra, err := unmarshalDetails(b, &v)
	if err != nil {
		return err
	}
	*d = ActionDetails(v)
	d.Extra = extra
	return nil
}

// SetExtra sets key in Extra to v's JSON form.
func (d *ActionDetails) SetExtra(key string, v any) error { return setExtra(&d.Extra, key, v) }

// IsZero reports whether nothing is set, so that the holder leaves out
// its details.
func (d ErrorDetails) IsZero() bool { return unset(&d) }

// MarshalJSON prints the set fields and Extra as one object, keys sorted.
func (d ErrorDetails) MarshalJSON() ([]byte, error) {
	var more map[string]any
	switch {
	case d.Pending != nil:
		more = map[string]any{"pending": d.Pending}
	case d.PendingIDs != nil:
		more = map[string]any{"pending": d.PendingIDs}
	}
	return marshalDetails(errorDetailsJSON(d), d.Extra, more)
}

// UnmarshalJSON reads the typed keys into their fields and the others
// into Extra. A "pending" list of strings goes to PendingIDs, one of
// dialogs to Pending.
func (d *ErrorDetails) UnmarshalJSON(b []byte) error {
	var v errorDetailsJSON
	extra, err := unmarshalDetails(b, &v)
	if err != nil {
		return err
	}
	*d = ErrorDetails(v)
	if raw, ok := extra["pending"]; ok {
		delete(extra, "pending")
		if json.Unmarshal(raw, &d.PendingIDs) != nil {
			d.PendingIDs = nil
			if err := json.Unmarshal(raw, &d.Pending); err != nil {
				return err
			}
		}
	}
	if len(extra) == 0 {
		extra = nil
	}
	d.Extra = extra
	return nil
}

// SetExtra sets key in Extra to v's JSON form.
func (d *ErrorDetails) SetExtra(key string, v any) error { return setExtra(&d.Extra, key, v) }

// IsZero reports whether nothing is set, so that the holder leaves out
// its details.
func (d EvaluateDetails) IsZero() bool { return unset(&d) }

// MarshalJSON prints the set fields and Extra as one object, keys sorted.
func (d EvaluateDetails) MarshalJSON() ([]byte, error) {
	return marshalDetails(evaluateDetailsJSON(d), d.Extra, nil)
}

// UnmarshalJSON reads the typed keys into their fields and the others
// into Extra.
func (d *EvaluateDetails) UnmarshalJSON(b []byte) error {
	var v evaluateDetailsJSON
	extra, err := unmarshalDetails(b, &v)
	if err != nil {
		return err
	}
	*d = EvaluateDetails(v)
	d.Extra = extra
	return nil
}

// SetExtra sets key in Extra to v's JSON form.
func (d *EvaluateDetails) SetExtra(key string, v any) error { return setExtra(&d.Extra, key, v) }

// String returns the JSON form, for logs and %v.
func (d ActionDetails) String() string { return detailsString(d) }

// String returns the JSON form, for logs and %v.
func (d ErrorDetails) String() string { return detailsString(d) }

// String returns the JSON form, for logs and %v.
func (d EvaluateDetails) String() string { return detailsString(d) }

func detailsString(d json.Marshaler) string {
	b, err := d.MarshalJSON()
	if err != nil {
		return "details: " + err.Error()
	}
	return string(b)
}
