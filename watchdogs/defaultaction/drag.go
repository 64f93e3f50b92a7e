package defaultaction

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsDragArm starts watching the dragged element's document (see
// js/drag-arm.js); jsDragReport(position) reads back what the drag did,
// once the page has answered the release (jsFrame);
// jsDropBox measures where a drag lets go over its target and marks it.
var (
	//go:embed js/drag-arm.js
	jsDragArm    string
	jsDragReport = strings.Replace(dragReportJS, "__FRAME__", jsFrame, 1)
	//go:embed js/drag-report.js
	dragReportJS string
	jsDropBox    = strings.Replace(dropBoxJS, "__PARTS__", jsParts, 1)
	//go:embed js/drop-box.js
	dropBoxJS string
)

// jsDragStarted answers whether the page started an HTML5 drag (a
// dragstart it did not cancel) since jsDragArm.
const jsDragStarted = `function () { const s = globalThis.__agentbrowserDrag; return !!s && s.started(); }`

// The pace of a drag: a user's drag takes a few hundred milliseconds, and
// pointer-event drag code starts one only after the pointer has moved past
// a threshold over several events. The first moves go dragNudge pixels at
// a time; the way to the target then takes dragSteps moves; each move
// waits for the page's next frame (its reply comes after it), for at least
// dragGap and at most dragFrameWait.
const (
	dragNudges    = 3
	dragNudge     = 3.0
	dragSteps     = 12
	dragGap       = 16 * time.Millisecond
	dragFrameWait = 150 * time.Millisecond
	// dragStartWait bounds the wait for the browser to hand over an HTML5
	// drag the page started.
	dragStartWait = time.Second
)

// dropBoxJS's answer.
type dropBox struct {
	X0, Y0, X1, Y1 float64
	Axis           string
}

// release is where a drag over b lets go: the middle of b, a little
// towards the side the pointer comes from (so that a list ordered by the
// pointer's place puts the dragged element where the target was), or its
// leading or trailing part for before and after.
func (b dropBox) release(pos events.DragPosition, from point) point {
	cx, cy := (b.X0+b.X1)/2, (b.Y0+b.Y1)/2
	f := 0.5
	switch pos {
	case events.DragBefore:
		f = 0.2
	case events.DragAfter:
		f = 0.8
	default:
		d := cy - from.y
		if b.Axis == "x" {
			d = cx - from.x
		}
		switch {
		case d < -1:
			f = 0.3
		case d > 1:
			f = 0.7
		}
	}
	if b.Axis == "x" {
		return point{x: b.X0 + (b.X1-b.X0)*f, y: cy}
	}
	return point{x: cx, y: b.Y0 + (b.Y1-b.Y0)*f}
}

func (a *attachment) dragElement(ctx context.Context, e events.DragEvent) (events.ActionResult, error) {
	switch e.Position {
	case events.DragOnto, events.DragBefore, events.DragAfter:
	default:
		return events.ActionResult{}, events.Errorf(events.CodeInvalidArgument, "drag position %q: want before, after or none (onto the target)", e.Position)
	}
	src, err := a.element(ctx, e.TabID, e.From)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer src.release(ctx)
	dst, err := a.element(ctx, src.tab.ID, e.To)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer dst.release(ctx)
	var out *events.DragOutcome
	res, err := a.observe(ctx, src.tab, func(ctx context.Context) error {
		// The target first, then the source, each scrolled into view:
		// the source's is where the press goes, and the target must still
		// show once it is.
		to, err := a.dragAim(ctx, dst, e.Force || passThrough(ctx, dst))
		if err != nil {
			return err
		}
		from, err := a.dragAim(ctx, src, e.Force)
		if err != nil {
			return err
		}
		var box *dropBox
		if err := dst.callOn(ctx, jsDropBox, &box); err != nil {
			return err
		}
		if box == nil {
			return events.Errorf(events.CodeElementCovered, "cannot drag %s onto %s: the target is not in view once the element to drag is; drag it in steps (onto an element in between), or scroll so that both show", src.describe(), dst.describe()).
				WithDetails(events.ErrorDetails{Ref: dst.ref, Covering: coverNoBox})
		}
		b := dropBox{X0: box.X0 + to.fx, Y0: box.Y0 + to.fy, X1: box.X1 + to.fx, Y1: box.Y1 + to.fy, Axis: box.Axis}
		rel := b.release(e.Position, from)
		armed := false
		mode, r, err := a.dragWatched(ctx, src.tab, from, rel, dragWatch{
			arm: func(ctx context.Context) error {
				// A report lets go of the target's mark: a second drag
				// marks it again.
				if armed {
					var again *dropBox
					if err := dst.callOn(ctx, jsDropBox, &again); err != nil {
						return err
					}
				}
				armed = true
				return src.callOn(ctx, jsDragArm, nil)
			},
			started: func(ctx context.Context) bool {
				var started bool
				return src.callOn(ctx, jsDragStarted, &started) == nil && started
			},
			report: func(ctx context.Context) (*dragReport, error) {
				var r *dragReport
				err := src.callOn(ctx, jsDragReport, &r, string(e.Position))
				return r, err
			},
		})
		if err != nil {
			return err
		}
		if r == nil {
			return events.Errorf(events.CodeNotApplied, "cannot tell what the drag of %s did: the page's document was replaced during it; take a new snapshot", src.describe())
		}
		out = a.dragOutcome(src.tab, src.ref, mode, r)
		out.From, out.To = events.Point{X: from.x, Y: from.y}, events.Point{X: rel.x, Y: rel.y}
		return dragApplied(src, dst, e.Position, out, r)
	})
	if err != nil {
		return res, err
	}
	if res.Dialog == nil && out != nil {
		res.Details = events.ActionDetails{Drag: out}
	}
	return res, nil
}

