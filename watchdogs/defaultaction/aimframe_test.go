package defaultaction_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestClickOOPIFBelowTheFold: a button below the fold of an out-of-process
// frame whose <iframe> (with a border and padding) is itself below the
// fold of the page is scrolled into view on both sides and clicked at a
// point inside the iframe's content box.
func TestClickOOPIFBelowTheFold(t *testing.T) {
	e := newEnv(t, "/framefold.html")
	oopif, ref := oopifButton(e)
	for i := range 2 {
		r, n := clickCounted(e, oopif, ref)
		var inner, outer any
		evalOn(t, e.ctx(), oopif, "(() => { const r = document.querySelector('button').getBoundingClientRect(); return [r.top, r.bottom, scrollY, innerHeight] })()", &inner)
		e.eval("(() => { const r = document.getElementById('cross').getBoundingClientRect(); return [r.top, r.bottom, scrollY, innerHeight] })()", &outer)
		require.Equal(t, i+1, n, "clicked at %v; button in the frame %v, iframe in the page %v", r.Details, inner, outer)
		var box []float64
		e.eval(`(() => { const r = document.getElementById('cross').getBoundingClientRect(); return [r.left + 18, r.top + 18, r.right - 18, r.bottom - 18] })()`, &box)
		require.NotNil(t, r.Details.X)
		x, y := *r.Details.X, *r.Details.Y
		require.True(t, x >= box[0] && x < box[2] && y >= box[1] && y < box[3], "the point %v,%v is inside the iframe's content box %v", x, y, box)
	}
}

// oopifButton waits for framefold.html's cross-origin frame and for its
// button in a snapshot, and returns the frame and the button's ref.
func oopifButton(e *env) (*session.Target, events.Ref) {
	return frameButton(e, "the cross-origin frame", func(*session.Target) bool { return true })
}

// frameButton waits for an out-of-process frame of the tab for which is
// returns true (what names it in failures) and for its "Deep inner button"
// in a snapshot, and returns the frame and the button's ref.
func frameButton(e *env, what string, is func(*session.Target) bool) (*session.Target, events.Ref) {
	var frame *session.Target
	e.poll(what+" to attach", func() bool {
		for _, tg := range e.s.Targets() {
			if tg.TabID == e.tab.ID && !tg.IsPage() && is(tg) {
				frame = tg
				return true
			}
		}
		return false
	})
	var ref events.Ref
	e.poll(what+"'s button in the snapshot", func() bool {
		st := e.state(events.SnapshotOptions{})
		ref, _ = findRefMaybe(st, "button", "Deep inner button", func(fid events.FrameID) bool { return fid == events.FrameID(frame.ID) })
		return ref != ""
	})
	return frame, ref
}

// clickCounted clicks ref and returns the result and how many clicks the
// button of frame (frametall.html's) has counted so far.
func clickCounted(e *env, frame *session.Target, ref events.Ref) (events.ActionResult, int) {
	e.t.Helper()
	r, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(e.t, err)
	var n int
	evalOn(e.t, e.ctx(), frame, "window.innerClicks || 0", &n)
	return r, n
}

// pushDown inserts a block of px pixels before the element with id in the
// tab's page, moving it down by layout.
func pushDown(e *env, id string, px int) {
	e.eval(fmt.Sprintf(`(() => { const d = document.createElement('div'); d.style.height = '%dpx'; d.textContent = 'pushed'; document.getElementById(%q).before(d); return true })()`, px, id), nil)
}

// TestClickOOPIFThatJustMoved: the page moves the <iframe> of a
// cross-origin frame by layout (no scroll) right before each click. The
// browser still routes input by the place it last composited, so a click
// aimed at the new place at once would land in the page; the click has to
// see that the frame is somewhere new and confirm that input reaches it
// there first.
func TestClickOOPIFThatJustMoved(t *testing.T) {
	e := newEnv(t, "/framefold.html")
	oopif, ref := oopifButton(e)
	_, err := e.click(events.ClickElementEvent{Ref: ref})
	require.NoError(t, err)
	for i := range 3 {
		pushDown(e, "cross", 37)
		r, n := clickCounted(e, oopif, ref)
		require.Equal(t, i+2, n, "click %d after the iframe moved down landed outside the frame, at %v", i+2, r.Details)
	}
}

// TestClickNestedOOPIFBelowTheFold: a button below the fold of a frame
// (127.0.0.1) inside a cross-origin frame (localhost) inside the page
// (127.0.0.1), each below the fold of its parent, so each document has to
// scroll, is clicked, twice; then once more after the page moved the outer
// <iframe> by layout.
func TestClickNestedOOPIFBelowTheFold(t *testing.T) {
	e := newEnv(t, "/framenested.html")
	inner, ref := frameButton(e, "the nested frame", func(tg *session.Target) bool {
		parent, ok := e.s.TargetBySession(tg.ParentSessionID)
		return ok && !parent.IsPage()
	})
	for i := range 3 {
		if i == 2 {
			pushDown(e, "mid", 41)
		}
		r, n := clickCounted(e, inner, ref)
		require.Equal(t, i+1, n, "click %d at %v landed outside the nested frame", i+1, r.Details)
	}
}

// TestClickAtMovesThePointerOnlyWhenItMoved: clicks at A, B and A again
// each land, and the pointer enters A again on the third (the move is
// skipped only when the pointer is already there).
func TestClickAtMovesThePointerOnlyWhenItMoved(t *testing.T) {
	e := newEnv(t, "/click.html")
	var pts [][]float64
	e.eval(`(() => { window.overs = []; const out = [];
		document.getElementById('out').style.display = 'none';
		for (const id of ['plain', 'victim']) {
			const b = document.getElementById(id);
			b.addEventListener('mouseover', () => window.overs.push(id));
			const r = b.getBoundingClientRect(); out.push([r.x + r.width/2, r.y + r.height/2]);
		}
		return out })()`, &pts)
	for _, p := range [][]float64{pts[0], pts[0], pts[1], pts[0]} {
		_, err := do(e, events.ClickCoordinateEvent{TabID: e.tab.ID, X: p[0], Y: p[1]})
		require.NoError(t, err)
	}
	require.Equal(t, "plain,plain,victim,plain", e.evalString("window.clicks.join(',')"))
	require.Equal(t, "plain,victim,plain", e.evalString("window.overs.join(',')"))
}
