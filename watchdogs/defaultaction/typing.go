package defaultaction

import (
	"context"
	"errors"
	"fmt"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
)

// typeText types e.Text into the element e.Ref names (see typeEditor), or
// into whatever has focus when it names none, optionally clearing it first
// and pressing Enter after, and checks that the page took the text.
func (a *attachment) typeText(ctx context.Context, e events.TypeTextEvent) (events.ActionResult, error) {
	if e.Ref == "" {
		return a.typeFocused(ctx, e)
	}
	if r, err := events.ReadTarget(string(e.Ref)); err == nil {
		e.Ref = r
	}
	if events.IsLocator(string(e.Ref)) {
		// Resolved once, for the fast path and the full one alike: a
		// second lookup would cost a round trip and could find another
		// element should the page have changed in between.
		ref, _, err := a.refTab(ctx, e.TabID, e.Ref)
		if err != nil {
			return events.ActionResult{}, err
		}
		e.Ref = ref
	}
	if res, ok, err := a.quickType(ctx, e); ok {
		return res, err
	}
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	return a.typeElement(ctx, el, e)
}

// typeElement types into el (see typeEditor), pressing Enter after with
// e.Submit, and reports what the page shows.
func (a *attachment) typeElement(ctx context.Context, el *element, e events.TypeTextEvent) (events.ActionResult, error) {
	var out typed
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		var err error
		if out, err = a.typeEditor(ctx, el, e); err != nil {
			return err
		}
		if e.Submit {
			return press(ctx, el.tab.Client, chord{key: namedKeys["enter"]})
		}
		return errSettled
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	if !e.Submit {
		res.Details.Value = out.value
		res.Details.Editor = out.editor
	}
	return res, nil
}

// typeFocused types e.Text into whatever has focus, with a watch armed in
// the page before it: text that changed nothing (nothing focused takes
// text) fails with not_applied.
func (a *attachment) typeFocused(ctx context.Context, e events.TypeTextEvent) (events.ActionResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ActionResult{}, err
	}
	var value *string
	res, err := a.observe(ctx, tab, func(ctx context.Context) error {
		if e.Text != "" {
			err := a.watchedInput(ctx, tab, typeTake, func(ctx context.Context) error {
				if err := tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
					return fmt.Errorf("inserting text: %w", err)
				}
				return nil
			})
			var sw *settledWith
			if errors.As(err, &sw) && !tookFocused(sw.eff, e.Text) {
				return events.Errorf(events.CodeNotApplied, "typing %q changed no field: what has focus does not take text, or rejected it; give the field's ref, or click it first", short(e.Text)).
					WithDetails(events.ErrorDetails{Wanted: new(e.Text)})
			}
			if err != nil && !errors.Is(err, errSettled) {
				return err
			}
			if sw != nil {
				value = sw.eff.Value
			}
		}
		if e.Submit {
			return press(ctx, tab.Client, chord{key: namedKeys["enter"]})
		}
		return errSettled
	})
	if err == nil {
		// A typing's details are the field's value, not a click's.
		res.Details = events.ActionDetails{Value: value}
	}
	return res, err
}

// focus gives the element keyboard focus, scrolling it into view. If
// DOM.focus does not take (some widgets move focus on mousedown), it clicks
// the element.
func (a *attachment) focus(ctx context.Context, el *element) error {
	if err := a.scrollIntoView(ctx, el); err != nil {
		return err
	}
	if err := el.res.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetObjectID(el.res.ObjectID)); err != nil {
		return el.gone(fmt.Errorf("focusing %s: %w", el.ref, err))
	}
	var focused bool
	if err := el.callOn(ctx, jsFocused, &focused); err != nil {
		return err
	}
	if focused {
		return nil
	}
	p, err := a.aim(ctx, el)
	if err != nil {
		return err
	}
	return a.mouseClick(ctx, el.tab, p.x, p.y, events.ButtonLeft, 1, nil)
}

// clear empties the focused element with select-all and Delete, so that
// frameworks see a user edit, and verifies it; when script put text back,
// it falls back to the native value setter plus an input event.
func (a *attachment) clear(ctx context.Context, el *element) error {
	if err := el.callOn(ctx, jsSelectAll, nil); err != nil {
		return err
	}
	if err := press(ctx, el.tab.Client, chord{key: namedKeys["delete"]}); err != nil {
		return err
	}
	var v string
	if err := el.callOn(ctx, jsValue, &v); err != nil {
		return err
	}
	if v == "" || v == "\n" {
		return nil
	}
	if err := el.callOn(ctx, jsForceClear, nil); err != nil {
		return err
	}
	if err := el.callOn(ctx, jsValue, &v); err != nil {
		return err
	}
	if v != "" && v != "\n" {
		return events.Errorf(events.CodeInvalidArgument, "element %s could not be cleared: it still holds %q", el.describe(), v)
	}
	return nil
}

// tookFocused reports whether text typed into whatever had focus was taken,
// by what the watch saw: the focused field's value changed to include it,
// or, for an element with no value (one that takes keys and draws the
// text itself), the page changed without focus moving. A watch that could
// not see into the focused frame takes it as taken.
func tookFocused(eff *pageEffect, text string) bool {
	switch {
	case eff.Blind:
		return true
	case eff.Value != nil:
		return tookText("", *eff.Value, text, true)
	}
	return eff.Changed && eff.Focus == nil
}
