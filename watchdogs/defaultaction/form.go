package defaultaction

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mafredri/cdp/protocol/dom"

	"github.com/agentbrowser/agentbrowser/events"
)

func (a *attachment) selectOption(ctx context.Context, e events.SelectOptionEvent) (events.ActionResult, error) {
	if len(e.Values) == 0 {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "select needs at least one value or label")
	}
	el, in, err := a.described(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	if len(e.Values) == 1 && in.drawnChoice() {
		// A list the page draws itself: pick the option as fill does,
		// as a user does from what the widget shows.
		return a.pickCustom(ctx, el, in, e.Values[0])
	}
	return a.selectElement(ctx, el, e.Values)
}

// selectElement selects the options values name in el's <select> (each by
// value or label, see jsSelect), with input and change, and reads back,
// once the page has settled, the options selected: when a handler put
// another choice back, it fails with not_applied naming what is selected.
func (a *attachment) selectElement(ctx context.Context, el *element, values []string) (events.ActionResult, error) {
	if err := a.concealed(ctx, el, "select"); err != nil {
		return events.ActionResult{}, err
	}
	var out struct {
		Error    string       `json:"error"`
		Options  []optionInfo `json:"options"`
		Picked   []optionInfo `json:"picked"`
		Selected []optionInfo `json:"selected"`
	}
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		return el.callOn(ctx, jsSelect, &out, values)
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	if out.Error != "" {
		ce := events.Errorf(events.CodeInvalidArgument, "select on %s: %s", el.describe(), out.Error).WithDetails(events.ErrorDetails{Ref: el.ref})
		if out.Options != nil {
			ce.Details.Options = out.Options
		}
		return events.ActionResult{}, ce
	}
	asked := out.Picked
	var now []optionInfo
	if err := el.callOn(ctx, jsSelectedNow, &now); err != nil {
		return res, err
	}
	res.Details.Selected = now
	if !sameOptions(asked, now) {
		return res, notApplied(el, "selecting in "+el.describe(), optionLabels(asked), optionLabels(now), false)
	}
	return res, nil
}

// jsSelectedNow reads the options a <select> has selected.
//
//go:embed js/selected-now.js
var jsSelectedNow string

// sameOptions reports whether two lists of options name the same ones.
func sameOptions(a, b []optionInfo) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Value != b[i].Value || a[i].Label != b[i].Label {
			return false
		}
	}
	return true
}

// optionLabels lists options' labels for a message.
func optionLabels(o []optionInfo) string {
	l := make([]string, len(o))
	for i, x := range o {
		l[i] = x.Label
	}
	return strings.Join(l, ", ")
}

