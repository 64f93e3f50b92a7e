package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func (e *env) drag(ev events.DragEvent) (events.ActionResult, error) {
	ev.TabID = e.tab.ID
	return do(e, ev)
}

// A pointer-event sortable list that starts a drag only after a 5 px move
// over several events: item 5 dragged onto item 1 goes first, and the
// result says where it ended.
func TestDragSortableList(t *testing.T) {
	e := newEnv(t, "/drag.html")
	r, err := e.drag(events.DragEvent{From: "css=#list li:nth-child(5)", To: "css=#list li:nth-child(1)"})
	require.NoError(t, err)
	require.Equal(t, "5,1,2,3,4", e.evalString("order()"))
	d := r.Details.Drag
	require.NotNil(t, d)
	require.Equal(t, "pointer", d.Mode)
	require.True(t, d.Moved)
	require.Equal(t, 4, d.Was.Index)
	require.Equal(t, 0, d.Now.Index)
	require.Contains(t, d.Summary, "moved from position 5 to 1 of 5")
}

// before and after put the dragged element on the side of the target
// asked for, whichever way the pointer travels.
func TestDragBeforeAfter(t *testing.T) {
	e := newEnv(t, "/drag.html")
	_, err := e.drag(events.DragEvent{From: "css=#list li:nth-child(1)", To: "css=#list li:nth-child(3)", Position: events.DragAfter})
	require.NoError(t, err)
	require.Equal(t, "2,3,1,4,5", e.evalString("order()"))
	_, err = e.drag(events.DragEvent{From: "css=#list li:nth-child(5)", To: "css=#list li:nth-child(2)", Position: events.DragBefore})
	require.NoError(t, err)
	require.Equal(t, "2,5,3,1,4", e.evalString("order()"))
	_, err = e.drag(events.DragEvent{From: "css=#list li:nth-child(1)", To: "css=#list li:nth-child(4)", Position: events.DragBefore})
	require.NoError(t, err)
	require.Equal(t, "5,3,2,1,4", e.evalString("order()"))
}

// A kanban board on HTML5 drag and drop: the card moves to the other
// column through the browser's drag interception.
func TestDragNativeKanban(t *testing.T) {
	e := newEnv(t, "/drag.html")
	r, err := e.drag(events.DragEvent{From: "css=#c1", To: "css=#done"})
	require.NoError(t, err)
	require.Equal(t, "done", e.evalString("document.getElementById('c1').closest('.col').id"))
	d := r.Details.Drag
	require.Equal(t, "native", d.Mode)
	require.Contains(t, d.Was.Parent, `"To do"`)
	require.Contains(t, d.Now.Parent, `"Done"`)
	require.Contains(t, d.Summary, "the page received a drop")

	// The mouse is free afterwards: a click lands.
	_, err = e.click(events.ClickElementEvent{Ref: "css=#c2"})
	require.NoError(t, err)
}

// A drag the page ignores is not a success.
func TestDragThatChangesNothing(t *testing.T) {
	e := newEnv(t, "/drag.html")
	_, err := e.drag(events.DragEvent{From: "css=#plain", To: "css=#list li:nth-child(1)"})
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "changed nothing")
	require.Equal(t, "1,2,3,4,5", e.evalString("order()"))
}

// A drag inside a cross-origin (out-of-process) frame: the points are
// the tab's, the watch and the read-back the frame's.
func TestDragInsideCrossOriginFrame(t *testing.T) {
	e := newEnv(t, "/dragframe.html")
	e.poll("the frame's list", func() bool {
		r, err := do[events.LocateEvent, events.LocateResult](e, events.LocateEvent{TabID: e.tab.ID, Locator: "css=#list li:nth-child(5)"})
		return err == nil && r.Total == 1
	})
	r, err := e.drag(events.DragEvent{From: "css=#list li:nth-child(5)", To: "css=#list li:nth-child(1)"})
	require.NoError(t, err)
	require.Contains(t, r.Details.Drag.Summary, "moved from position 5 to 1 of 5")
	r, err = e.drag(events.DragEvent{From: "css=#c1", To: "css=#done"})
	require.NoError(t, err)
	require.Equal(t, "native", r.Details.Drag.Mode)
	require.Contains(t, r.Details.Drag.Now.Parent, `"Done"`)
}

// A drop target that lets the pointer through (pointer-events: none, a
// place label drawn on a map) is not said to be covered by what lies
// under it: the drag lets go over it, as a user's does, and the pin ends
// on it.
func TestDragOntoPassThroughTarget(t *testing.T) {
	e := newEnv(t, "/mapdrag.html")
	_, err := do(e, events.DragEvent{TabID: e.tab.ID, From: e.ref("button", "Depot"), To: "text=Harbour"})
	require.NoError(t, err)
	require.Equal(t, "true", e.evalString(`String(onHarbour())`))
}

