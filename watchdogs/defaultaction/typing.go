package defaultaction

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
)

// typeText focuses the element, optionally clears it, inserts the text in
// one Input.insertText (by quickType when it can) (one edit with beforeinput and input events, as an
// IME commit, so controlled inputs of frameworks keep it), and optionally
// presses Enter.
func (a *attachment) typeText(ctx context.Context, e events.TypeTextEvent) (events.ActionResult, error) {
	if e.Ref == "" {
		tab, err := a.s.Tab(e.TabID)
		if err != nil {
			return events.ActionResult{}, err
		}
		return a.observe(ctx, tab, func(ctx context.Context) error {
			if e.Text != "" {
				if err := tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
					return fmt.Errorf("inserting text: %w", err)
				}
			}
			if e.Submit {
				return press(ctx, tab.Client, chord{key: namedKeys["enter"]})
			}
			return nil
		})
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
	in, err := el.info(ctx)
	if err != nil {
		return events.ActionResult{}, err
	}
	if !in.Editable {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is not editable (want an input, a textarea or a contenteditable)", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	if in.Disabled {
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "element %s is disabled", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	if err := a.concealed(ctx, el, "type"); err != nil {
		return events.ActionResult{}, err
	}
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		if err := a.focus(ctx, el); err != nil {
			return err
		}
		if e.Clear {
			if err := a.clear(ctx, el); err != nil {
				return err
			}
		}
		if e.Text != "" {
			if err := el.tab.Client.Input.InsertText(ctx, input.NewInsertTextArgs(e.Text)); err != nil {
				return fmt.Errorf("inserting text: %w", err)
			}
		}
		if e.Submit {
			return press(ctx, el.tab.Client, chord{key: namedKeys["enter"]})
		}
		return nil
	})
	if err != nil || res.Dialog != nil || e.Submit {
		return res, err
	}
	var v string
	if err := el.callOn(ctx, jsValue, &v); err == nil && in.Type != "password" {
		res.Details = events.ActionDetails{Value: new(v)}
	}
	return res, nil
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
