package defaultaction

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// callOn calls fn on the element in its isolated world with args passed
// by value, and decodes its JSON result into out (when out is not nil).
func (el *element) callOn(ctx context.Context, fn string, out any, args ...any) error {
	// Awaited: a function that answers with a promise (jsMoveSeen) is
	// waited for, not returned as an object.
	call := runtime.NewCallFunctionOnArgs(fn).SetObjectID(el.res.ObjectID).SetReturnByValue(true).SetSilent(true).SetAwaitPromise(true)
	if len(args) > 0 {
		cas := make([]runtime.CallArgument, len(args))
		for i, a := range args {
			b, err := json.Marshal(a)
			if err != nil {
				return fmt.Errorf("encoding argument: %w", err)
			}
			cas[i] = runtime.CallArgument{Value: b}
		}
		call.SetArguments(cas)
	}
	r, err := el.res.Client.Runtime.CallFunctionOn(ctx, call)
	if err != nil {
		return el.gone(fmt.Errorf("calling into ref %s: %w", el.ref, err))
	}
	if r.ExceptionDetails != nil {
		return events.Errorf(events.CodeJSException, "script on ref %s failed: %s", el.ref, exceptionText(r.ExceptionDetails))
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, out); err != nil {
		return fmt.Errorf("decoding result on ref %s: %w", el.ref, err)
	}
	return nil
}

// gone turns a CDP error that means the element's document went away into
// a stale_ref error.
func (el *element) gone(err error) error {
	var ce *events.Error
	if errors.As(err, &ce) {
		return err
	}
	if isNodeGone(err) {
		return events.Errorf(events.CodeStaleRef, "ref %s is stale: the element is gone", el.ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	return err
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != nil {
		return *d.Exception.Description
	}
	return d.Text
}

// info describes the element's kind.
type elemInfo struct {
	Tag       string       `json:"tag"`
	Type      string       `json:"type"`
	Role      string       `json:"role"`
	Editable  bool         `json:"editable"`
	Multiple  bool         `json:"multiple"`
	Disabled  bool         `json:"disabled"`
	Checkable string       `json:"checkable"`
	Checked   bool         `json:"checked"`
	Connected bool         `json:"connected"`
	Options   []optionInfo `json:"options,omitempty"`
	// Dropdown is set for an <option> of a drop-down <select>, which has
	// no box to click.
	Dropdown bool `json:"dropdown"`
	// Download is set for an element inside a link with a download
	// attribute.
	Download bool `json:"download"`
}

type optionInfo = events.OptionInfo

func (el *element) info(ctx context.Context) (elemInfo, error) {
	var in elemInfo
	if err := el.callOn(ctx, jsInfo, &in); err != nil {
		return in, err
	}
	if !in.Connected {
		return in, events.Errorf(events.CodeStaleRef, "ref %s is stale: the element is gone", el.ref).WithNext(events.StepSnapshot).WithDetails(events.ErrorDetails{Ref: el.ref})
	}
	return in, nil
}

// describe names the element for messages: `button "Save"`.
func (el *element) describe() string {
	if el.res.Info.Name != "" {
		return fmt.Sprintf("%s %s %q", el.ref, el.res.Info.Role, el.res.Info.Name)
	}
	return fmt.Sprintf("%s %s", el.ref, el.res.Info.Role)
}

// rect is an axis-aligned rectangle in CSS pixels.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) empty() bool { return r.x1 <= r.x0 || r.y1 <= r.y0 }
func (r rect) area() float64 {
	if r.empty() {
		return 0
	}
	return (r.x1 - r.x0) * (r.y1 - r.y0)
}
func (r rect) intersect(o rect) rect {
	return rect{math.Max(r.x0, o.x0), math.Max(r.y0, o.y0), math.Min(r.x1, o.x1), math.Min(r.y1, o.y1)}
}
func (r rect) shift(dx, dy float64) rect { return rect{r.x0 + dx, r.y0 + dy, r.x1 + dx, r.y1 + dy} }

func quadRect(q dom.Quad) rect {
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i+1 < len(q); i += 2 {
		r.x0, r.x1 = math.Min(r.x0, q[i]), math.Max(r.x1, q[i])
		r.y0, r.y1 = math.Min(r.y0, q[i+1]), math.Max(r.y1, q[i+1])
	}
	return r
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

// viewport is the tab's visible area in CSS pixels.
func viewport(ctx context.Context, tab *session.Target) (rect, error) {
	m, err := tab.Client.Page.GetLayoutMetrics(ctx)
	if err != nil {
		return rect{}, fmt.Errorf("reading layout metrics: %w", err)
	}
	v := m.CSSVisualViewport
	return rect{0, 0, v.ClientWidth, v.ClientHeight}, nil
}

// scrollIntoView scrolls, for an element of an out-of-process frame, each
// <iframe> element into view in its parent, the outermost first, and then
// the element into view inside its frame. In that order: scrolling an
// element into view inside a frame also asks every ancestor document to
// show it, by messages that reach those documents later; once each
// <iframe> is in view those asks find nothing to do, where otherwise one
// could move a frame after the click had aimed
// (TestClickNestedOOPIFBelowTheFold).
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
	err := el.res.Client.DOM.ScrollIntoViewIfNeeded(ctx, dom.NewScrollIntoViewIfNeededArgs().SetObjectID(el.res.ObjectID))
	if err != nil {
		return el.gone(notVisible(el, err))
	}
	if moved {
		// The frame itself, throttled while off screen, draws at its new
		// place before it takes input.
		_ = el.callOn(ctx, jsFramesDrawn, nil)
	}
	return nil
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

// isNodeGone reports whether a CDP error means the node or its document
// no longer exists.
func isNodeGone(err error) bool {
	var re *rpcc.ResponseError
	if errors.As(err, &re) {
		return containsAny(re.Message, "Cannot find context", "No node with given id", "Could not find node",
			"Node is detached", "context was destroyed", "Could not find object", "Inspected target navigated or closed")
	}
	return errors.Is(err, rpcc.ErrConnClosing)
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// releaseTimeout bounds clean-up calls made after a caller's context
// ended.
const releaseTimeout = 2 * time.Second