// A drag the page undoes on release (the card slides back where it was) is
// not a move: the result is read once the slide back has ended, and it
// says nothing changed.
func TestDragThatSnapsBack(t *testing.T) {
	e := newEnv(t, "/snapback.html")
	_, err := e.drag(events.DragEvent{From: "css=#card", To: "css=#edge"})
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "changed nothing")
	require.Equal(t, "400", e.evalString(`String(document.getElementById("card").getBoundingClientRect().left - document.getElementById("track").getBoundingClientRect().left)`))
}

// A drag no target took, after which the page left only a mark on the
// element (a style it set while dragging and set back another way),
// changed nothing but how the element is drawn: not_applied. One after
// which the page also changed a text or a field's value is taken.
func TestDragThatLeavesOnlyAMark(t *testing.T) {
	e := newEnv(t, "/snapback.html")
	_, err := e.drag(events.DragEvent{From: "css=#tile", To: "css=#slot"})
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "changed nothing but how it is drawn")
	require.Equal(t, "1", e.evalString(`document.getElementById("tile").style.opacity`), "the mark is there")

	r, err := e.drag(events.DragEvent{From: "css=#counted", To: "css=#slot2"})
	require.NoError(t, err)
	require.NotEqual(t, "0 tries", e.evalString(`document.getElementById("tries").textContent`))
	require.True(t, r.Details.Drag.Moved)

	r, err = e.drag(events.DragEvent{From: "css=#valued", To: "css=#slot3"})
	require.NoError(t, err)
	require.Equal(t, "left", e.evalString(`document.getElementById("where").value`))
	require.Contains(t, r.Details.Drag.Summary, "1 field values changed")
}

// Widgets a page places by coordinates (absolutely positioned, their
// order among their siblings never changes): before and after are judged
// by where the widget shows beside the target, so a drag the page took
// is not called not applied, and one it put on the other side is.
func TestDragBeforeAfterPlacedByCoordinates(t *testing.T) {
	e := newEnv(t, "/dashboard.html")
	_, err := e.drag(events.DragEvent{From: "css=#a", To: "css=#c", Position: events.DragAfter})
	require.NoError(t, err)
	require.Equal(t, "b,c,a,d", e.evalString("order()"))
	_, err = e.drag(events.DragEvent{From: "css=#d", To: "css=#b", Position: events.DragBefore})
	require.NoError(t, err)
	require.Equal(t, "d,b,c,a", e.evalString("order()"))
	require.Equal(t, "a,b,c,d", e.evalString("dom()"))

	// A page that puts the widget a slot short of the pointer leaves it
	// before the target it was asked to follow.
	e.evalString("String(window.lag = true)")
	_, err = e.drag(events.DragEvent{From: "css=#b", To: "css=#a", Position: events.DragAfter})
	requireCode(t, err, events.CodeNotApplied)
	require.Contains(t, err.Error(), "left it before")
	require.Equal(t, "d,c,b,a", e.evalString("order()"))
}

// A carousel that advances on a quick swipe, and on a slow one only past
// half a slide, takes back a paced drag that ends hovering over its
// target: the drag is then done again as a flick (quick moves, let go
// still moving), and the carousel advances. A page that takes the flick
// back too is still told apart (TestDragThatSnapsBack).
func TestDragFlicksWhenThePageTakesASlowDragBack(t *testing.T) {
	e := newEnv(t, "/swipe.html")
	r, err := e.drag(events.DragEvent{From: "text=Oslo", To: "css=#mark"})
	require.NoError(t, err)
	require.Equal(t, "1", e.evalString("String(index)"))
	require.Contains(t, r.Details.Drag.Summary, "flicked")
	require.Contains(t, r.Details.Drag.Summary, "moved by -400, 0 px")

	// The same with the mouse at coordinates.
	var box struct{ X0, Y0, X1 float64 }
	e.eval(`(() => { const c = document.getElementById("carousel").getBoundingClientRect(); return {x0: c.left, y0: c.top + c.height / 2, x1: c.right}; })()`, &box)
	_, err = do(e, events.MouseEvent{TabID: e.tab.ID, Action: events.MouseDrag, X: box.X1 - 60, Y: box.Y0, ToX: box.X1 - 220, ToY: box.Y0})
	require.NoError(t, err)
	require.Equal(t, "2", e.evalString("String(index)"))
}
