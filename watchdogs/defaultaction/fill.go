package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsOptionFind(name, exact) answers the option of a custom combobox or
// listbox named name, or {options}; see js/option-find.js.
//
//go:embed js/option-find.js
var jsOptionFind string

// jsRadioFind(name) answers the radio button of a group labelled name, or
// {options}; see js/radio-find.js.
//
//go:embed js/radio-find.js
var jsRadioFind string

// jsLists tells whether a combobox says it has a list of options; see
// js/lists.js.
//
//go:embed js/lists.js
var jsLists string

// jsShows reads the choice a custom combobox or listbox shows; see
// js/shows.js.
//
//go:embed js/shows.js
var jsShows string

// jsTakesAny tells whether a combobox one types into takes any text as
// its value (a datalist's suggestions, or no list at all); see
// js/takes-any.js.
//
//go:embed js/takes-any.js
var jsTakesAny string

// jsLeave(wait) moves focus out of a field, as a user who goes on does,
// waits up to wait ms for the page to change its text, and tells whether
// the field had focus; see js/leave.js.
//
//go:embed js/leave.js
var jsLeave string

// fill answers FillEvent: the element decides how it is set (see
// events.FillEvent), and each way reads back what the page shows.
func (a *attachment) fill(ctx context.Context, e events.FillEvent) (events.ActionResult, error) {
	el, in, err := a.described(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	switch {
	case in.Tag == "input" && in.Type == "file":
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is a file input: set its files with upload", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	case in.Tag == "select":
		return a.selectElement(ctx, el, []string{e.Value})
	case in.Checkable != "":
		on, err := parseChecked(el, e.Value)
		if err != nil {
			return events.ActionResult{}, err
		}
		return a.checkElement(ctx, el, in, on)
	case in.drawnChoice():
		return a.pickCustom(ctx, el, in, e.Value)
	case in.Role == "radiogroup" || in.Tag == "fieldset":
		return a.pickRadio(ctx, el, e.Value)
	case isRangeWidget(in):
		return a.setRange(ctx, el, in, e.Value)
	}
	return a.typeElement(ctx, el, events.TypeTextEvent{TabID: el.tab.ID, Ref: el.ref, Text: e.Value, Clear: true})
}

// pickCustom picks the option named name of a custom combobox or listbox
// (in describes el): from its list, or, in a combobox one types into,
// by typing the name and clicking the option the list then offers.
func (a *attachment) pickCustom(ctx context.Context, el *element, in elemInfo, name string) (events.ActionResult, error) {
	if in.Editable && (in.Role == "combobox" || in.Popup == "listbox") {
		return a.typePick(ctx, el, in, name)
	}
	return a.pickNamed(ctx, el, in, name)
}

// parseChecked reads a checkbox's or a switch's value: true, yes, on,
// checked, 1 (or x) check it; false, no, off, unchecked, 0 or nothing
// uncheck it.
func parseChecked(el *element, v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "on", "checked", "check", "1", "x", "selected":
		return true, nil
	case "false", "no", "off", "unchecked", "uncheck", "0", "":
		return false, nil
	}
	return false, events.Errorf(events.CodeInvalidArgument, "element %s is a checkbox, radio button or switch: its value is true or false, not %q", el.describe(), v).WithDetails(events.ErrorDetails{Ref: el.ref})
}

// pickNamed picks the option named name of a custom combobox or listbox
// (in describes el) as a user does: it opens a combobox that is closed
// with a click, clicks the option, and checks that the widget then shows
// that choice (its text or value, or the option marked selected).
func (a *attachment) pickNamed(ctx context.Context, el *element, in elemInfo, name string) (events.ActionResult, error) {
	if in.Disabled {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is disabled", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	opt, err := a.findNamed(ctx, el, jsOptionFind, name)
	if err != nil {
		return events.ActionResult{}, err
	}
	if opt == nil && in.opensList() {
		// Closed: open it, as a user does, and look again.
		if _, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
			p, err := a.aim(ctx, el)
			if err != nil {
				return err
			}
			return a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil)
		}); err != nil {
			return events.ActionResult{}, err
		}
		if opt, err = a.findNamed(ctx, el, jsOptionFind, name); err != nil {
			return events.ActionResult{}, err
		}
	}
	if opt == nil {
		var shown struct {
			Options []string `json:"options"`
		}
		_ = el.callOn(ctx, jsOptionFind, &shown, name)
		msg := "no option named %q"
		if len(shown.Options) > 0 {
			msg += "; it shows: " + strings.Join(shown.Options, ", ")
		}
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "%s offers "+msg, el.describe(), name).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	defer opt.release(ctx)
	return a.clickOption(ctx, el, in, opt, name)
}

