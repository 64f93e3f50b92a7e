package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsInfoAim(arm) describes the element (jsInfo) and, unless it is a
// <select> or gone, aims at it (jsAimInPage), in one call: {info, aim,
// armed}, aim null when the fast path declines. With arm, when the aim
// found the element uncovered, its document starts counting releases for
// jsSettleArmed.
var jsInfoAim = strings.NewReplacer("__INFO__", jsInfo, "__AIM__", jsAimInPage, "__WATCH__", jsWatch).Replace(infoAimJS)

//go:embed js/info-aim.js
var infoAimJS string

// jsFrameBox scrolls an <iframe> into view in its document (the tab's top
// document) and returns its content box and the viewport's size, or null
// when the fast path cannot answer exactly (a transformed or zoomed view).
//
//go:embed js/frame-box.js
var jsFrameBox string

// aimJS is jsAimInPage's and jsReach's answer: where to click, and what
// covers the element there ("" when nothing does); Clipped says that no
// part of its boxes is left visible by layout.
type aimJS struct {
	X, Y    float64
	Cover   string
	Clipped bool
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
		p, ok := fb.b.place(point{x: aim.X, y: aim.Y})
		return p, aim.cover(), ok, nil
	}, func(local point, last bool) bool {
		c, err := eng.Call(ctx, ref, jsMoveSeen, moveSeenArgs(local, last)...)
		return err != nil || string(c.Value) == "true"
	})
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
		if parent, ok := a.s.TargetBySession(frame.ParentSessionID); !ok || !parent.IsPage() {
			return in, p, false, false, nil
		}
		boxc = ownerBoxOf(ctx, eng, ref)
	}
	// Only a click in the top document settles by its armed release.
	c, err := eng.Call(ctx, ref, jsInfoAim, json.RawMessage(strconv.FormatBool(boxc == nil)))
	var fb ownerBox
	if boxc != nil {
		fb = <-boxc
	}
	if err != nil {
		if errors.Is(err, snapshot.ErrStaleRef) || errors.Is(err, snapshot.ErrUnknownRef) || errors.Is(err, snapshot.ErrInvalidRef) {
			return in, p, false, false, refError(err)
		}
		return in, p, false, false, nil
	}
	var r infoAim
	if err := json.Unmarshal(c.Value, &r); err != nil {
		return in, p, false, false, nil
	}
	in = r.Info
	if !in.Connected {
		return in, p, false, false, events.Errorf(events.CodeStaleRef, "ref %s is stale: the element is gone", c.Ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: c.Ref})
	}
	if in.Tag == "select" {
		return in, p, true, false, nil
	}
	if r.Aim == nil || r.Aim.cover() != "" {
		return in, p, false, false, nil
	}
	p = point{x: r.Aim.X, y: r.Aim.Y}
	if boxc == nil {
		if c.Client != tab.Client {
			// The element lives in a frame the ref's lookup did not
			// expect: take the full path.
			return in, p, false, false, nil
		}
		return in, p, true, r.Armed, nil
	}
	if !fb.ok {
		return in, p, false, false, nil
	}
	if fb.b.Moved {
		p, cover, ok, err := a.aimNewFrame(ctx, tab, ref)
		return in, p, ok && err == nil && cover == "", false, nil
	}
	p, done = fb.b.place(p)
	return in, p, done, false, nil
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
