package defaultaction

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"

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
// slider or spinbutton and that is not a native input: its value is set
// with keys (setRange).
func isRangeWidget(in elemInfo) bool {
	if in.Editable || in.Tag == "input" || in.Tag == "textarea" || in.Tag == "select" {
		return false
	}
	role, _, _ := strings.Cut(in.Role, " ")
	return role == "slider" || role == "spinbutton"
}

// rangeState is what a slider or spinbutton shows (see js/range-state.js):
// its ARIA value attributes as written, its text and its state.
type rangeState struct {
	Now       string `json:"now"`
	Min       string `json:"min"`
	Max       string `json:"max"`
	Text      string `json:"text"`
	Content   string `json:"content"`
	Disabled  bool   `json:"disabled"`
	Readonly  bool   `json:"readonly"`
	Focused   bool   `json:"focused"`
	Connected bool   `json:"connected"`
	Sig       string `json:"sig"`
}

// shown is the value the widget shows: its aria-valuetext, else its
// aria-valuenow, else its text.
func (s rangeState) shown() string {
	switch {
	case s.Text != "":
		return s.Text
	case s.Now != "":
		return s.Now
	}
	return s.Content
}

// rangeScale names which number of a widget's state its keys move.
type rangeScale int

const (
	// scaleNow is aria-valuenow, the number whenever aria-valuetext
	// shows it too or shows no single other number.
	scaleNow rangeScale = iota
	// scaleText is the number aria-valuetext shows when it is not
	// aria-valuenow ("$500" for the fifth step of a price): the one an
	// agent reads in the snapshot.
	scaleText
	// scaleContent is the number the widget's text shows, for one that
	// has no value attributes.
	scaleContent
)

// scaleOf picks the number of s to drive; false when s shows none.
func scaleOf(s rangeState) (rangeScale, bool) {
	text := numbersIn(s.Text)
	if now, ok := attrNumber(s.Now); ok {
		for _, n := range text {
			if near(n, now) {
				return scaleNow, true
			}
		}
		if len(text) == 1 {
			return scaleText, true
		}
		return scaleNow, true
	}
	if len(text) == 1 {
		return scaleText, true
	}
	if len(numbersIn(s.Content)) == 1 {
		return scaleContent, true
	}
	return scaleNow, false
}

// at is the number s shows on scale sc.
func (s rangeState) at(sc rangeScale) (float64, bool) {
	switch sc {
	case scaleText:
		return oneNumber(s.Text)
	case scaleContent:
		return oneNumber(s.Content)
	}
	return attrNumber(s.Now)
}

// attrNumber reads a number attribute, leniently.
func attrNumber(s string) (float64, bool) {
	if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
		return v, true
	}
	return oneNumber(s)
}

// near reports whether a and b are the same number, rounding aside.
func near(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// rangeKeys are two keys that move a value in opposite directions: up
// raises it, down lowers it.
type rangeKeys struct{ up, down keyDef }

// rangeDrive presses keys on a focused slider or spinbutton toward a
// value and keeps what it learnt: which keys move the value which way,
// and by how much.
type rangeDrive struct {
	a  *attachment
	el *element
	sc rangeScale
	// st is what the widget showed at the last read.
	st rangeState
	// keys counts the keys pressed.
	keys int
	// pairs are the arrow keys to try, in order; arrows is the pair that
	// moved the value, set once one did.
	pairs  []rangeKeys
	arrows *rangeKeys
	// step is how far one arrow key moves the value (0 until known).
	step float64
	// page is what Page Up and Page Down do: 0 not tried, 1 move by
	// pageStep (pageKeys oriented as arrows are), -1 nothing of use.
	page     int
	pageStep float64
	pageKeys rangeKeys
	// stop says why the keys stopped short, for the error.
	stop string
}

func newRangeDrive(a *attachment, el *element, role string) *rangeDrive {
	lr := rangeKeys{namedKeys["arrowright"], namedKeys["arrowleft"]}
	ud := rangeKeys{namedKeys["arrowup"], namedKeys["arrowdown"]}
	pairs := []rangeKeys{lr, ud}
	if strings.HasPrefix(role, "spinbutton") {
		pairs = []rangeKeys{ud, lr}
	}
	return &rangeDrive{a: a, el: el, pairs: pairs, pageKeys: rangeKeys{namedKeys["pageup"], namedKeys["pagedown"]}}
}

// read reads what the widget shows into d.st; after keys (wait), it
// waits a little for a page that shows their effect late.
func (d *rangeDrive) read(ctx context.Context, wait bool) error {
	var st rangeState
	var err error
	if wait {
		err = d.el.callOn(ctx, jsRangeState, &st, d.st.Sig, rangeWait.Milliseconds())
	} else {
		err = d.el.callOn(ctx, jsRangeState, &st)
	}
	if err != nil {
		return err
	}
	if !st.Connected {
		return staleRef(d.el.ref)
	}
	d.st = st
	return nil
}

// value is the number the widget shows now.
func (d *rangeDrive) value() (float64, bool) { return d.st.at(d.sc) }

// press presses k n times with the widget focused, then reads it.
func (d *rangeDrive) press(ctx context.Context, k keyDef, n int) error {
	if !d.st.Focused {
		// A page that re-rendered the widget may have dropped its
		// focus; DOM focus gives it back without moving the value.
		if err := d.el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(d.el.res.ObjectID)); err != nil {
			return d.el.gone(fmt.Errorf("focusing %s: %w", d.el.ref, err))
		}
	}
	for range n {
		if err := press(ctx, d.el.tab.Client, chord{key: k}); err != nil {
			return err
		}
		d.keys++
	}
	return d.read(ctx, true)
}

