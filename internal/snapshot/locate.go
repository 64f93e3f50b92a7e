package snapshot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// Match is one element Locate found, with the ref it has (or was given).
type Match struct {
	Ref  events.Ref
	Info RefInfo
	// Hidden reports an element the snapshot does not show (only css=
	// and testid= find such elements).
	Hidden bool
}

// Located is the answer of Locate: the first matches, in document order,
// and how many there are in all.
type Located struct {
	Matches []Match
	Total   int
}

// InvalidSelectorError reports a CSS selector the browser rejects.
type InvalidSelectorError struct {
	Selector string
	Reason   string
}

func (e *InvalidSelectorError) Error() string {
	return fmt.Sprintf("the browser rejects the CSS selector %q: %s", e.Selector, e.Reason)
}

// locateStep is one step of a locator for the walk's locate plugin
// (js/locate.js): the locator itself, or a scope of a chain.
type locateStep struct {
	Kind      string `json:"kind"`
	Value     string `json:"value"`
	Exact     bool   `json:"exact"`
	NameValue string `json:"name_value"`
	NameExact bool   `json:"name_exact"`
	Nth       *int   `json:"nth"`
	Checked   string `json:"checked,omitempty"`
	Disabled  string `json:"disabled,omitempty"`
	Expanded  string `json:"expanded,omitempty"`
	Selected  string `json:"selected,omitempty"`
	Pressed   string `json:"pressed,omitempty"`
	Level     int    `json:"level,omitempty"`
}

func stepOf(l events.Locator) locateStep {
	return locateStep{
		Kind: string(l.Kind), Value: l.Value, Exact: l.Exact, NameValue: l.Name, NameExact: l.NameExact, Nth: l.Nth,
		Checked: l.Checked, Disabled: l.Disabled, Expanded: l.Expanded, Selected: l.Selected, Pressed: l.Pressed, Level: l.Level,
	}
}

// locateOpts are the options of the walk's locate plugin (js/locate.js).
type locateOpts struct {
	Name string `json:"name"`
	locateStep
	Limit  int          `json:"limit"`
	Scopes []locateStep `json:"scopes,omitempty"`
}

// The marker text records of the locate plugin.
const (
	markMatch   = "\x01m"
	markHidden  = "\x01h"
	markCount   = "\x01c"
	markInvalid = "\x01x"
)

// Locate finds the elements l matches in the tab, out-of-process frames
// and closed shadow roots included, as a snapshot in interactive mode
// walks them, and gives each the ref a snapshot gives it (issuing one to
// an element a snapshot would not show with a ref). At most limit matches
// are returned (Total counts them all). It takes no snapshot text.
func (e *Engine) Locate(ctx context.Context, l events.Locator, limit int) (Located, error) {
	if limit <= 0 {
		limit = 50
	}
	if err := e.capMu.lock(ctx); err != nil {
		return Located{}, err
	}
	defer e.capMu.unlock()
	opts := locateOpts{Name: "locate", locateStep: stepOf(l), Limit: limit}
	for _, sc := range l.Scopes {
		opts.Scopes = append(opts.Scopes, stepOf(sc))
	}
	c := &capture{e: e, opts: Options{Interactive: true}, plugin: opts}
	_, lines, err := e.captureTop(ctx, c, 0)
	if err != nil {
		return Located{}, err
	}
	var (
		out  Located
		next string // the marker of the element line that follows
	)
	var entries []*refEntry
	var hidden []bool
	for _, ln := range lines {
		switch {
		case ln.entry == nil && strings.HasPrefix(ln.text, markInvalid):
			return Located{}, &InvalidSelectorError{Selector: l.Value, Reason: strings.TrimSpace(ln.text[len(markInvalid):])}
		case ln.entry == nil && strings.HasPrefix(ln.text, markCount):
			n, _ := strconv.Atoi(ln.text[len(markCount):])
			out.Total += n
		case ln.entry == nil && (ln.text == markMatch || ln.text == markHidden):
			next = ln.text
		case ln.entry != nil && next != "":
			entries = append(entries, ln.entry)
			hidden = append(hidden, next == markHidden)
			next = ""
		}
	}
	e.mu.Lock()
	for i, en := range entries {
		if len(out.Matches) == limit {
			break
		}
		out.Matches = append(out.Matches, Match{Ref: en.ref, Info: en.info, Hidden: hidden[i]})
	}
	e.mu.Unlock()
	return out, nil
}
