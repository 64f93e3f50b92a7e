package defaultaction

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/events"
)

// An ARIA slider or spinbutton that is not a native input holds a number
// the page's own key handlers move: filling one presses the keys a user
// presses (arrows, Page Up and Page Down, Home and End) with the widget
// focused, reading after each key or batch of keys what it shows, until
// it shows the value asked for. Nothing here knows any widget library:
// which keys move the value, in which direction and by how much is learnt
// from what the page shows after each key.

// jsRangeState(since, ms) reads what a slider or spinbutton shows; see
// js/range-state.js.
//
//go:embed js/range-state.js
var jsRangeState string

const (
	// rangeMaxKeys bounds the keys one fill presses.
	rangeMaxKeys = 500
	// rangeBatch bounds the keys pressed between two reads.
	rangeBatch = 50
	// rangeWait is how long a read waits for a page that updates what
	// it shows after the key (a frame later) before taking it that the
	// key did not move the value.
	rangeWait = 150 * time.Millisecond
)

// isRangeWidget reports whether in describes an element whose role is
// slider or spinbutton and that is not a native input, or a separator one
// can focus that holds a value (a handle between resizable panes): its
// value is set with keys (setRange).
func isRangeWidget(in elemInfo) bool {
	if in.Editable || in.Tag == "input" || in.Tag == "textarea" || in.Tag == "select" {
		return false
	}
	role, _, _ := strings.Cut(in.Role, " ")
	return role == "slider" || role == "spinbutton" || (role == "separator" && in.Movable)
}

// rangeGoal is what a fill asks of a slider or spinbutton: a number on
// the widget's scale, or (text set) the aria-valuetext to show.
type rangeGoal struct {
	n    float64
	text string
}

// rangeGoalOf reads the value an agent gave for a widget that shows st:
// a number, leniently ("25", "$25", "25.00", "1,000"), or, for a widget
// whose aria-valuetext is words, the words it shows.
func rangeGoalOf(el *element, st rangeState, sc rangeScale, value string) (rangeGoal, error) {
	want := strings.TrimSpace(value)
	if want == "" {
		return rangeGoal{}, rangeTakes(el, st, sc, want, false)
	}
	if sameText(st.Text, want) {
		return rangeGoal{text: want}, nil
	}
	n, isNum := oneNumber(want)
	wordy := st.Text != "" && len(numbersIn(st.Text)) == 0
	if !isNum {
		if wordy {
			return rangeGoal{text: want}, nil
		}
		return rangeGoal{}, rangeTakes(el, st, sc, want, false)
	}
	if sc == scaleNow {
		lo, okLo := attrNumber(st.Min)
		hi, okHi := attrNumber(st.Max)
		if (okLo && n < lo && !near(n, lo)) || (okHi && n > hi && !near(n, hi)) {
			return rangeGoal{}, rangeTakes(el, st, sc, want, true)
		}
	}
	return rangeGoal{n: n}, nil
}

// rangeTakes is the invalid_argument error for a value a widget cannot
// take (out of its range, or no number): it says what the widget takes
// and shows.
func rangeTakes(el *element, st rangeState, sc rangeScale, want string, out bool) error {
	takes := "a number"
	lo, okLo := attrNumber(st.Min)
	hi, okHi := attrNumber(st.Max)
	if sc == scaleNow {
		switch {
		case okLo && okHi:
			takes += fmt.Sprintf(" from %s to %s", num(lo), num(hi))
		case okLo:
			takes += " from " + num(lo)
		case okHi:
			takes += " up to " + num(hi)
		}
	}
	if st.Text != "" && len(numbersIn(st.Text)) == 0 {
		takes += " or the words of one of its values"
	}
	msg := fmt.Sprintf("element %s takes %s, not %q; it shows %q now", el.describe(), takes, want, st.shown())
	if out {
		msg += " (its bounds may follow another control, such as the other thumb of a range: set that first)"
	}
	return events.Errorf(events.CodeInvalidArgument, "%s", msg).
		WithDetails(events.ErrorDetails{Ref: el.ref, Shown: new(capText(st.shown()))})
}

// setRange sets a slider or spinbutton (see isRangeWidget) to value as a
// user with a keyboard does: it focuses the widget without a click where
// it can (a click would move a slider's thumb), presses keys toward the
// value, and reads back what the widget shows: not_applied when it is not
// the value (within half a step).
func (a *attachment) setRange(ctx context.Context, el *element, in elemInfo, value string) (events.ActionResult, error) {
	d := newRangeDrive(a, el, in.Role)
	if err := d.read(ctx, false); err != nil {
		return events.ActionResult{}, err
	}
	st := d.st
	switch {
	case st.Disabled:
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is disabled: it takes no value until the page enables it", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	case st.Readonly:
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is read-only: it shows %q and takes no value", el.describe(), st.shown()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	sc, ok := scaleOf(st)
	if !ok {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s shows no value to move (no aria-valuenow, no aria-valuetext)", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	d.sc = sc
	goal, err := rangeGoalOf(el, st, sc, value)
	if err != nil {
		return events.ActionResult{}, err
	}
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		return a.watchedInput(ctx, el.tab, 0, func(ctx context.Context) error {
			return d.run(ctx, goal)
		})
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	// What the page shows once it settled. A page that replaced the
	// widget leaves what it showed after the last key; one that left the
	// document leaves nothing to read back.
	if err := d.read(ctx, false); err != nil && res.Navigated {
		return res, nil
	}
	res.Details.Value = new(capText(d.st.shown()))
	res.Details.Editor = "keys"
	if d.took(goal) {
		return res, nil
	}
	return res, d.notTaken(strings.TrimSpace(value))
}

// run focuses the widget and presses keys toward goal.
func (d *rangeDrive) run(ctx context.Context, goal rangeGoal) error {
	if err := d.a.focus(ctx, d.el); err != nil {
		return err
	}
	if err := d.read(ctx, false); err != nil {
		return err
	}
	if goal.text != "" {
		if sameText(d.st.Text, goal.text) {
			return nil
		}
		found, seen, err := d.seek(ctx, goal.text)
		if err != nil || found {
			return err
		}
		if d.arrows == nil {
			// No key moved it: its values could not be walked.
			return d.notTaken(goal.text)
		}
		return events.Errorf(events.CodeInvalidArgument, "element %s shows no value %q; its values: %s", d.el.describe(), goal.text, strings.Join(seen, ", ")).
			WithDetails(events.ErrorDetails{Ref: d.el.ref, Shown: new(capText(d.st.shown()))})
	}
	if err := d.ends(ctx, goal.n); err != nil {
		return err
	}
	return d.to(ctx, goal.n)
}

// took reports whether the widget shows goal.
func (d *rangeDrive) took(goal rangeGoal) bool {
	if goal.text != "" {
		return sameText(d.st.Text, goal.text) || sameText(d.st.shown(), goal.text)
	}
	v, ok := d.value()
	return ok && (near(v, goal.n) || (d.step > 0 && math.Abs(goal.n-v) <= d.step/2+1e-9))
}

// notTaken is the not_applied error of a fill the widget did not take.
func (d *rangeDrive) notTaken(want string) error {
	shown := d.st.shown()
	why := d.stop
	if why == "" {
		why = "a handler of the page rejected or rewrote it"
	}
	return events.Errorf(events.CodeNotApplied, "setting %s to %q did not take: it shows %q; %s", d.el.describe(), short(want), short(shown), why).
		WithDetails(events.ErrorDetails{Ref: d.el.ref, Wanted: new(want), Shown: new(capText(shown))})
}