// moved presses k n times and answers how far the value moved (0 when
// it did not, or when it no longer shows a number).
func (d *rangeDrive) moved(ctx context.Context, k keyDef, n int) (float64, error) {
	v0, _ := d.value()
	if err := d.press(ctx, k, n); err != nil {
		return 0, err
	}
	v1, ok := d.value()
	if !ok {
		return 0, nil
	}
	return v1 - v0, nil
}

// learn finds the arrow keys that move the value, pressing the one of
// each pair that should move it in direction dir (+1 up, -1 down) until
// one moves it; false when none does.
func (d *rangeDrive) learn(ctx context.Context, dir float64) (bool, error) {
	for _, p := range d.pairs {
		k := p.up
		if dir < 0 {
			k = p.down
		}
		dv, err := d.moved(ctx, k, 1)
		if err != nil {
			return false, err
		}
		if dv == 0 {
			continue
		}
		if dv*dir < 0 {
			// The page moves the other way (a slider laid out right
			// to left, or upside down).
			p.up, p.down = p.down, p.up
		}
		d.arrows, d.step = &p, math.Abs(dv)
		return true, nil
	}
	d.stop = "no key moved it (it may be at its end, or the page moves it only with the pointer: drag its thumb)"
	return false, nil
}

// done reports whether v is t, or as near as the widget's step allows.
func (d *rangeDrive) done(v, t float64) bool {
	return near(v, t) || (d.step > 0 && math.Abs(t-v) < d.step/2)
}

// to presses keys until the widget shows t (or as near as its step
// allows), a key no longer moves it, or rangeMaxKeys are pressed.
func (d *rangeDrive) to(ctx context.Context, t float64) error {
	lastDir, flips := 0.0, 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		v, ok := d.value()
		if !ok {
			d.stop = "it no longer shows a number"
			return nil
		}
		if d.done(v, t) {
			return nil
		}
		if d.keys >= rangeMaxKeys {
			d.stop = fmt.Sprintf("%d keys did not reach it", d.keys)
			if d.step > 0 {
				d.stop += fmt.Sprintf(" (a key moves it by %s)", num(d.step))
			}
			return nil
		}
		dir := math.Copysign(1, t-v)
		if lastDir != 0 && dir != lastDir {
			flips++
		}
		lastDir = dir
		if d.arrows == nil {
			if ok, err := d.learn(ctx, dir); err != nil || !ok {
				return err
			}
			continue
		}
		if used, err := d.paged(ctx, t, v, dir); err != nil || used {
			if err != nil {
				return err
			}
			continue
		}
		k := d.arrows.up
		if dir < 0 {
			k = d.arrows.down
		}
		n := 1
		if flips < 2 {
			n = int(math.Max(1, math.Min(math.Round(math.Abs(t-v)/d.step), rangeBatch)))
		}
		n = min(n, rangeMaxKeys-d.keys)
		dv, err := d.moved(ctx, k, n)
		if err != nil {
			return err
		}
		if dv == 0 {
			d.stop = "a key no longer moves it (another control may bound it)"
			return nil
		}
		if n == 1 {
			d.step = math.Abs(dv)
			if w, _ := d.value(); (t-w)*dir < 0 {
				// One key went past t: t lies between two values the
				// widget takes; keep the nearer.
				if math.Abs(t-w) > math.Abs(t-v) {
					back := d.arrows.down
					if dir < 0 {
						back = d.arrows.up
					}
					_, err := d.moved(ctx, back, 1)
					return err
				}
				return nil
			}
		} else if dv*dir > 0 {
			d.step = math.Abs(dv) / float64(n)
		}
	}
}

