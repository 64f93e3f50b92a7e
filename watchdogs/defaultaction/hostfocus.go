package defaultaction

import (
	"context"
	_ "embed"
	"strings"

	"github.com/mafredri/cdp/protocol/dom"

	"github.com/agentbrowser/agentbrowser/events"
)

// jsHostFocused answers whether an editable host has the keyboard; see
// js/host-focused.js.
//
//go:embed js/host-focused.js
var jsHostFocused string

// jsLastText answers an editable host's last text node, or null; see
// js/last-text.js.
//
//go:embed js/last-text.js
var jsLastText string

// jsCaretEnd puts the caret at the end of an editable host's content; see
// js/caret-end.js.
var jsCaretEnd = strings.Replace(caretEndJS, "__LAST_TEXT__", jsLastText, 1)

//go:embed js/caret-end.js
var caretEndJS string

// focusHost gives an editable host (a contenteditable element, a
// designMode body) the keyboard as a user does when it does not have it:
// a click where its text ends, or on it when it holds none, and the caret
// at the end of its content, so that typing goes on after what it holds.
// A click, not DOM focus alone: a page may learn from the press which of
// its blocks is the one being edited. A host that has the keyboard keeps
// its caret where the page or the agent put it. With force, the host is
// focused without a click.
func (a *attachment) focusHost(ctx context.Context, ed *element, force bool) error {
	var has bool
	if err := ed.callOn(ctx, jsHostFocused, &has); err != nil {
		return err
	}
	if has {
		return nil
	}
	if !force {
		if err := a.scrollIntoView(ctx, ed); err != nil {
			return err
		}
		p, ok, err := a.textEnd(ctx, ed)
		if err != nil {
			return err
		}
		if !ok {
			if p, err = a.aim(ctx, ed); err != nil {
				return err
			}
		}
		if err := a.mouseClick(ctx, ed.tab, p.x, p.y, events.ButtonLeft, 1, nil); err != nil {
			return err
		}
		if err := ed.callOn(ctx, jsHostFocused, &has); err != nil {
			return err
		}
	}
	if !has {
		// The click did not give it the keyboard (or force asked for
		// none): DOM focus, which clicks the host when that does not take.
		if err := a.focus(ctx, ed); err != nil {
			return err
		}
	}
	return ed.callOn(ctx, jsCaretEnd, nil)
}

// textEnd answers where a click lands just inside the last character of
// an editable host's text, in the tab's viewport, when a click there
// reaches the host; ok is false when the host shows no text, or when that
// point is out of view or covered (the caller then aims at the host as a
// click does).
func (a *attachment) textEnd(ctx context.Context, ed *element) (p point, ok bool, err error) {
	o, err := ed.callHandle(ctx, jsLastText)
	if err != nil {
		return point{}, false, err
	}
	t := ed.elementOf(o)
	if t == nil {
		return point{}, false, nil
	}
	defer t.release(ctx)
	vp, err := viewport(ctx, ed.tab)
	if err != nil {
		return point{}, false, err
	}
	fb, err := a.frameBox(ctx, ed.target, vp)
	if err != nil {
		return point{}, false, err
	}
	q, err := t.res.Client.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().SetObjectID(t.res.ObjectID))
	if err != nil || len(q.Quads) == 0 {
		return point{}, false, nil
	}
	r := quadRect(q.Quads[len(q.Quads)-1]).shift(fb.dx, fb.dy)
	if r.empty() {
		return point{}, false, nil
	}
	// Inside the last character's box, near its right edge: a click there
	// puts the caret after it.
	p = point{x: r.x1 - min(2, (r.x1-r.x0)/2), y: (r.y0 + r.y1) / 2, fx: fb.dx, fy: fb.dy}
	if p.x < fb.clip.x0 || p.x > fb.clip.x1 || p.y < fb.clip.y0 || p.y > fb.clip.y1 {
		return point{}, false, nil
	}
	at, cover, err := a.reach(ctx, ed, p, fb.clip)
	if err != nil || cover != "" {
		return point{}, false, err
	}
	return at, true, nil
}