// clickOption clicks opt, the option named name that el (in describes
// it) offers, and checks that el then shows that choice: its text or
// value, or the option marked selected.
func (a *attachment) clickOption(ctx context.Context, el *element, in elemInfo, opt *element, name string) (events.ActionResult, error) {
	var was choiceShown
	if err := el.callOn(ctx, jsShows, &was); err != nil {
		return events.ActionResult{}, err
	}
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		p, err := a.aim(ctx, opt)
		if err != nil {
			return err
		}
		return a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil)
	})
	if err != nil || res.Dialog != nil || res.Navigated {
		return res, err
	}
	var shows choiceShown
	if err := el.callOn(ctx, jsShows, &shows); err != nil {
		return res, err
	}
	res.Details = events.ActionDetails{Value: new(capText(shows.Text))}
	for _, s := range shows.Selected {
		if tookText("", s, name, true) {
			return res, nil
		}
	}
	switch {
	case in.opensList() && tookText("", shows.Text, name, true):
		return res, nil
	case in.opensList() && shows.Around != "" && !tookText("", was.Around, name, true) && tookText("", shows.Around, name, true):
		// A field that empties itself once the choice is made shows the
		// choice beside it, where it did not show before.
		return res, nil
	case in.Role == "listbox" && len(shows.Selected) == 0:
		// A list that marks no option selected shows nothing that
		// contradicts the click.
		return res, nil
	}
	shown := shows.Text
	if in.Role == "listbox" {
		shown = strings.Join(shows.Selected, ", ")
	}
	return res, notApplied(el, "picking "+name+" in "+el.describe(), name, shown, false)
}

// optionWait bounds how long typePick waits for the list of a combobox
// typed into to offer the option named what was typed (the list may
// filter after a pause in typing, or fetch its options); optionPoll is how
// often it looks.
const (
	optionWait = time.Second
	optionPoll = 100 * time.Millisecond
)

// leaveWait bounds how long keptText waits, once it left a combobox, for
// the page to change the field's text: a widget may put its choice back
// on a short timer after the blur, to tell it from focus moving within
// the widget.
const leaveWait = 150 * time.Millisecond

// typePick fills a combobox the user types into (a search field over a
// list of options) as a user does: it types name after a clear, as into
// any field, then clicks the option the list offers under exactly that
// name (ignoring case), so that the widget takes the choice and not only
// the text. When the list offers no such option within optionWait, the
// typed text is the value only if the page keeps it (see keptText).
// optionWait counts from before the text: the typing waits for the list
// to change itself (suggestWait), and that wait is part of optionWait,
// not added to it.
func (a *attachment) typePick(ctx context.Context, el *element, in elemInfo, name string) (events.ActionResult, error) {
	start := time.Now()
	res, err := a.typeElement(ctx, el, events.TypeTextEvent{TabID: el.tab.ID, Ref: el.ref, Text: name, Clear: true})
	if errors.Is(err, events.ErrNotApplied) && strings.TrimSpace(name) != "" {
		// A combobox that takes focus but no text (its keys only move
		// through the list): pick from the list, as a user does once
		// typing showed nothing.
		return a.pickNamed(ctx, el, in, name)
	}
	if err != nil || res.Dialog != nil || res.Navigated || strings.TrimSpace(name) == "" {
		return res, err
	}
	opt, err := a.offered(ctx, el, name, start)
	if err != nil {
		return res, err
	}
	if opt == nil {
		return a.keptText(ctx, el, name, res)
	}
	defer opt.release(ctx)
	return a.clickOption(ctx, el, in, opt, name)
}

// maxOffered caps the options a not_applied error of a fill names.
const maxOffered = 8

// keptText decides whether name, typed into the combobox el whose list
// offered no option of that name (res is the typing's result), is the
// field's value. A field that takes any text (a datalist's suggestions,
// no list at all) keeps it. Any other is left as a user leaves it, for
// what comes next: a field over a list of choices (a searchable select)
// empties itself or puts its choice back then, since text that names no
// option is no choice, where a field that takes free text with
// suggestions keeps it, and a field that turns new text into an item (a
// tags field) shows it beside itself. The text kept, the field has focus
// again, as it had after the typing (for an Enter that submits it);
// otherwise fill is not_applied, naming what the field shows and a few of
// the options the list offered.
func (a *attachment) keptText(ctx context.Context, el *element, name string, res events.ActionResult) (events.ActionResult, error) {
	var free bool
	if err := el.callOn(ctx, jsTakesAny, &free); err != nil {
		return res, err
	}
	var offered struct {
		Options []string `json:"options"`
	}
	_ = el.callOn(ctx, jsOptionFind, &offered, name, true)
	if free && len(offered.Options) == 0 {
		return res, nil
	}
	var was, shows choiceShown
	if err := el.callOn(ctx, jsShows, &was); err != nil {
		return res, err
	}
	var left bool
	lres, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		return el.callOn(ctx, jsLeave, &left, leaveWait.Milliseconds())
	})
	if err != nil || lres.Dialog != nil || lres.Navigated {
		return lres, err
	}
	if err := el.callOn(ctx, jsShows, &shows); err != nil {
		return res, err
	}
	res.Details.Value = new(capText(shows.Text))
	if keeps(was, shows, name) {
		if left {
			_ = el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(el.res.ObjectID))
		}
		return res, nil
	}
	return res, notKept(el, name, shows.Text, offered.Options)
}