func (a *attachment) setChecked(ctx context.Context, e events.SetCheckedEvent) (events.ActionResult, error) {
	el, in, err := a.described(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	return a.checkElement(ctx, el, in, e.Checked)
}

// checkElement puts el (described by in) in the checked state asked,
// clicking it (or its label, for a checkbox with no box of its own) only
// when needed, and reads the state back once the page has settled: when
// the page keeps the other state, it fails with not_applied.
func (a *attachment) checkElement(ctx context.Context, el *element, in elemInfo, checked bool) (events.ActionResult, error) {
	if in.Checkable == "" {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is not a checkbox, radio button or switch", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	if !checked && (in.Checkable == "radio" || in.Role == "radio" || in.Role == "menuitemradio") {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "radio button %s cannot be unchecked; check another one of its group", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	if in.Disabled {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is disabled", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	res := events.ActionResult{TabID: el.tab.ID}
	if in.Checked != checked {
		var err error
		res, err = a.observe(ctx, el.tab, func(ctx context.Context) error {
			p, err := a.aim(ctx, el)
			if err != nil {
				// With no label drawn, the page shows some widget of its
				// own in its place, which the error names.
				if clicked, lerr := a.clickLabel(ctx, el, err); lerr != nil || clicked {
					return lerr
				}
				if boxless(err) {
					if cerr := a.concealed(ctx, el, "check"); cerr != nil {
						return cerr
					}
				}
				return err
			}
			return a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil)
		})
		if err != nil || res.Dialog != nil {
			return res, err
		}
		if in, err = el.info(ctx); err != nil {
			return res, err
		}
		if in.Checked != checked {
			res.Details = events.ActionDetails{Checked: new(in.Checked)}
			return res, notApplied(el, "clicking "+el.describe(), checkedWord(checked), checkedWord(in.Checked), false)
		}
	}
	res.Details = events.ActionDetails{Checked: new(in.Checked)}
	return res, nil
}

// boxless says whether err is aim's element_covered for an element that
// has no box of its own to click (hidden, or drawn nowhere).
func boxless(err error) bool {
	var ce *events.Error
	return errors.As(err, &ce) && ce.Code == events.CodeElementCovered && (ce.Details.Covering == coverNoBox || ce.Details.Covering == coverHidden)
}

// clickLabel clicks, for a checkbox or radio button that has no box of its
// own (aimErr, aim's error, says so), the first of its labels the page
// draws, as a user does: a native input hidden behind a styled label is
// toggled by a click on that label. It answers whether it clicked one.
func (a *attachment) clickLabel(ctx context.Context, el *element, aimErr error) (bool, error) {
	if !boxless(aimErr) {
		return false, nil
	}
	var clicked bool
	if err := el.callOn(ctx, jsClickLabel, &clicked); err != nil {
		return false, err
	}
	return clicked, nil
}

func checkedWord(b bool) string {
	if b {
		return "checked"
	}
	return "unchecked"
}

func (a *attachment) uploadFile(ctx context.Context, e events.UploadFileEvent) (events.ActionResult, error) {
	if len(e.Files) == 0 {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "upload needs at least one file")
	}
	files := make([]string, len(e.Files))
	for i, f := range e.Files {
		abs, err := CheckUploadFile(f)
		if err != nil {
			return events.ActionResult{}, err
		}
		files[i] = abs
	}
	el, in, err := a.described(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	if in.Tag != "input" || in.Type != "file" {
		fileIn, err := a.fileInputFor(ctx, el)
		if err != nil {
			return events.ActionResult{}, err
		}
		defer fileIn.release(ctx)
		if in, err = fileIn.info(ctx); err != nil {
			return events.ActionResult{}, err
		}
		el = fileIn
	}
	if len(files) > 1 && !in.Multiple {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "file input %s takes one file, got %d", el.describe(), len(files))
	}
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		err := el.res.Client.DOM.SetFileInputFiles(ctx, dom.NewSetFileInputFilesArgs(files).SetObjectID(el.res.ObjectID))
		if err != nil {
			return el.gone(fmt.Errorf("setting files of %s: %w", el.ref, err))
		}
		// Read back at once: a page may empty the input once it has read
		// the files (to let the same file be picked again), which is no
		// refusal.
		var names []string
		if err := el.callOn(ctx, jsFileNames, &names); err != nil {
			return err
		}
		if len(names) != len(files) {
			return notApplied(el, "setting the files of "+el.describe(), strconv.Itoa(len(files))+" files", strconv.Itoa(len(names))+" files", false)
		}
		return nil
	})
	if err == nil && res.Dialog == nil {
		res.Details = events.ActionDetails{Files: files}
	}
	return res, err
}

// fileInputFor is the file input el (not one) stands for: see
// js/file-input-for.js. A button that opens a hidden file input's chooser
// takes the files the input would. It fails with invalid_argument when
// there is none, or several and none closer than the others.
func (a *attachment) fileInputFor(ctx context.Context, el *element) (*element, error) {
	o, err := el.callHandle(ctx, jsFileInputFor)
	if err != nil {
		return nil, err
	}
	if fileIn := el.elementOf(o); fileIn != nil {
		return fileIn, nil
	}
	return nil, events.Errorf(events.CodeInvalidArgument, "element %s is not a file input (<input type=file>) and opens none: give the ref of the file input, or of the button beside it that picks the files", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
}

// jsFileInputFor finds the file input an element stands for.
//
//go:embed js/file-input-for.js
var jsFileInputFor string

// jsFileNames lists the names of the files a file input holds.
//
//go:embed js/file-names.js
var jsFileNames string
