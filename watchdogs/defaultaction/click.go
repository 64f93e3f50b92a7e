package defaultaction

import (
	"context"
	"errors"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

func (a *attachment) clickElement(ctx context.Context, e events.ClickElementEvent) (events.ActionResult, error) {
	if err := Check(e); err != nil {
		return events.ActionResult{}, err
	}
	if e.Force {
		return a.forceClick(ctx, e)
	}
	ref, tab, err := a.refTab(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	var (
		in      elemInfo
		p       point
		picked  []optionInfo
		byLabel bool
	)
	once := func(ctx context.Context) error {
		// One round trip into the element's world (two in parallel in an
		// out-of-process frame) describes and aims at it; otherwise the
		// full path resolves a handle, describes, and aims with retries.
		var done, armed bool
		var err error
		in, p, done, armed, err = a.quickAim(ctx, tab, ref)
		if err != nil {
			return err
		}
		if !done {
			el, info, err := a.described(ctx, tab.ID, ref)
			if err != nil {
				return err
			}
			defer el.release(ctx)
			in = info
			if in.Tag == "option" && in.Dropdown {
				picked, err = a.pickOption(ctx, el)
				return err
			}
			if in.Tag != "select" {
				// An editor's text input that shows nothing of itself
				// is reached through the surface drawn around it.
				surface, err := a.editorSurface(ctx, el, in)
				if err != nil {
					return err
				}
				if surface != nil {
					defer surface.release(ctx)
					p, err = a.clickEditor(ctx, el, surface, e)
					return err
				}
				if p, err = a.aim(ctx, el); err != nil {
					// A checkbox or radio button hidden behind the label
					// that draws it is clicked there (checkElement).
					if in.Checkable != "" {
						if clicked, lerr := a.clickLabel(ctx, el, err); lerr != nil || clicked {
							byLabel = clicked
							return lerr
						}
					}
					return err
				}
			}
		}
		if in.Tag == "select" {
			return &selectClicked{options: in.Options, multiple: in.Multiple}
		}
		if armed {
			return a.clickArmed(ctx, tab, ref, p, e)
		}
		return a.mouseClick(ctx, tab, p.x, p.y, e.Button, e.ClickCount, e.Modifiers)
	}
	res, err := a.observe(ctx, tab, func(ctx context.Context) error {
		// A click the page withheld because it moved the element away
		// from the point before the press clicked nothing: aim again
		// where the element is now, a few times, then say so.
		var err error
		for range missedTries {
			var m *missedPress
			if err = once(ctx); !errors.As(err, &m) {
				return err
			}
		}
		return movedError(ref, in, err)
	})
	var sel *selectClicked
	if errors.As(err, &sel) {
		return selectResult(tab, ref, sel.options, sel.multiple), nil
	}
	if err != nil {
		return res, err
	}
	if picked != nil {
		if res.Dialog == nil {
			res.Details = events.ActionDetails{Selected: picked}
		}
		return res, nil
	}
	if res.Dialog == nil {
		if !byLabel {
			res.Details.X, res.Details.Y = new(p.x), new(p.y)
		}
		if in.Disabled {
			res.Details.Disabled = true
		}
		if in.Download && !res.Navigated {
			res.MayDownload = true
		}
	}
	return res, nil
}

// missedTries bounds how many times a click aims again at an element the
// page keeps moving away from the point between the aim and the press.
const missedTries = 3

// movedError says that the page moved the element named by ref (described
// by in) away from the point each time a click aimed at it, so that
// nothing was clicked; err is the last missedPress.
func movedError(ref events.Ref, in elemInfo, err error) error {
	var m *missedPress
	errors.As(err, &m)
	return events.Errorf(events.CodeElementCovered, "element %s moved each time the click was sent: at the press, %s was at (%.0f, %.0f); nothing was clicked; take a new snapshot once the page has settled, and click again", strings.TrimSpace(string(ref)+" "+in.Role), m.what, m.p.x, m.p.y).
		WithDetails(events.ErrorDetails{Ref: ref, Covering: m.what})
}

// pickOption picks an option of a drop-down <select>, as a user does from
// its popup (which is drawn outside the page, where no click reaches):
// unless the <select> is hidden behind a widget of the page's own.
func (a *attachment) pickOption(ctx context.Context, el *element) ([]optionInfo, error) {
	if err := a.concealed(ctx, el, "click"); err != nil {
		return nil, err
	}
	var out struct {
		Error    string       `json:"error"`
		Selected []optionInfo `json:"selected"`
	}
	if err := el.callOn(ctx, jsPickOption, &out); err != nil {
		return nil, err
	}
	if out.Error != "" {
		return nil, events.Errorf(events.CodeInvalidArgument, "click on %s: %s", el.describe(), out.Error).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	return append([]optionInfo{}, out.Selected...), nil
}

// selectClicked stops a click on a <select> before any input: its native
// popup is drawn outside the page, where no snapshot or click reaches it.
type selectClicked struct {
	options  []optionInfo
	multiple bool
}

func (*selectClicked) Error() string { return "a <select> is not opened by clicking" }

// selectResult lists a <select>'s options instead of clicking it.
func selectResult(tab *session.Target, ref events.Ref, options []optionInfo, multiple bool) events.ActionResult {
	return events.ActionResult{TabID: tab.ID, Details: events.ActionDetails{
		Options:  append([]events.OptionInfo{}, options...), // [] for a <select> with none
		Multiple: new(multiple),
		Hint:     "a <select> is not opened by clicking; use select " + string(ref) + " VALUE...",
	}}
}
