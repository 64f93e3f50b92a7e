package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
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
var jsAimInPage = strings.NewReplacer("__REACH__", jsReach, "__INTOVIEW__", jsIntoView).Replace(aimInPageJS)

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
	p, cover, ok = r.aimed()
	return p, cover, ok, nil
}

// jsInfoAim(arm) describes the element (jsInfo) and, unless it is a
// <select> or gone, aims at it (jsAimInPage), in one call: {info, aim,
// armed}, aim null when the fast path declines. With arm, when the aim
// found the element uncovered, its document starts counting releases for
// jsSettleArmed, and withholds the click when its press does not reach the
// element where the page has moved it since the aim (missedPress).
var jsInfoAim = strings.NewReplacer("__INFO__", jsInfo, "__AIM__", jsAimInPage, "__WATCH__", jsWatch, "__HIT__", jsHit).Replace(infoAimJS)

//go:embed js/info-aim.js
var infoAimJS string

// aimJS is jsAimInPage's and jsReach's answer: where to click, and what
// covers the element there ("" when nothing does); Clipped says that no
// part of its boxes is left visible by layout.
type aimJS struct {
	X, Y    float64
	Cover   string
	Clipped bool
}

// aimed is the answer of jsAimInPage (or a script that ends with it) as a
// point in its world's viewport and what covers the element there; ok is
// false when the fast path declined (the answer was null).
func (r *aimJS) aimed() (p point, cover string, ok bool) {
	if r == nil {
		return point{}, "", false
	}
	return point{x: r.X, y: r.Y}, r.cover(), true
}

// cover is what covers the element, coverNoBox when layout leaves none of
// it visible.
func (r *aimJS) cover() string {
	if r.Cover != "" && r.Clipped {
		return coverNoBox
	}
	return r.Cover
}

// infoAim is jsInfoAim's answer.
type infoAim struct {
	Info elemInfo `json:"info"`
	Aim  *aimJS   `json:"aim"`
	// Armed says that the element's document now counts the releases of
	// the click that follows (see jsSettleArmed).
	Armed bool `json:"armed"`
}

// quickAim looks ref's element up, describes it and aims at it without
// keeping a handle: one round trip into its world for an element of the
// tab's top document, and for one of an out-of-process frame whose parent
// is the top document, that call in the frame's world in parallel with one
// in the top document's world, on the <iframe>, for its box. done is false
// when the fast path cannot answer (a child frame of the same process, a
// nested frame, no visible box, a covered element, a zoomed view, an
// unexpected error): the caller then takes the full path (resolve, info,
// aim with retries), which handles every case and explains failures. With
// done true, in is the element's info and, unless it is a <select>, p is
// where a click reaches it; armed says that the element is in the tab's
// top document, which counts the releases of the click that follows, so
// that clickArmed can settle it.
func (a *attachment) quickAim(ctx context.Context, tab *session.Target, ref events.Ref) (in elemInfo, p point, done, armed bool, err error) {
	eng := a.engine(tab)
	var boxc <-chan ownerBox
	if frame := a.refFrame(eng, tab, ref); frame != nil {
		var ok bool
		if boxc, ok = a.measureOwner(ctx, eng, frame, ref); !ok {
			return in, p, false, false, nil
		}
	}
	// Only a click in the top document settles by its armed release.
	c, err := eng.Call(ctx, ref, jsInfoAim, json.RawMessage(strconv.FormatBool(boxc == nil)))
	var fb ownerBox
	if boxc != nil {
		fb = <-boxc
	}
	if err != nil {
		return in, p, false, false, refCallError(err)
	}
	var r infoAim
	if err := json.Unmarshal(c.Value, &r); err != nil {
		return in, p, false, false, nil
	}
	in = r.Info
	if !in.Connected {
		return in, p, false, false, staleRef(c.Ref)
	}
	if in.Tag == "select" {
		return in, p, true, false, nil
	}
	p, cover, ok := r.Aim.aimed()
	if !ok || cover != "" {
		return in, p, false, false, nil
	}
	if boxc == nil {
		if c.Client != tab.Client {
			// The element lives in a frame the ref's lookup did not
			// expect: take the full path.
			return in, p, false, false, nil
		}
		return in, p, true, r.Armed, nil
	}
	p, cover, ok, err = a.inTab(ctx, tab, ref, fb, p, cover)
	return in, p, ok && err == nil && cover == "", false, nil
}

// coverRetry bounds how long a click waits for an element to stop being
// covered (an animation, a toast fading out) before it reports
// element_covered.
const (
	coverRetry      = 1500 * time.Millisecond
	coverRetryFirst = 25 * time.Millisecond
	coverRetryMax   = 250 * time.Millisecond
)

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
		if errors.As(err, new(heldErr)) {
			// A box the page moves itself kept it out of view: the next
			// attempt brings it into view again, as the box may still be
			// moving it there (a carousel's slide in transition).
			fast = true
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
	if how, ok := strings.CutPrefix(cover, coverPassThrough); ok {
		return events.Errorf(events.CodeElementCovered, "element %s takes no pointer input: pointer-events: none on %s, as a page sets while a modal menu or dialog is open; close that first (press Escape) or act in what is open", el.describe(), how).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: cover})
	}
	return events.Errorf(events.CodeElementCovered, "element %s is covered by %s at (%.0f, %.0f) and at every other point of it tried; close or scroll away what covers it, or use force", el.describe(), cover, p.x, p.y).
		WithDetails(events.ErrorDetails{Ref: el.ref, Covering: cover})
}

