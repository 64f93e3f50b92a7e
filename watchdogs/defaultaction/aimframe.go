package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsFrameBox scrolls an <iframe> into view in its document (the tab's top
// document) as a user could (jsIntoView) and returns its content box and
// the viewport's size, or null when the fast path cannot answer exactly (a
// transformed or zoomed view, an <iframe> kept out of view by a box the
// page scrolls itself).
var jsFrameBox = strings.Replace(frameBoxSrc, "__INTOVIEW__", jsIntoView, 1)

//go:embed js/frame-box.js
var frameBoxSrc string

// frameBoxJS is jsFrameBox's answer.
type frameBoxJS struct {
	X0, Y0, X1, Y1 float64
	VW, VH         float64
	// Moved says that the <iframe> is not where this world last saw it
	// (it had to be scrolled into view, it moved, or it is new to it).
	Moved bool
}

// ownerBox is what ownerBoxOf delivers: ok false (with b nil) when the
// fast path cannot measure the <iframe>.
type ownerBox struct {
	b  *frameBoxJS
	ok bool
}

// ownerBoxOf measures, in the background, the <iframe> that holds ref's
// out-of-process frame (jsFrameBox), scrolling it into view if needed.
func ownerBoxOf(ctx context.Context, eng *snapshot.Engine, ref events.Ref) <-chan ownerBox {
	c := make(chan ownerBox, 1)
	go func() {
		var fb ownerBox
		v, ok, err := eng.CallFrameOwner(ctx, ref, jsFrameBox)
		fb.ok = ok && err == nil && json.Unmarshal(v, &fb.b) == nil && fb.b != nil
		c <- fb
	}()
	return c
}

// jsFramesDrawn resolves once the element's document has drawn two
// frames. The bound is for documents that draw none: 100 ms for a hidden
// one (a background tab), 1 s for a visible one, whose frames only come
// late on a loaded machine.
const jsFramesDrawn = `function () { const w = this.ownerDocument.defaultView; return new Promise(r => { const t = setTimeout(r, w.document.hidden ? 100 : 1000); w.requestAnimationFrame(() => w.requestAnimationFrame(() => { clearTimeout(t); r(); })); }); }`

// jsMoveArm starts recording the mouse moves the element's frame receives;
// jsMoveSeen(x, y, last) answers whether one reached (x, y) in the frame's
// viewport; jsMoveArmAim does jsMoveArm, then aims as jsAimInPage.
var (
	//go:embed js/move-arm.js
	jsMoveArm string
	//go:embed js/move-seen.js
	jsMoveSeen   string
	jsMoveArmAim = "function () { (" + jsMoveArm + ").call(this); return (" + jsAimInPage + ").call(this); }"
)

// moveProbeFor bounds how long a click confirms that the browser sends the
// pointer into a frame at a new place.
const moveProbeFor = time.Second

// routeInto confirms that input sent to tab reaches an out-of-process
// frame where a click aims, before the click. The browser sends input to
// such a frame by where its <iframe> was in the last frame it composited,
// which under load lags behind the page's layout; and an element scrolled
// into view inside the frame scrolls the page too, by a message that
// reaches the page a little later. A click sent at once can land on
// whatever was at that point before (TestClickOOPIFThatJustMoved,
// TestClickNestedOOPIFBelowTheFold). So aim (which must also start the
// frame's recording of mouse moves, jsMoveArm) gives the point, the
// pointer is moved next to it, and seen answers whether the frame received
// that move there (local: whole pixels of the frame's viewport) by its
// second frame; if not, all three again, until moveProbeFor has passed,
// after which the click goes ahead. The move is recorded as the pointer's
// place. aim's results are returned as they are when it fails, declines or
// finds the element covered.
func (a *attachment) routeInto(ctx context.Context, tab *session.Target, aim func() (p point, cover string, ok bool, err error), seen func(local point, last bool) bool) (point, string, bool, error) {
	limit := time.Now().Add(moveProbeFor)
	for {
		p, cover, ok, err := aim()
		if err != nil || !ok || cover != "" {
			return p, cover, ok, err
		}
		// The probe goes a pixel to the right of the point, in the middle
		// of a pixel of the frame: mouse events carry whole-pixel client
		// coordinates, and a frame that moved under a pointer that stayed
		// gets a move of its own at the pointer's old place in it, which,
		// when the element did not move inside the frame, is the point.
		local := point{x: math.Floor(p.x-p.fx) + 1.5, y: math.Floor(p.y-p.fy) + 0.5}
		at := point{x: local.x + p.fx, y: local.y + p.fy}
		if err := moveTo(ctx, tab, at); err != nil {
			return p, "", true, nil
		}
		a.setPointer(tab.ID, pointerAt{at.x, at.y}, true)
		last := !time.Now().Before(limit)
		if seen(point{x: math.Floor(local.x), y: math.Floor(local.y)}, last) || last {
			return p, "", true, nil
		}
	}
}

// moveTo sends the pointer to p in t without waiting for the move's
// reply, which comes only after the page's next frame: jsMoveSeen waits
// for the move itself.
func moveTo(ctx context.Context, t *session.Target, p point) error {
	_, err := dispatchMouse(ctx, t, input.NewDispatchMouseEventArgs("mouseMoved", p.x, p.y))
	return err
}

// moveSeenArgs are jsMoveSeen's arguments.
func moveSeenArgs(local point, last bool) []json.RawMessage {
	return []json.RawMessage{json.RawMessage(num(local.x)), json.RawMessage(num(local.y)), json.RawMessage(strconv.FormatBool(last))}
}

// aimNewFrame aims at ref's element, of an out-of-process frame whose
// <iframe> (a child of the tab's top document) is at a new place
// (frameBoxJS.Moved), and returns the point in the tab once routeInto has
// confirmed it: the frame arms and aims while the top document measures
// the <iframe> again. ok is false when the fast path cannot aim or the
// point is outside the <iframe>'s visible box; cover is what the hit test
// found on top of the element.
func (a *attachment) aimNewFrame(ctx context.Context, tab *session.Target, ref events.Ref) (p point, cover string, ok bool, err error) {
	eng := a.engine(tab)
	return a.routeInto(ctx, tab, func() (point, string, bool, error) {
		boxc := ownerBoxOf(ctx, eng, ref)
		c, err := eng.Call(ctx, ref, jsMoveArmAim)
		fb := <-boxc
		if err != nil {
			return point{}, "", false, err
		}
		var aim *aimJS
		if err := json.Unmarshal(c.Value, &aim); err != nil || aim == nil || !fb.ok {
			return point{}, "", false, nil
		}
		in, cover, _ := aim.aimed()
		p, ok := fb.b.place(in)
		return p, cover, ok, nil
	}, func(local point, last bool) bool {
		c, err := eng.Call(ctx, ref, jsMoveSeen, moveSeenArgs(local, last)...)
		return err != nil || string(c.Value) == "true"
	})
}

// place turns a point in the frame's viewport into the tab's, with the
// frame's origin for hit tests there; false when it is outside the
// <iframe>'s visible content box.
func (b *frameBoxJS) place(in point) (point, bool) {
	p := point{x: in.x + b.X0, y: in.y + b.Y0, fx: b.X0, fy: b.Y0}
	clip := rect{b.X0, b.Y0, b.X1, b.Y1}.intersect(rect{0, 0, b.VW, b.VH})
	if p.x < clip.x0 || p.x >= clip.x1 || p.y < clip.y0 || p.y >= clip.y1 {
		return p, false
	}
	return p, true
}

// refFrame returns the out-of-process frame target ref's element lives
// in, or nil for an element of the tab's page (or a ref the engine does
// not know, which Call reports).
func (a *attachment) refFrame(eng *snapshot.Engine, tab *session.Target, ref events.Ref) *session.Target {
	fid, ok := eng.WorldFrame(ref)
	if !ok || fid == events.FrameID(tab.ID) {
		return nil
	}
	for _, t := range a.tabTargets(tab) {
		if !t.IsPage() && events.FrameID(t.ID) == fid {
			return t
		}
	}
	return nil
}

// aimInFrame aims at an element of an out-of-process frame whose parent is
// the tab's page: the frame's own world aims as in aimInPage (in frame
// coordinates) while, at the same time, the top document's world scrolls
// the frame's <iframe> into view and measures its content box and the
// viewport (jsFrameBox). ok is false when the fast path declines (nested
// frames, an <iframe> no snapshot has seen, no visible point).
func (a *attachment) aimInFrame(ctx context.Context, el *element) (p point, cover string, ok bool, err error) {
	boxc, ok := a.measureOwner(ctx, a.engine(el.tab), el.target, el.ref)
	if !ok {
		return point{}, "", false, nil
	}
	in, cover, ok, err := a.aimInPage(ctx, el)
	fb := <-boxc
	if err != nil || !ok {
		return point{}, "", false, err
	}
	return a.inTab(ctx, el.tab, el.ref, fb, in, cover)
}

// measureOwner starts measuring (ownerBoxOf) the <iframe> of frame, the
// out-of-process frame ref's element lives in; false when the fast path
// does not aim into frame: its parent is not the tab's page (a nested
// frame), or is gone.
func (a *attachment) measureOwner(ctx context.Context, eng *snapshot.Engine, frame *session.Target, ref events.Ref) (<-chan ownerBox, bool) {
	parent, found := a.s.TargetBySession(frame.ParentSessionID)
	if !found || !parent.IsPage() {
		return nil, false
	}
	return ownerBoxOf(ctx, eng, ref), true
}

// inTab turns in, a point aimed at in ref's out-of-process frame with
// cover on top of the element there, into a point in tab by the box of the
// frame's <iframe> measured alongside (fb). When the <iframe> is at a new
// place it aims again, once the route into the frame is confirmed
// (aimNewFrame). ok is false when the fast path cannot answer: the
// <iframe> could not be measured, or the point is outside its visible box.
func (a *attachment) inTab(ctx context.Context, tab *session.Target, ref events.Ref, fb ownerBox, in point, cover string) (p point, _ string, ok bool, err error) {
	if !fb.ok {
		return point{}, "", false, nil
	}
	if fb.b.Moved {
		return a.aimNewFrame(ctx, tab, ref)
	}
	p, ok = fb.b.place(in)
	return p, cover, ok, nil
}

// frameBox is where an out-of-process frame's viewport sits in the tab's
// viewport: its origin and its visible clip, in page coordinates.
type frameBox struct {
	dx, dy float64
	clip   rect
}

// frameBox locates target t's viewport in the tab. A page target is the
// tab itself. For an OOPIF, the content box of its <iframe> element in the
// parent (found with DOM.getFrameOwner) gives the offset; nested OOPIFs add
// up.
func (a *attachment) frameBox(ctx context.Context, t *session.Target, vp rect) (frameBox, error) {
	if t.IsPage() {
		return frameBox{clip: vp}, nil
	}
	parent, ok := a.s.TargetBySession(t.ParentSessionID)
	if !ok {
		return frameBox{}, events.Errorf(events.CodeStaleRef, "the frame %s is gone", t.ID).WithNext(events.StepSnapshot)
	}
	pb, err := a.frameBox(ctx, parent, vp)
	if err != nil {
		return frameBox{}, err
	}
	owner, err := parent.Client.DOM.GetFrameOwner(ctx, dom.NewGetFrameOwnerArgs(page.FrameID(t.ID)))
	if err != nil {
		return frameBox{}, fmt.Errorf("finding the iframe of frame %s: %w", t.ID, err)
	}
	// The frame's viewport is the <iframe>'s content box, inside its
	// border and padding (its content quads are its border box).
	bm, err := parent.Client.DOM.GetBoxModel(ctx, dom.NewGetBoxModelArgs().SetBackendNodeID(owner.BackendNodeID))
	if err != nil {
		return frameBox{}, events.Errorf(events.CodeElementCovered, "the iframe holding frame %s is not visible", t.ID)
	}
	r := quadRect(bm.Model.Content).shift(pb.dx, pb.dy)
	return frameBox{dx: r.x0, dy: r.y0, clip: r.intersect(pb.clip)}, nil
}

// framesDrawn waits until t's page has drawn two frames after now: the
// browser routes input to an out-of-process frame by where its <iframe> was
// in the last frame drawn, so after scrolling one the next click must wait
// for that. The page bounds the wait, since a tab in the background draws
// no frames: 100 ms when hidden, 1 s when visible (frames come late under
// load); frameWait bounds the call.
func framesDrawn(ctx context.Context, t *session.Target) {
	ctx, cancel := context.WithTimeout(ctx, frameWait)
	defer cancel()
	_, _ = t.Client.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(
		`new Promise(r => { const t = setTimeout(r, document.hidden ? 100 : 1000); requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(t); r(); })); })`).
		SetAwaitPromise(true).SetSilent(true))
}

// frameWait bounds framesDrawn's call, above the page's own bound.
const frameWait = 1500 * time.Millisecond
