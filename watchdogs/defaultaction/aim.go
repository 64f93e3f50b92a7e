package defaultaction

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
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
// The hit test is jsHit's, put in place of __HIT__.
var jsAimInPage = strings.Replace(aimInPageJS, "__HIT__", jsHit, 1)

//go:embed js/aim-in-page.js
var aimInPageJS string

// aimInPage runs jsAimInPage. ok is false when the fast path declined and
// the caller must take the CDP path.
func (a *attachment) aimInPage(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	var r *struct {
		X, Y  float64
		Cover string
	}
	if err := el.callOn(ctx, jsAimInPage, &r); err != nil {
		return point{}, "", false, err
	}
	if r == nil {
		return point{}, "", false, nil
	}
	return point{x: r.X, y: r.Y}, r.Cover, true, nil
}

// aimInFrame aims at an element of an out-of-process frame whose parent is
// the tab's page: the frame's own world aims as in aimInPage (in frame
// coordinates) while, at the same time, the parent scrolls the frame's
// <iframe> into view and measures its content box and the viewport. Three
// round trips on the parent's side instead of eight in a row. ok is false
// when the fast path declines (nested frames, no visible point).
func (a *attachment) aimInFrame(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	parent, found := a.s.TargetBySession(el.target.ParentSessionID)
	if !found || !parent.IsPage() {
		return point{}, "", false, nil
	}
	type box struct {
		r, vp rect
		err   error
	}
	boxc := make(chan box, 1)
	go func() {
		var b box
		defer func() { boxc <- b }()
		vpc := make(chan error, 1)
		go func() {
			var err error
			b.vp, err = viewport(ctx, el.tab)
			vpc <- err
		}()
		defer func() {
			if err := <-vpc; err != nil && b.err == nil {
				b.err = err
			}
		}()
		owner, err := parent.Client.DOM.GetFrameOwner(ctx, dom.NewGetFrameOwnerArgs(page.FrameID(el.target.ID)))
		if err != nil {
			b.err = fmt.Errorf("finding the iframe of frame %s: %w", el.target.ID, err)
			return
		}
		if err := parent.Client.DOM.ScrollIntoViewIfNeeded(ctx, dom.NewScrollIntoViewIfNeededArgs().SetBackendNodeID(owner.BackendNodeID)); err != nil {
			b.err = fmt.Errorf("scrolling the iframe of frame %s into view: %w", el.target.ID, err)
			return
		}
		q, err := parent.Client.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().SetBackendNodeID(owner.BackendNodeID))
		if err != nil || len(q.Quads) == 0 {
			b.err = errDeclined
			return
		}
		b.r = quadRect(q.Quads[0])
	}()
	in, cover, ok, err := a.aimInPage(ctx, el)
	b := <-boxc
	if err != nil {
		return point{}, "", false, err
	}
	if b.err != nil {
		if errors.Is(b.err, errDeclined) {
			return point{}, "", false, nil
		}
		return point{}, "", false, b.err
	}
	if !ok {
		return point{}, "", false, nil
	}
	p = point{x: in.x + b.r.x0, y: in.y + b.r.y0, fx: b.r.x0, fy: b.r.y0}
	clip := b.r.intersect(b.vp)
	if p.x < clip.x0 || p.x >= clip.x1 || p.y < clip.y0 || p.y >= clip.y1 {
		return point{}, "", false, nil
	}
	return p, cover, true, nil
}

// errDeclined marks a fast path that cannot answer; the caller takes the
// CDP path, which explains the failure precisely.
var errDeclined = errors.New("fast path declined")
