package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// logged reads the page's event log and empties it.
func (e *env) logged() []string {
	e.t.Helper()
	var out []string
	e.eval("window.events.splice(0)", &out)
	return out
}

// An input whose ancestor is 0 px high with overflow hidden is not clipped
// by it when it is positioned against a box further up: the browser draws
// it and its hit test reaches it, so typing and clicking go ahead.
func TestHitTestUnclippedByStaticAncestor(t *testing.T) {
	e := newEnv(t, "/hittest.html")
	r, err := do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#email", Text: "a@b.c"})
	require.NoError(t, err)
	require.Equal(t, "a@b.c", *r.Details.Value)
	_, err = e.click(events.ClickElementEvent{Ref: "css=#email"})
	require.NoError(t, err)
	require.Equal(t, "email", e.evalString("document.activeElement.id"))
}

// An SVG group whose box's centre is empty canvas is clicked where its own
// shapes are; its text label, drawn over the group's shape, is reached
// through that shape.
func TestHitTestSVGGroupAndLabel(t *testing.T) {
	e := newEnv(t, "/hittest.html")
	r, err := e.click(events.ClickElementEvent{Ref: "css=#node", ClickCount: 2})
	require.NoError(t, err)
	require.Less(t, *r.Details.X, 90.0, "aimed at the rect, not the empty centre")
	got := e.logged()
	require.Len(t, got, 3, "%q", got)
	require.Equal(t, []string{"node down", "node down"}, got[:2])
	require.Regexp(t, `^node dblclick (rect|text)$`, got[2])

	_, err = e.click(events.ClickElementEvent{Ref: "css=#label", ClickCount: 2})
	require.NoError(t, err)
	got = e.logged()
	require.NotEmpty(t, got)
	require.Regexp(t, `^node dblclick (rect|text)$`, got[len(got)-1])
}

// A button whose centre lies under a toast is clicked on a part of it the
// toast leaves free.
func TestHitTestPartlyCovered(t *testing.T) {
	e := newEnv(t, "/hittest.html")
	r, err := e.click(events.ClickElementEvent{Ref: "css=#part"})
	require.NoError(t, err)
	require.True(t, *r.Details.X < 560 || *r.Details.X >= 640, "x %v is outside the toast", *r.Details.X)
	require.Equal(t, []string{"part"}, e.logged())
}

// A button inside a same-origin frame whose <iframe> lies under an overlay
// of the parent document is covered: the hit test goes through the frames.
func TestHitTestAcrossFrames(t *testing.T) {
	e := newEnv(t, "/hittest.html")
	_, err := e.click(events.ClickElementEvent{Ref: e.ref("button", "In frame")})
	requireCode(t, err, events.CodeElementCovered)
	require.Equal(t, "div#veil", actions.Describe(err).Details.Covering)
	require.Empty(t, e.logged())
}

// Force acts without the check: where every point of the element is
// covered, the click, the double click and the hover reach it through
// script, with a user's events; typing goes into a field the user cannot
// see.
func TestForceClickHoverType(t *testing.T) {
	e := newEnv(t, "/hittest.html")
	_, err := e.click(events.ClickElementEvent{Ref: "css=#under"})
	requireCode(t, err, events.CodeElementCovered)
	require.Contains(t, err.Error(), "div#sheet")
	require.Empty(t, e.logged())

	r, err := e.click(events.ClickElementEvent{Ref: "css=#under", Force: true})
	require.NoError(t, err)
	require.True(t, r.Details.Forced)
	require.Equal(t, []string{"under mouseover", "under mousedown", "under click"}, e.logged())

	_, err = e.click(events.ClickElementEvent{Ref: "css=#under", Force: true, ClickCount: 2})
	require.NoError(t, err)
	require.Equal(t, []string{"under mouseover", "under mousedown", "under click", "under mousedown", "under click", "under dblclick"}, e.logged())

	r, err = do[events.HoverEvent, events.ActionResult](e, events.HoverEvent{TabID: e.tab.ID, Ref: "css=#under", Force: true})
	require.NoError(t, err)
	require.True(t, r.Details.Forced)
	require.Equal(t, []string{"under mouseover"}, e.logged())

	// Where nothing covers the element, force clicks with real input.
	r, err = e.click(events.ClickElementEvent{Ref: "css=#part", Force: true})
	require.NoError(t, err)
	require.False(t, r.Details.Forced)
	require.NotNil(t, r.Details.X)

	_, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#ghost", Text: "x"})
	requireCode(t, err, events.CodeElementCovered)
	r, err = do[events.TypeTextEvent, events.ActionResult](e, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#ghost", Text: "boo", Force: true})
	require.NoError(t, err)
	require.Equal(t, "boo", e.evalString("ghost.value"))
}
