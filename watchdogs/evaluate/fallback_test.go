package evaluate_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpproxy"
	"github.com/agentbrowser/agentbrowser/session"
)

// oneClient starts a proxy in front of the shared browser that admits one
// client at a time, as some hosted browser endpoints do, and connects a
// session through it: the session holds the one slot, so the engine cannot
// open its own connection.
func oneClient(t *testing.T, extra ...fx.Option) *session.BrowserSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	p, err := cdpproxy.Start(ctx, cdpproxy.Options{Upstream: browser(t), MaxClients: 1})
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return startWith(t, p.Endpoint(), extra...)
}

func TestFallbackOnAOneClientEndpoint(t *testing.T) {
	st := serve(t)
	s := oneClient(t, fxDefaultAction())
	tab := activeTab(t, s)
	open(t, s, tab, st.MainURL("/counter"))

	r := eval(t, s, events.EvaluateEvent{Expression: "[document.title, NaN]"})
	assert.Equal(t, []any{"counter", events.NaN}, r.Value)
	assert.Equal(t, events.EngineFallback, r.Engine)
	assert.Equal(t, "dial_failed", r.Details.FallbackReason)
	assert.Contains(t, r.Details.FallbackError, "handshake")

	// The same budget and the same termination, on the main session.
	const b = 500 * time.Millisecond
	_, err, took := evalWithin(t.Context(), s, b, events.EvaluateEvent{TabID: tab, Expression: "while (true) {}"})
	e := errorOf(t, err)
	t.Logf("fallback: while(true){} with a %v budget returned after %v: %v", b, took, e.Details)
	require.Equal(t, events.CodeTimeout, e.Code, e.Message)
	require.Less(t, took, 5*time.Second)
	requireCleanedUp(t, e, "main_session", b)
	assert.Equal(t, "1", clickCounter(t, s, tab))

	got := stats(t, s)
	assert.Zero(t, got.Isolated)
	assert.Equal(t, got.Count, got.Fallbacks)
	assert.Equal(t, got.Fallbacks, got.FallbackReasons["dial_failed"])
	assert.EqualValues(t, 1, got.Timeouts)
	assert.EqualValues(t, 1, got.Terminations)
	assert.Zero(t, got.Detaches, "the main session is never detached")
}

func TestFallbackElementsAndFrames(t *testing.T) {
	st := serve(t)
	s := oneClient(t, withTestRefs())
	tab, oopif := openFrames(t, s, st)

	for ref, want := range map[events.Ref]any{"e1": "top text", "e2": "same-origin text", "e3": "cross-origin text"} {
		r := eval(t, s, events.EvaluateEvent{Ref: ref, Function: "el => el.textContent"})
		assert.Equal(t, want, r.Value, "ref %s", ref)
		assert.Equal(t, events.EngineFallback, r.Engine)
	}
	_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{Ref: "e4", Function: "el => el"})
	assert.Equal(t, events.CodeStaleRef, errorOf(t, err).Code)

	r := eval(t, s, events.EvaluateEvent{FrameID: events.FrameID(oopif.ID), Expression: "[location.origin, window.innerMark]"})
	assert.Equal(t, []any{origin(st.CrossURL("/")), "cross-inner"}, r.Value, "an out-of-process frame runs in its main world")
	// An in-process frame runs in an isolated world on the fallback: its
	// DOM and location, not its script globals.
	r = eval(t, s, events.EvaluateEvent{FrameID: sameOriginFrame(t, tab), Expression: "[location.pathname, document.getElementById('x').textContent, typeof window.innerMark]"})
	assert.Equal(t, []any{"/inner", "same-origin text", "undefined"}, r.Value)
	_, err, _ = evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{FrameID: "F00D", Expression: "1"})
	assert.Equal(t, events.CodeFrameNotFound, errorOf(t, err).Code)
}
