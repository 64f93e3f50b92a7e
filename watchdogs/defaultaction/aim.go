package defaultaction

import (
	"context"
	_ "embed"
	"errors"
	"strings"
)

// jsAimInPage does in one call into the isolated world what scrollIntoView,
// clickPoint and hit do in five CDP round trips, for an element of a tab's
// top document: scroll it into view if needed, take the centre of the
// largest part of its boxes inside the viewport, and hit-test there. It
// returns null whenever the fast path cannot answer exactly (the element is
// gone or has no visible box, it lives in a child frame, the visual
// viewport is zoomed or panned); the caller then takes the CDP path, which
// also gives the precise error.
//
// When the scroll moved the element, it aims once the page has drawn
// twice since: a page may lay itself out again in answer to a scroll (a
// virtual grid renders the rows now in view, which moves them), and a
// point taken at once would land on another row.
//
// Where the hit test at the centre fails, jsReach tries other points.
var jsAimInPage = strings.Replace(aimInPageJS, "__REACH__", jsReach, 1)

// jsReach(x, y, clip) answers where a click reaches the element: (x, y)
// when jsHit's test there does, else the first of a few points inside
// the parts of its boxes that layout leaves visible (jsParts) where it
// does, or, when none does, what covers it at (x, y). Points are in the
// viewport of the element's world; clip bounds them (null: no bound).
var jsReach = strings.NewReplacer("__HIT__", jsHit, "__PARTS__", jsParts).Replace(reachJS)

//go:embed js/reach.js
var reachJS string

// jsParts(el) answers the parts of el's boxes that layout leaves visible
// in its document's viewport, largest first: cut to the viewport and to
// the ancestors that clip it by layout (not every ancestor whose style
// hides overflow: an absolutely positioned box escapes those that are not
// its containing block).
//
//go:embed js/parts.js
var jsParts string

//go:embed js/aim-in-page.js
var aimInPageJS string

// aimInPage runs jsAimInPage. ok is false when the fast path declined and
// the caller must take the CDP path.
func (a *attachment) aimInPage(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	var r *aimJS
	if err := el.callOn(ctx, jsAimInPage, &r); err != nil {
		return point{}, "", false, err
	}
	if r == nil {
		return point{}, "", false, nil
	}
	return point{x: r.X, y: r.Y}, r.cover(), true, nil
}

// aimInFrame aims at an element of an out-of-process frame whose parent is
// the tab's page: the frame's own world aims as in aimInPage (in frame
// coordinates) while, at the same time, the top document's world scrolls
// the frame's <iframe> into view and measures its content box and the
// viewport (jsFrameBox). ok is false when the fast path declines (nested
// frames, an <iframe> no snapshot has seen, no visible point).
func (a *attachment) aimInFrame(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	parent, found := a.s.TargetBySession(el.target.ParentSessionID)
	if !found || !parent.IsPage() {
		return point{}, "", false, nil
	}
	boxc := ownerBoxOf(ctx, a.engine(el.tab), el.ref)
	in, cover, ok, err := a.aimInPage(ctx, el)
	fb := <-boxc
	if err != nil {
		return point{}, "", false, err
	}
	if !ok || !fb.ok {
		return point{}, "", false, nil
	}
	if fb.b.Moved {
		return a.aimNewFrame(ctx, el.tab, el.ref)
	}
	p, ok = fb.b.place(in)
	return p, cover, ok, nil
}

// errDeclined marks a fast path that cannot answer; the caller takes the
// CDP path, which explains the failure precisely.
var errDeclined = errors.New("fast path declined")