// dragAim is where a drag presses on, or lets go over, el: a point where
// the hit test reaches it; with force, the centre of its largest visible
// part even when something covers it.
func (a *attachment) dragAim(ctx context.Context, el *element, force bool) (point, error) {
	if !force {
		return a.aim(ctx, el)
	}
	fast := true
	p, _, err := a.aimOnce(ctx, el, &fast)
	return p, err
}

// jsPassThrough tells whether the element lets the pointer through
// (pointer-events: none), so that the browser's hit test never reaches
// it, whatever is drawn under it.
const jsPassThrough = `function () { return getComputedStyle(this).pointerEvents === 'none'; }`

// passThrough tells whether a drop target lets the pointer through: a
// label drawn over a map that takes no input. The hit test cannot reach
// it, so what it reaches there covers nothing: a drop over its visible
// part lands on what lies under it, as a user's does, and the drag's
// result says where the dragged element ended.
func passThrough(ctx context.Context, el *element) bool {
	var none bool
	return el.callOn(ctx, jsPassThrough, &none) == nil && none
}

// dragPath presses at from, moves to to in steps with pauses, hovers and
// lets go there. When the page starts an HTML5 drag (the browser hands it
// over through drag interception; started, when not nil, says whether the
// page's dragstart went uncancelled), the rest goes as one: dragenter and
// dragover along the way, and drop at to. It answers "pointer" or
// "native".
func (a *attachment) dragPath(ctx context.Context, tab *session.Target, from, to point, started func(context.Context) bool) (string, error) {
	streamCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	intercepted, err := tab.Client.Input.DragIntercepted(streamCtx)
	if err != nil {
		return "", fmt.Errorf("listening for drags: %w", err)
	}
	defer intercepted.Close()
	if err := tab.Client.Input.SetInterceptDrags(ctx, input.NewSetInterceptDragsArgs(true)); err != nil {
		return "", fmt.Errorf("intercepting drags: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
		defer cancel()
		_ = tab.Client.Input.SetInterceptDrags(cctx, input.NewSetInterceptDragsArgs(false))
	}()

	m := &dragMouse{tab: tab}
	var data *input.DragData
	done := false
	defer func() { a.letGo(ctx, m, done, data != nil) }()
	if err := m.move(ctx, from, 0); err != nil {
		return "", err
	}
	if err := m.send(ctx, "mousePressed", from, 1); err != nil {
		return "", err
	}
	// A few pixels first, towards the target.
	dx, dy := to.x-from.x, to.y-from.y
	dist := math.Hypot(dx, dy)
	ux, uy := 1.0, 0.0
	if dist >= 1 {
		ux, uy = dx/dist, dy/dist
	}
	take := func() {
		if data == nil && ready(intercepted.Ready()) {
			if ev, err := intercepted.Recv(); err == nil {
				data = &ev.Data
			}
		}
	}
	nudged := from
	for i := 1; i <= dragNudges; i++ {
		nudged = point{x: from.x + ux*dragNudge*float64(i), y: from.y + uy*dragNudge*float64(i)}
		if err := m.move(ctx, nudged, 1); err != nil {
			return "", err
		}
		take()
	}
	if data == nil && started != nil && started(ctx) {
		// The page started an HTML5 drag: the browser hands it over.
		wctx, wcancel := context.WithTimeout(ctx, dragStartWait)
		select {
		case <-intercepted.Ready():
			take()
		case <-wctx.Done():
		}
		wcancel()
	}
	// Then on to the target in steps, as a pointer drag or, once the page
	// started one, as an HTML5 drag.
	var path []point
	for i := 1; i <= dragSteps; i++ {
		f := float64(i) / dragSteps
		path = append(path, point{x: nudged.x + (to.x-nudged.x)*f, y: nudged.y + (to.y-nudged.y)*f})
	}
	// Hovering over the target: a pixel off the point, then on it.
	path = append(path, point{x: to.x + 1, y: to.y}, to)
	for i, p := range path {
		if data != nil {
			return a.dropNative(ctx, m, *data, path[i:], &done)
		}
		if err := m.move(ctx, p, 1); err != nil {
			return "", err
		}
		take()
	}
	if data != nil {
		return a.dropNative(ctx, m, *data, nil, &done)
	}
	err = m.send(ctx, "mouseReleased", to, 0)
	done = err == nil
	return "pointer", err
}

// dropNative ends a drag the browser handed over as HTML5 drag and drop
// (dragNative), and sets *done once it dropped.
func (a *attachment) dropNative(ctx context.Context, m *dragMouse, data input.DragData, path []point, done *bool) (string, error) {
	err := a.dragNative(ctx, m, data, path)
	*done = err == nil
	return "native", err
}

// dragNative goes on with an HTML5 drag the browser handed over (data):
// dragenter where the pointer is, dragover along path and drop at its end.
func (a *attachment) dragNative(ctx context.Context, m *dragMouse, data input.DragData, path []point) error {
	send := func(typ string, p point) error {
		if err := m.tab.Client.Input.DispatchDragEvent(ctx, input.NewDispatchDragEventArgs(typ, p.x, p.y, data)); err != nil {
			return fmt.Errorf("dispatching %s: %w", typ, err)
		}
		m.at, m.moved = p, true
		return nil
	}
	if err := send("dragEnter", m.at); err != nil {
		return err
	}
	for _, p := range path {
		if err := m.pace(ctx); err != nil {
			return err
		}
		if err := send("dragOver", p); err != nil {
			return err
		}
	}
	return send("drop", m.at)
}

// dragMouse sends a drag's mouse events to a tab, at a user's pace.
type dragMouse struct {
	tab   *session.Target
	at    point
	moved bool
	last  time.Time
}

// send sends a mouse event at p with the left button's state buttons.
func (m *dragMouse) send(ctx context.Context, typ string, p point, buttons int) error {
	args := input.NewDispatchMouseEventArgs(typ, p.x, p.y).SetButton(input.MouseButtonLeft).SetButtons(buttons)
	if typ != "mouseMoved" {
		args.SetClickCount(1)
	}
	if err := m.tab.Client.Input.DispatchMouseEvent(ctx, args); err != nil {
		return fmt.Errorf("dragging (%s): %w", typ, err)
	}
	m.at, m.moved = p, true
	return nil
}

// move moves the pointer to p, then waits for the page's next frame (a
// move's reply comes after it), bounded by dragFrameWait, and for at least
// dragGap since the last move.
func (m *dragMouse) move(ctx context.Context, p point, buttons int) error {
	if err := m.pace(ctx); err != nil {
		return err
	}
	args := input.NewDispatchMouseEventArgs("mouseMoved", p.x, p.y).SetButtons(buttons)
	if buttons != 0 {
		args.SetButton(input.MouseButtonLeft)
	}
	wait, err := dispatchMouse(ctx, m.tab, args)
	if err != nil {
		return fmt.Errorf("dragging (moving the pointer): %w", err)
	}
	m.at, m.moved = p, true
	m.last = time.Now()
	if wait != nil {
		wctx, cancel := context.WithTimeout(ctx, dragFrameWait)
		_, err := wait(wctx)
		cancel()
		if err != nil && ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// pace waits until dragGap has passed since the last move.
func (m *dragMouse) pace(ctx context.Context) error {
	d := dragGap - time.Since(m.last)
	if m.last.IsZero() || d <= 0 {
		m.last = time.Now()
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		m.last = time.Now()
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// letGo ends a drag done with m: it notes where the pointer is and, when
// the drag was cut short (its budget ended, the page went away) and done
// is false, releases the button, and cancels the browser's drag when one
// was going, so that the next action finds no button held nor drag going.
func (a *attachment) letGo(ctx context.Context, m *dragMouse, done, dragging bool) {
	a.setPointer(m.tab.ID, pointerAt{m.at.x, m.at.y}, m.moved)
	if done || !m.moved {
		return
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if dragging {
		_ = m.tab.Client.Input.CancelDragging(cctx)
	}
	_ = m.tab.Client.Input.DispatchMouseEvent(cctx, input.NewDispatchMouseEventArgs("mouseReleased", m.at.x, m.at.y).
		SetButton(input.MouseButtonLeft).SetButtons(0).SetClickCount(1))
}