// paged presses Page Up or Page Down toward t when the distance from v
// is worth it, learning on first use whether the page handles them and
// how far they move; false when it pressed nothing.
func (d *rangeDrive) paged(ctx context.Context, t, v, dir float64) (bool, error) {
	dist := math.Abs(t - v)
	switch {
	case d.page < 0:
		return false, nil
	case d.page == 0 && dist >= 10*d.step:
		k := d.pageKeys.up
		if dir < 0 {
			k = d.pageKeys.down
		}
		dv, err := d.moved(ctx, k, 1)
		if err != nil {
			return true, err
		}
		if math.Abs(dv) <= d.step {
			// Nothing gained over an arrow.
			d.page = -1
			return true, nil
		}
		if dv*dir < 0 {
			d.pageKeys.up, d.pageKeys.down = d.pageKeys.down, d.pageKeys.up
		}
		d.page, d.pageStep = 1, math.Abs(dv)
		return true, nil
	case d.page == 1 && dist >= d.pageStep:
		k := d.pageKeys.up
		if dir < 0 {
			k = d.pageKeys.down
		}
		n := int(math.Min(math.Floor(dist/d.pageStep), rangeBatch))
		n = min(n, rangeMaxKeys-d.keys)
		dv, err := d.moved(ctx, k, n)
		if err != nil {
			return true, err
		}
		if dv*dir <= 0 {
			d.page = -1
		}
		return true, nil
	}
	return false, nil
}

// ends presses Home for a t that is the widget's minimum, End for its
// maximum: one key where a user would press it.
func (d *rangeDrive) ends(ctx context.Context, t float64) error {
	if d.sc != scaleNow {
		return nil
	}
	if v, ok := d.value(); ok && near(v, t) {
		return nil
	}
	if lo, ok := attrNumber(d.st.Min); ok && near(lo, t) {
		return d.press(ctx, namedKeys["home"], 1)
	}
	if hi, ok := attrNumber(d.st.Max); ok && near(hi, t) {
		return d.press(ctx, namedKeys["end"], 1)
	}
	return nil
}

// seek walks the widget from its lowest value up, one key at a time,
// until its aria-valuetext is text; false (with the value back where it
// was) when no value shows it. seen lists the texts it showed.
func (d *rangeDrive) seek(ctx context.Context, text string) (found bool, seen []string, err error) {
	start, startOK := d.value()
	note := func() {
		if s := d.st.shown(); len(seen) == 0 || seen[len(seen)-1] != s {
			seen = append(seen, s)
		}
	}
	if err := d.press(ctx, namedKeys["home"], 1); err != nil {
		return false, nil, err
	}
	if err := d.to(ctx, math.Inf(-1)); err != nil {
		return false, nil, err
	}
	for d.keys < rangeMaxKeys {
		note()
		if sameText(d.st.Text, text) || sameText(d.st.shown(), text) {
			return true, seen, nil
		}
		if d.arrows == nil {
			if ok, err := d.learn(ctx, 1); err != nil || !ok {
				return false, seen, err
			}
			continue
		}
		dv, err := d.moved(ctx, d.arrows.up, 1)
		if err != nil {
			return false, seen, err
		}
		if dv == 0 {
			break
		}
	}
	if startOK {
		d.stop = ""
		err = d.to(ctx, start)
	}
	return false, seen, err
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
