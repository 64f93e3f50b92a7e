package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"
	"time"

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
	case in.Role == "combobox" || in.Role == "listbox":
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
	if in.Editable && in.Role == "combobox" {
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
	if opt == nil && in.Role == "combobox" {
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
	case in.Role == "combobox" && tookText("", shows.Text, name, true):
		return res, nil
	case in.Role == "combobox" && shows.Around != "" && !tookText("", was.Around, name, true) && tookText("", shows.Around, name, true):
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

// typePick fills a combobox the user types into (a search field over a
// list of options) as a user does: it types name after a clear, as into
// any field, then clicks the option the list offers under exactly that
// name (ignoring case), so that the widget takes the choice and not only
// the text. A list that offers no such option within optionWait leaves
// the typed text as the value (a free-text field with suggestions).
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
	if err != nil || opt == nil {
		return res, err
	}
	defer opt.release(ctx)
	return a.clickOption(ctx, el, in, opt, name)
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