// keeps tells whether a combobox that showed was before it was left and
// shows now afterwards kept the text name: it holds that text (white
// space, case and separators aside), marks an option of that name
// selected, or shows that text beside itself where it did not before (an
// item made of it). Text that only contains name (an option a blur chose
// or put back, "Portugal" for "Port") is not name.
func keeps(was, now choiceShown, name string) bool {
	if sameText(now.Text, name) {
		return true
	}
	for _, s := range now.Selected {
		if sameText(s, name) {
			return true
		}
	}
	return sameText(addedText(was.Around, now.Around), name)
}

// addedText is the text now shows where was showed less: what lies
// between the longest start and end they share.
func addedText(was, now string) string {
	w, n := []rune(was), []rune(now)
	i := 0
	for i < len(w) && i < len(n) && w[i] == n[i] {
		i++
	}
	j := 0
	for j < len(w)-i && j < len(n)-i && w[len(w)-1-j] == n[len(n)-1-j] {
		j++
	}
	return strings.TrimSpace(string(n[i : len(n)-j]))
}

// notKept is the not_applied error of a fill of the combobox el with name
// that picked nothing: no option of that name was offered, and the field
// shows shown once left, not the text; offered are the options its list
// showed.
func notKept(el *element, name, shown string, offered []string) error {
	list := "the list showed none"
	if len(offered) > 0 {
		more := ""
		if len(offered) > maxOffered {
			offered, more = offered[:maxOffered], ", …"
		}
		list = "the list showed: " + strings.Join(offered, ", ") + more
	}
	return events.Errorf(events.CodeNotApplied, "filling %s with %q picked nothing: no option of that name was offered (%s), and once left the field shows %q, not the text typed; fill it with one of the options, or type a few letters and pick from the list",
		el.describe(), short(name), list, short(shown)).
		WithDetails(events.ErrorDetails{Ref: el.ref, Wanted: new(name), Shown: new(capText(shown))})
}

// offered answers the option named exactly name (ignoring case) that the
// combobox el offers, or nil. A combobox that says it has a list is
// looked at again until optionWait has passed since typed (the time the
// text was typed); every combobox is looked at once.
func (a *attachment) offered(ctx context.Context, el *element, name string, typed time.Time) (*element, error) {
	deadline := typed
	var lists bool
	if err := el.callOn(ctx, jsLists, &lists); err != nil {
		return nil, err
	}
	if lists {
		deadline = deadline.Add(optionWait)
	}
	for {
		o, err := el.callHandle(ctx, jsOptionFind, runtime.CallArgument{Value: mustJSON(name)}, runtime.CallArgument{Value: mustJSON(true)})
		if err != nil {
			return nil, err
		}
		if opt := el.elementOf(o); opt != nil || time.Now().After(deadline) {
			return opt, nil
		}
		t := time.NewTimer(optionPoll)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
}

// choiceShown is what a custom combobox or listbox shows as its choice;
// see js/shows.js.
type choiceShown struct {
	Text     string   `json:"text"`
	Selected []string `json:"selected"`
	Around   string   `json:"around"`
}

// pickRadio checks the radio button of the group el labelled name.
func (a *attachment) pickRadio(ctx context.Context, el *element, name string) (events.ActionResult, error) {
	r, err := a.findNamed(ctx, el, jsRadioFind, name)
	if err != nil {
		return events.ActionResult{}, err
	}
	if r == nil {
		var shown struct {
			Options []string `json:"options"`
		}
		_ = el.callOn(ctx, jsRadioFind, &shown, name)
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "%s has no radio button labelled %q (it has: %s)", el.describe(), name, strings.Join(shown.Options, ", ")).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	defer r.release(ctx)
	in, err := r.info(ctx)
	if err != nil {
		return events.ActionResult{}, err
	}
	return a.checkElement(ctx, r, in, true)
}

// findNamed calls a finder (jsOptionFind, jsRadioFind) on el and answers
// the element it found, or nil.
func (a *attachment) findNamed(ctx context.Context, el *element, fn, name string) (*element, error) {
	o, err := el.callHandle(ctx, fn, runtime.CallArgument{Value: json.RawMessage(mustJSON(name))})
	if err != nil {
		return nil, err
	}
	return el.elementOf(o), nil
}
