package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// carouselState is what the carousel page shows and what it thinks it
// shows: its own index, the scroll position of its box (which a user
// cannot scroll), and the buttons clicked.
type carouselState struct {
	Index   int      `json:"index"`
	Scroll  float64  `json:"scroll"`
	Booked  []string `json:"booked"`
	PageTop float64  `json:"pageTop"`
}

func (e *env) carousel() carouselState {
	e.t.Helper()
	var s carouselState
	e.eval(`({index: window.index, scroll: document.getElementById('carousel').scrollLeft, booked: window.booked, pageTop: scrollY})`, &s)
	return s
}

// requireHeld asserts that err says the element is out of view inside the
// carousel, which the page scrolls itself, and names the way on.
func requireHeld(t *testing.T, err error) {
	t.Helper()
	requireCode(t, err, events.CodeElementCovered)
	body := actions.Describe(err)
	require.Contains(t, body.Message, `out of view inside div#carousel "Destinations", a box the page scrolls itself`)
	require.Contains(t, body.Message, "next or previous buttons")
	require.Equal(t, `div#carousel "Destinations"`, body.Details.Covering)
}

// An element out of view inside a box that hides its overflow (a
// carousel that moves itself) is not scrolled into view from outside: the
// page's own state (its index) would then say one slide and the screen
// show another. The action fails saying so; the page's own control brings
// it into view, and then the action works.
func TestIntoViewLeavesBoxesThePageScrolls(t *testing.T) {
	e := newEnv(t, "/carousel.html")
	porto := e.ref("button", "Book Porto")

	_, err := e.click(events.ClickElementEvent{Ref: porto})
	requireHeld(t, err)
	s := e.carousel()
	require.Zero(t, s.Scroll, "the carousel's box was not scrolled")
	require.Empty(t, s.Booked, "nothing was clicked")
	require.Greater(t, s.PageTop, 1000.0, "the page, which a user scrolls, was")

	_, err = e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Porto note"), Text: "window seat"})
	requireHeld(t, err)
	_, err = do(e, events.HoverEvent{TabID: e.tab.ID, Ref: porto})
	requireHeld(t, err)
	_, err = do(e, events.ScrollEvent{TabID: e.tab.ID, Ref: porto})
	requireHeld(t, err)
	require.Zero(t, e.carousel().Scroll)

	// With force, the click goes through script, still without moving the
	// box.
	r, err := e.click(events.ClickElementEvent{Ref: porto, Force: true})
	require.NoError(t, err)
	require.True(t, r.Details.Forced)
	s = e.carousel()
	require.Zero(t, s.Scroll)
	require.Equal(t, []string{"porto"}, s.Booked)

	// The page's own control brings the slide into view.
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Next")})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: porto})
	require.NoError(t, err)
	_, err = e.typeText(events.TypeTextEvent{Ref: e.ref("textbox", "Porto note"), Text: "window seat"})
	require.NoError(t, err)
	s = e.carousel()
	require.Equal(t, carouselState{Index: 1, Booked: []string{"porto", "porto"}, PageTop: s.PageTop}, s)
	require.Equal(t, "window seat", e.evalString("document.querySelector('input').value"))
}

// A box that hides its overflow on one axis only is scrolled on the other,
// as a user scrolls it.
func TestIntoViewScrollsTheAxisAUserCan(t *testing.T) {
	e := newEnv(t, "/carousel.html")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Deep in the side")})
	require.NoError(t, err)
	var top float64
	e.eval("document.getElementById('side').scrollTop", &top)
	require.Greater(t, top, 400.0)
	require.Equal(t, []string{"side"}, e.carousel().Booked)
}

// A slide the page is about to bring into view (its carousel moves a
// moment after the press) is waited for, as a cover that goes is.
func TestIntoViewWaitsForTheBoxToMoveIt(t *testing.T) {
	e := newEnv(t, "/carousel.html")
	e.eval("(document.getElementById('track').classList.add('late'), true)", nil)
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "Next")})
	require.NoError(t, err)
	_, err = e.click(events.ClickElementEvent{Ref: e.ref("button", "Book Porto")})
	require.NoError(t, err)
	s := e.carousel()
	require.Equal(t, []string{"porto"}, s.Booked)
	require.Zero(t, s.Scroll)
}
