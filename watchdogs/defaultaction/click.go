package defaultaction

import (
	"context"
	"errors"
	"time"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// coverRetry bounds how long a click waits for an element to stop being
// covered (an animation, a toast fading out) before it reports
// element_covered.
const (
	coverRetry      = 1500 * time.Millisecond
	coverRetryFirst = 25 * time.Millisecond
	coverRetryMax   = 250 * time.Millisecond
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
		in     elemInfo
		p      point
		picked []optionInfo
	)
	res, err := a.observe(ctx, tab, func(ctx context.Context) error {
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
			el, err := a.element(ctx, tab.ID, ref)
			if err != nil {
				return err
			}
			defer el.release(ctx)
			if in, err = el.info(ctx); err != nil {
				return err
			}
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
		res.Details.X, res.Details.Y = new(p.x), new(p.y)
		if in.Disabled {
			res.Details.Disabled = true
		}
		if in.Download && !res.Navigated {
			res.MayDownload = true
		}
	}
	return res, nil
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

func (a *attachment) hover(ctx context.Context, e events.HoverEvent) (events.ActionResult, error) {
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	var (
		p      point
		script bool
	)
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		var err error
		if e.Force {
			p, script, err = a.aimForced(ctx, el)
			if script {
				return el.callOn(ctx, jsClick, nil, "left", 0, []string{}, true)
			}
		} else {
			p, err = a.aim(ctx, el)
		}
		if err != nil {
			return err
		}
		err = el.tab.Client.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mouseMoved", p.x, p.y))
		a.setPointer(el.tab.ID, pointerAt{p.x, p.y}, err == nil)
		return err
	})
	if err != nil {
		return res, err
	}
	switch {
	case res.Dialog != nil:
	case script:
		res.Details = events.ActionDetails{Forced: true}
	default:
		res.Details = events.ActionDetails{X: new(p.x), Y: new(p.y)}
	}
	return res, nil
}

// aimCDP finds the element's click point with CDP calls (clickPoint) and
// checks it, or other points of the element, with the hit test (reach),
// after scrollIntoView.
func (a *attachment) aimCDP(ctx context.Context, el *element) (point, string, error) {
	p, clip, err := a.clickPoint(ctx, el)
	if err != nil {
		return point{}, "", err
	}
	return a.reach(ctx, el, p, clip)
}

// aim scrolls the element into view and finds a point where a click
// reaches it. While something covers it, aim retries for a short, bounded
// time (within the budget), then fails with element_covered naming what is
// on top.
func (a *attachment) aim(ctx context.Context, el *element) (point, error) {
	fast := true
	limit := time.Now().Add(coverRetry)
	if dl, ok := ctx.Deadline(); ok {
		if half := time.Now().Add(time.Until(dl) / 2); half.Before(limit) {
			limit = half
		}
	}
	wait := coverRetryFirst
	for {
		p, cover, err := a.aimOnce(ctx, el, &fast)
		if err == nil {
			if cover == "" {
				return p, nil
			}
			err = coveredError(el, cover, p)
		}
		if !errors.Is(err, events.ErrElementCovered) || time.Now().Add(wait).After(limit) {
			return point{}, err
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return point{}, err
		}
		wait = min(wait*2, coverRetryMax)
	}
}

// aimOnce scrolls the element into view and returns a point where a click
// reaches it, or, when none does, the centre of its largest visible part
// and what covers it there. An element of a tab's top document is aimed at
// in one round trip, one of an out-of-process frame in one plus the
// parent's measure in parallel; when a fast path declines, *fast turns
// false and this and later attempts take the CDP calls.
func (a *attachment) aimOnce(ctx context.Context, el *element, fast *bool) (p point, cover string, err error) {
	if *fast {
		var ok bool
		aimFast := a.aimInPage
		if !el.target.IsPage() {
			aimFast = a.aimInFrame
		}
		if p, cover, ok, err = aimFast(ctx, el); err != nil || ok {
			return p, cover, err
		}
		*fast = false
		if err := a.scrollIntoView(ctx, el); err != nil {
			return point{}, "", err
		}
	}
	if el.target.IsPage() {
		return a.aimCDP(ctx, el)
	}
	// The frame's place may have changed with the scroll (its own, or the
	// page's): confirm the route first.
	p, cover, _, err = a.routeInto(ctx, el.tab, func() (point, string, bool, error) {
		if err := el.callOn(ctx, jsMoveArm, nil); err != nil {
			return point{}, "", false, err
		}
		p, cover, err := a.aimCDP(ctx, el)
		return p, cover, err == nil, err
	}, func(local point, last bool) bool {
		var seen bool
		err := el.callOn(ctx, jsMoveSeen, &seen, local.x, local.y, last)
		return err != nil || seen
	})
	return p, cover, err
}

// coveredError is the element_covered error of an element that no point
// of its visible parts reaches: cover is on top of it at p, or, when it is
// coverNoBox, layout leaves none of it visible.
func coveredError(el *element, cover string, p point) error {
	if cover == coverNoBox {
		return events.Errorf(events.CodeElementCovered, "element %s has no visible part: it lies outside the viewport or the ancestors that hold it clip it away; scroll it (or its container) into view, or use force", el.describe()).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: cover})
	}
	return events.Errorf(events.CodeElementCovered, "element %s is covered by %s at (%.0f, %.0f) and at every other point of it tried; close or scroll away what covers it, or use force", el.describe(), cover, p.x, p.y).
		WithDetails(events.ErrorDetails{Ref: el.ref, Covering: cover})
}