// scrollIntoView scrolls, for an element of an out-of-process frame, each
// <iframe> element into view in its parent, the outermost first, and then
// the element into view inside its frame. In that order: scrolling an
// element into view inside a frame also asks every ancestor document to
// show it, by messages that reach those documents later; once each
// <iframe> is in view those asks find nothing to do, where otherwise one
// could move a frame after the click had aimed
// (TestClickNestedOOPIFBelowTheFold). The element itself comes into view
// as a user could bring it (show): a box the page scrolls itself that
// keeps it out of view fails the action.
func (a *attachment) scrollIntoView(ctx context.Context, el *element) error {
	type owner struct {
		parent *session.Target
		frame  events.TargetID
		node   dom.BackendNodeID
	}
	var owners []owner
	for t := el.target; !t.IsPage(); {
		parent, ok := a.s.TargetBySession(t.ParentSessionID)
		if !ok {
			break
		}
		o, err := parent.Client.DOM.GetFrameOwner(ctx, dom.NewGetFrameOwnerArgs(page.FrameID(t.ID)))
		if err != nil {
			return fmt.Errorf("finding the iframe of frame %s: %w", t.ID, err)
		}
		owners = append(owners, owner{parent, t.ID, o.BackendNodeID})
		t = parent
	}
	moved := false
	for i := len(owners) - 1; i >= 0; i-- {
		o := owners[i]
		box := dom.NewGetBoxModelArgs().SetBackendNodeID(o.node)
		before, _ := o.parent.Client.DOM.GetBoxModel(ctx, box)
		if err := o.parent.Client.DOM.ScrollIntoViewIfNeeded(ctx, dom.NewScrollIntoViewIfNeededArgs().SetBackendNodeID(o.node)); err != nil {
			return fmt.Errorf("scrolling the iframe of frame %s into view: %w", o.frame, err)
		}
		after, _ := o.parent.Client.DOM.GetBoxModel(ctx, box)
		if before != nil && after != nil && quadRect(before.Model.Border) != quadRect(after.Model.Border) {
			framesDrawn(ctx, o.parent)
			moved = true
		}
	}
	if err := a.show(ctx, el); err != nil {
		return err
	}
	if moved {
		// The frame itself, throttled while off screen, draws at its new
		// place before it takes input.
		_ = el.callOn(ctx, jsFramesDrawn, nil)
	}
	return nil
}

// notVisible explains the CDP error for an element without a layout box.
func notVisible(el *element, err error) error {
	if containsAny(err.Error(), "Node does not have a layout object", "has no layout", "Could not compute content quads") {
		return events.Errorf(events.CodeElementCovered, "element %s is not visible (it has no box on the page)", el.describe()).WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverHidden})
	}
	return err
}

// What element_covered errors name when no element is on top: the target
// itself has no box to click.
const (
	coverHidden = "nothing (the element is hidden)"
	coverNoBox  = "nothing (the element has no visible box)"
	// coverPassThrough starts the cover of an element the pointer goes
	// through to what holds it (pointer-events: none on it or an
	// ancestor, js/hit.js); the rest names that element.
	coverPassThrough = "nothing: pointer-events: none on "
)

// point is where to click the element: the centre of the largest visible
// part of its content quads, in tab viewport coordinates, plus the offset
// of the element's frame process root for hit-testing there.
type point struct {
	x, y   float64
	fx, fy float64 // the element's world's viewport origin in the tab
}

// clickPoint computes the element's click point, and the part of the tab
// its frame shows (the viewport, or an out-of-process frame's visible box
// in it).
func (a *attachment) clickPoint(ctx context.Context, el *element) (point, rect, error) {
	vp, err := viewport(ctx, el.tab)
	if err != nil {
		return point{}, rect{}, err
	}
	fb, err := a.frameBox(ctx, el.target, vp)
	if err != nil {
		return point{}, rect{}, err
	}
	q, err := el.res.Client.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().SetObjectID(el.res.ObjectID))
	if err != nil {
		return point{}, rect{}, el.gone(notVisible(el, err))
	}
	best := rect{}
	for _, quad := range q.Quads {
		r := quadRect(quad).shift(fb.dx, fb.dy).intersect(fb.clip)
		if r.area() > best.area() {
			best = r
		}
	}
	if best.empty() {
		return point{}, rect{}, events.Errorf(events.CodeElementCovered, "element %s is not visible in the viewport (no visible box)", el.describe()).
			WithDetails(events.ErrorDetails{Ref: el.ref, Covering: coverNoBox})
	}
	return point{x: (best.x0 + best.x1) / 2, y: (best.y0 + best.y1) / 2, fx: fb.dx, fy: fb.dy}, fb.clip, nil
}

// reach hit-tests p and, when the element is not what a click there
// reaches, other points inside its visible parts within clip (jsReach).
// It returns the point a click reaches the element at, or p and what
// covers it there.
func (a *attachment) reach(ctx context.Context, el *element, p point, clip rect) (point, string, error) {
	var r aimJS
	local := clip.shift(-p.fx, -p.fy)
	if err := el.callOn(ctx, jsReach, &r, p.x-p.fx, p.y-p.fy, []float64{local.x0, local.y0, local.x1, local.y1}); err != nil {
		return p, "", err
	}
	if cover := r.cover(); cover != "" {
		return p, cover, nil
	}
	return point{x: r.X + p.fx, y: r.Y + p.fy, fx: p.fx, fy: p.fy}, "", nil
}
