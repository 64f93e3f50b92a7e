package defaultaction_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func (e *env) mouse(ev events.MouseEvent) (events.ActionResult, error) {
	ev.TabID = e.tab.ID
	return do(e, ev)
}

// centreOf reads the viewport centre of the element a selector finds.
func (e *env) centreOf(sel string) (x, y float64) {
	e.t.Helper()
	var p []float64
	e.eval(`(() => { const r = document.querySelector(`+"`"+sel+"`"+`).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, &p)
	return p[0], p[1]
}

// The mouse at coordinates: a drag as a user makes it reorders the
// pointer-event sortable list; so does a press, moves and a release sent
// one by one, the held button carried by the moves.
func TestMouseAtCoordinates(t *testing.T) {
	e := newEnv(t, "/drag.html")
	x5, y5 := e.centreOf("#list li:nth-child(5)")
	x1, y1 := e.centreOf("#list li:nth-child(1)")
	r, err := e.mouse(events.MouseEvent{Action: events.MouseDrag, X: x5, Y: y5, ToX: x1, ToY: y1 - 8})
	require.NoError(t, err)
	require.Equal(t, "5,1,2,3,4", e.evalString("order()"))
	require.Equal(t, "pointer", r.Details.Drag.Mode)
	require.True(t, r.Details.Drag.Moved)
	require.Equal(t, x1, *r.Details.X)

	// Item 1 is now second: press on it, move in steps, release above
	// item 5 (now first).
	x, y := e.centreOf("#list li:nth-child(2)")
	_, err = e.mouse(events.MouseEvent{Action: events.MouseMove, X: x, Y: y})
	require.NoError(t, err)
	_, err = e.mouse(events.MouseEvent{Action: events.MouseDown})
	require.NoError(t, err)
	for _, dy := range []float64{-3, -6, -12, -30, -42} {
		_, err = e.mouse(events.MouseEvent{Action: events.MouseMove, X: x, Y: y + dy})
		require.NoError(t, err)
	}
	_, err = e.mouse(events.MouseEvent{Action: events.MouseUp})
	require.NoError(t, err)
	require.Equal(t, "1,5,2,3,4", e.evalString("order()"))

	// A click holding its press for the delay.
	e.eval(`window.held = 0; let t0 = 0; plain.onmousedown = () => { t0 = performance.now(); }; plain.onmouseup = () => { window.held = performance.now() - t0; }; true`, nil)
	px, py := e.centreOf("#plain")
	_, err = e.mouse(events.MouseEvent{Action: events.MouseClick, X: px, Y: py, Delay: 120 * time.Millisecond})
	require.NoError(t, err)
	var held float64
	e.eval("window.held", &held)
	require.GreaterOrEqual(t, held, 100.0)

	// The wheel scrolls where the pointer is.
	e.eval(`document.body.style.height = '4000px'; true`, nil)
	_, err = e.mouse(events.MouseEvent{Action: events.MouseWheel, DY: 300})
	require.NoError(t, err)
	e.poll("the page to scroll", func() bool {
		var sy float64
		e.eval("window.scrollY", &sy)
		return sy > 0
	})

	_, err = e.mouse(events.MouseEvent{Action: "hop"})
	requireCode(t, err, events.CodeInvalidArgument)
	_, err = e.mouse(events.MouseEvent{Action: events.MouseMove, X: -1})
	requireCode(t, err, events.CodeInvalidArgument)
}
