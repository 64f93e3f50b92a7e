package defaultaction

import (
	"context"
	"math"
	"time"

	"github.com/agentbrowser/agentbrowser/session"
)

// A flick is a swipe as a finger gives one: flickSteps moves to the end,
// each after the page's next frame (at least dragGap apart, as dragMouse
// paces them), and the release at once on the last, still moving. A page
// that judges a swipe by its speed (a carousel that advances on a quick
// swipe and, on a slow one, only past half a slide) takes a flick where
// it takes back a paced drag that ends hovering over its target.
const flickSteps = 6

// dragFollowed is how far (px) the dragged element must have followed
// the pointer for a drag the page took back to count as one it let go
// of for being too slow.
const dragFollowed = 8

// dragWatch reads a drag's effect in the page: arm starts the watch (and
// marks the target again), started tells whether the page started an
// HTML5 drag, report reads back what the drag did.
type dragWatch struct {
	arm     func(ctx context.Context) error
	started func(ctx context.Context) bool
	report  func(ctx context.Context) (*dragReport, error)
}

// dragWatched drags from one point of tab to another (dragPath), with w
// armed before, and reads back what it did. When the page let the
// element follow the pointer and took it back on release (tookBack), the
// drag is done once more as a flick, and its report is the flick's,
// marked Flicked. It answers the mode and the report (nil when the
// page's document went away).
func (a *attachment) dragWatched(ctx context.Context, tab *session.Target, from, to point, w dragWatch) (string, *dragReport, error) {
	if err := w.arm(ctx); err != nil {
		return "", nil, err
	}
	mode, err := a.dragPath(ctx, tab, from, to, w.started)
	if err != nil {
		return "", nil, err
	}
	r, err := w.report(ctx)
	if err != nil || r == nil || mode != "pointer" || !r.tookBack() {
		return mode, r, err
	}
	if err := w.arm(ctx); err != nil {
		return "", nil, err
	}
	if err := a.flick(ctx, tab, from, to); err != nil {
		return "", nil, err
	}
	if r, err = w.report(ctx); r != nil {
		r.Flicked = true
	}
	return mode, r, err
}

// tookBack tells whether the page let the dragged element follow the
// pointer and, on release, put it back where it was, keeping no trace
// but the style and class of the element and what holds it.
func (r *dragReport) tookBack() bool {
	return r.Followed >= dragFollowed && !r.Gone && !r.PlaceMoved && !r.Dropped &&
		math.Abs(r.DX) < 2 && math.Abs(r.DY) < 2 && r.Added == 0 && r.Removed == 0 && r.Kept == 0
}

// flick presses at from, moves to to in flickSteps quick moves and lets
// go there at once.
func (a *attachment) flick(ctx context.Context, tab *session.Target, from, to point) error {
	m := &dragMouse{tab: tab}
	done := false
	defer func() { a.letGo(ctx, m, done, false) }()
	if err := m.move(ctx, from, 0); err != nil {
		return err
	}
	if err := m.send(ctx, "mousePressed", from, 1); err != nil {
		return err
	}
	m.last = time.Now()
	for i := 1; i <= flickSteps; i++ {
		f := float64(i) / flickSteps
		if err := m.move(ctx, point{x: from.x + (to.x-from.x)*f, y: from.y + (to.y-from.y)*f}, 1); err != nil {
			return err
		}
	}
	err := m.send(ctx, "mouseReleased", to, 0)
	done = err == nil
	return err
}
