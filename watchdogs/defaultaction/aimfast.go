package defaultaction

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// jsInfoAim describes the element (jsInfo) and, unless it is a <select> or
// gone, aims at it (jsAimInPage), in one call: {info, aim}, aim null when
// the fast path declines.
var jsInfoAim = strings.NewReplacer("__INFO__", jsInfo, "__AIM__", jsAimInPage).Replace(infoAimJS)

//go:embed js/info-aim.js
var infoAimJS string

// jsFrameBox scrolls an <iframe> into view in its document (the tab's top
// document) and returns its content box and the viewport's size, or null
// when the fast path cannot answer exactly (a transformed or zoomed view).
//
//go:embed js/frame-box.js
var jsFrameBox string

// infoAim is jsInfoAim's answer.
type infoAim struct {
	Info elemInfo `json:"info"`
	Aim  *struct {
		X, Y  float64
		Cover string
	} `json:"aim"`
}

// frameBoxJS is jsFrameBox's answer.
type frameBoxJS struct {
	X0, Y0, X1, Y1 float64
	VW, VH         float64
	// Moved says that the <iframe> had to be scrolled into view.
	Moved bool
}

// jsFramesDrawn resolves once the element's document has drawn two
// frames. The bound is for documents that draw none: 100 ms for a hidden
// one (a background tab), 1 s for a visible one, whose frames only come
// late on a loaded machine.
const jsFramesDrawn = `function () { const w = this.ownerDocument.defaultView; return new Promise(r => { const t = setTimeout(r, w.document.hidden ? 100 : 1000); w.requestAnimationFrame(() => w.requestAnimationFrame(() => { clearTimeout(t); r(); })); }); }`

// frameShown waits, after the <iframe> of ref's out-of-process frame was
// scrolled into view, until the frame itself has drawn at its new place:
// until then the browser may route input by its old place, and the frame
// (throttled while off screen) may not take it.
func (a *attachment) frameShown(ctx context.Context, eng *snapshot.Engine, ref events.Ref) {
	_, _ = eng.Call(ctx, ref, jsFramesDrawn)
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
// where a click reaches it.
func (a *attachment) quickAim(ctx context.Context, tab *session.Target, ref events.Ref) (in elemInfo, p point, done bool, err error) {
	eng := a.engine(tab)
	type box struct {
		b   *frameBoxJS
		ok  bool
		err error
	}
	var boxc chan box
	if frame := a.refFrame(eng, tab, ref); frame != nil {
		if parent, ok := a.s.TargetBySession(frame.ParentSessionID); !ok || !parent.IsPage() {
			return in, p, false, nil
		}
		boxc = make(chan box, 1)
		go func() {
			v, ok, err := eng.CallFrameOwner(ctx, ref, jsFrameBox)
			var b box
			b.ok, b.err = ok, err
			if ok && err == nil {
				b.err = json.Unmarshal(v, &b.b)
			}
			boxc <- b
		}()
	}
	c, err := eng.Call(ctx, ref, jsInfoAim)
	var fb box
	if boxc != nil {
		fb = <-boxc
	}
	if err != nil {
		if errors.Is(err, snapshot.ErrStaleRef) || errors.Is(err, snapshot.ErrUnknownRef) || errors.Is(err, snapshot.ErrInvalidRef) {
			return in, p, false, refError(err)
		}
		return in, p, false, nil
	}
	var r infoAim
	if err := json.Unmarshal(c.Value, &r); err != nil {
		return in, p, false, nil
	}
	in = r.Info
	if !in.Connected {
		return in, p, false, events.Errorf(events.CodeStaleRef, "ref %s is stale: the element is gone; take a new snapshot", c.Ref).WithDetails(events.ErrorDetails{Ref: c.Ref})
	}
	if in.Tag == "select" {
		return in, p, true, nil
	}
	if r.Aim == nil || r.Aim.Cover != "" {
		return in, p, false, nil
	}
	p = point{x: r.Aim.X, y: r.Aim.Y}
	if boxc == nil {
		if c.Client != tab.Client {
			// The element lives in a frame the ref's lookup did not
			// expect: take the full path.
			return in, p, false, nil
		}
		return in, p, true, nil
	}
	if fb.err != nil || !fb.ok || fb.b == nil {
		return in, p, false, nil
	}
	if fb.b.Moved {
		// The frame was off screen: its size and scroll may settle only
		// once it is drawn again, so aim again after that.
		a.frameShown(ctx, eng, ref)
		c, err := eng.Call(ctx, ref, jsAimInPage)
		var aim *struct {
			X, Y  float64
			Cover string
		}
		if err != nil || json.Unmarshal(c.Value, &aim) != nil || aim == nil || aim.Cover != "" {
			return in, p, false, nil
		}
		p = point{x: aim.X, y: aim.Y}
	}
	p, done = fb.b.place(p)
	return in, p, done, nil
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
