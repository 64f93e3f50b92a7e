package events

import "strings"

// Locators name elements by what an agent knows of them, without a
// snapshot. Wherever an event takes a Ref (ClickElementEvent.Ref,
// WaitEvent.Gone, EvaluateEvent.Ref, ...), a locator may stand in its
// place: the owner resolves it to exactly one element, which gets a ref as
// a snapshot would give it. A locator that matches several elements fails
// with ambiguous_locator, listing the first matches (ErrorDetails.Matches);
// one that matches none with element_not_found.
//
//	css=SELECTOR              elements the CSS selector matches, hidden ones included
//	text=TEXT                 the innermost elements whose visible text contains TEXT, ignoring case
//	text="TEXT"               ... whose visible text is TEXT (white space collapsed)
//	role=ROLE[name="NAME"]    elements of that role (as the snapshot shows it) named NAME
//	role=ROLE[name=NAME]      ... whose name contains NAME, ignoring case; [nth=N] picks the Nth of a role and name
//	role=ROLE[checked]        ... in a state: [checked], [checked=false], [checked=mixed], [disabled],
//	                          [expanded], [selected], [pressed] (each also =true or =false), [level=N]
//	label=TEXT, label="TEXT"  controls whose label (label element, aria-label, aria-labelledby) contains or is TEXT
//	placeholder=TEXT          fields whose placeholder contains TEXT; quoted, is TEXT
//	testid=ID                 elements whose data-testid is ID
//	A >> B                    elements B matches inside an element A matches (any number of steps)
//
// Where a target is read (ReadTarget), a bare CSS selector stands for
// css=: '#save' is css=#save, and 'form >> role=button' is css=form >>
// role=button.
//
// Locators look into every frame of the tab (out-of-process iframes
// included) and through open and closed shadow roots, as the snapshot does.
// Only css= and testid= match elements the snapshot does not show (hidden
// ones); such a match says Hidden.

// LocatorKind is what a locator matches on.
type LocatorKind string

// The kinds of locator.
const (
	LocateCSS         LocatorKind = "css"
	LocateText        LocatorKind = "text"
	LocateRole        LocatorKind = "role"
	LocateLabel       LocatorKind = "label"
	LocatePlaceholder LocatorKind = "placeholder"
	LocateTestID      LocatorKind = "testid"
)

var locatorKinds = []LocatorKind{LocateCSS, LocateText, LocateRole, LocateLabel, LocatePlaceholder, LocateTestID}

// Locator is a parsed locator (see ParseLocator).
type Locator struct {
	Kind LocatorKind `json:"kind"`
	// Value is the selector, text, label, placeholder or test id; for
	// role=, the role.
	Value string `json:"value"`
	// Exact asks for the whole text rather than a part of it, matched
	// with case (the value was quoted). Test ids are always exact.
	Exact bool `json:"exact,omitempty"`
	// Name is role='s accessible name, "" for any; NameExact as Exact.
	Name      string `json:"name,omitempty"`
	NameExact bool   `json:"name_exact,omitempty"`
	// Nth, when not nil, keeps the match whose snapshot nth is *Nth.
	Nth *int `json:"nth,omitempty"`
	// The state filters of role=, as the snapshot shows the states:
	// Checked is "true", "false" or "mixed"; Disabled, Expanded, Selected
	// are "true" or "false"; Pressed is "true", "false" or "mixed"; ""
	// means any. Level, when not zero, is a heading's level.
	Checked  string `json:"checked,omitempty"`
	Disabled string `json:"disabled,omitempty"`
	Expanded string `json:"expanded,omitempty"`
	Selected string `json:"selected,omitempty"`
	Pressed  string `json:"pressed,omitempty"`
	Level    int    `json:"level,omitempty"`
	// Scopes are the steps of a chain before this one (A >> B), outermost
	// first: a match must be inside an element each of them matches, the
	// second inside the first, and so on. Empty for a single locator.
	Scopes []Locator `json:"scopes,omitempty"`
}

// LocatorMatch is one element a locator matched, with the ref it got.
// Role, Name and Nth are as the snapshot shows them (Nth counts earlier
// elements of the same role and name in the frame); an element the
// snapshot leaves out (Hidden) has its role from its markup and no name.
type LocatorMatch struct {
	Ref     Ref     `json:"ref"`
	Role    string  `json:"role"`
	Name    string  `json:"name"`
	Nth     int     `json:"nth"`
	Hidden  bool    `json:"hidden,omitempty"`
	FrameID FrameID `json:"frame_id,omitempty"`
}

// IsLocator reports whether s is written as a locator (starts with one of
// the kinds and "="), well formed or not, as opposed to a ref.
func IsLocator(s string) bool {
	k, _, ok := strings.Cut(strings.TrimSpace(s), "=")
	if !ok {
		return false
	}
	for _, kind := range locatorKinds {
		if k == string(kind) {
			return true
		}
	}
	return false
}

// ParseLocator parses a locator. A malformed one is an invalid_argument
// *Error that names the part that is wrong.
func ParseLocator(s string) (Locator, error) {
	steps := splitChain(s)
	if len(steps) > 1 {
		return parseChain(s, steps)
	}
	return parseStep(s)
}

// TargetForms lists the forms an element argument takes, for messages.
const TargetForms = "give a ref from a snapshot (e5, @e5 or ref=e5), a locator (role=button[name=\"Save\"], text=Save, label=Email, placeholder=Search, testid=save, css=#save, A >> B for B inside A) or a CSS selector (#save, form button)"

// LocateEvent lists the elements a locator matches in a tab (TabID, or the
// active tab), in document order, each with the ref it gets; at most Limit
// of them (zero: 50), with Total counting all. No snapshot is taken.
// Owned by DefaultActionWatchdog; result LocateResult. A malformed locator
// is invalid_argument.
type LocateEvent struct {
	TabID   TargetID
	Locator string
	Limit   int
}

// LocateResult is what LocateEvent found. No match is not an error here.
type LocateResult struct {
	Matches []LocatorMatch `json:"matches"`
	Total   int            `json:"total"`
}
