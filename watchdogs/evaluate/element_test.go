package evaluate_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// testRefs is a test-only ref owner. It answers ResolveRefEvent the way the
// DefaultActionWatchdog does (a backend node id and the target it is valid
// on), but for refs fixed by the test: each names a CSS selector in the top
// document, in the same-origin iframe #same, or in the cross-origin
// (out-of-process) iframe. It lets the engine's element evaluation be tested
// on its own.
type testRefs struct{}

// refSpec says where a test ref's element is.
var refSpec = map[events.Ref]struct{ where, selector string }{
	"e1": {"top", "#top"},
	"e2": {"same", "#x"},
	"e3": {"cross", "#x"},
	"e4": {"bogus", ""}, // a backend node id the page never had: resolveNode fails
	"e5": {"none", ""},
}

func (testRefs) Name() string { return "test_refs" }

func (testRefs) Attach(ctx context.Context, h watchdogs.Host) (watchdogs.Attachment, error) {
	s, err := watchdogs.HostAs[*session.BrowserSession](h, "test_refs", "a full browser session")
	if err != nil {
		return nil, err
	}
	sub, err := bus.Handle(s.Bus(), "test_refs", func(ctx context.Context, e events.ResolveRefEvent) (events.ResolvedRef, error) {
		spec, ok := refSpec[e.Ref]
		if !ok {
			return events.ResolvedRef{}, events.Errorf(events.CodeUnknownRef, "ref %s is unknown", e.Ref)
		}
		tab, err := s.Tab(e.TabID)
		if err != nil {
			return events.ResolvedRef{}, err
		}
		rr := events.ResolvedRef{Ref: e.Ref, TargetID: tab.ID, FrameID: events.FrameID(tab.ID)}
		var c *cdp.Client
		var expr string
		switch spec.where {
		case "top":
			c, expr = tab.Client, fmt.Sprintf("document.querySelector(%q)", spec.selector)
		case "same":
			c, expr = tab.Client, fmt.Sprintf("document.querySelector('#same').contentDocument.querySelector(%q)", spec.selector)
		case "cross":
			oopif := oopifOf(s, tab)
			if oopif == nil {
				return rr, fmt.Errorf("no out-of-process frame in tab %s", tab.ID)
			}
			rr.TargetID, rr.FrameID = oopif.ID, events.FrameID(oopif.ID)
			c, expr = oopif.Client, fmt.Sprintf("document.querySelector(%q)", spec.selector)
		case "bogus":
			rr.BackendNodeID = 987654321
			return rr, nil
		case "none":
			return rr, nil
		}
		obj, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr))
		if err != nil {
			return rr, err
		}
		if obj.Result.ObjectID == nil {
			return rr, fmt.Errorf("%s: no element", expr)
		}
		node, err := c.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(*obj.Result.ObjectID))
		if err != nil {
			return rr, err
		}
		rr.BackendNodeID = int64(node.Node.BackendNodeID)
		return rr, nil
	})
	if err != nil {
		return nil, err
	}
	return watchdogs.DetachFunc(func(context.Context) error {
		sub.Unsubscribe()
		return nil
	}), nil
}

func withTestRefs() fx.Option {
	return fx.Provide(watchdogs.As(func() (testRefs, error) { return testRefs{}, nil }))
}

// oopifOf returns the out-of-process frame target of tab, or nil.
func oopifOf(s *session.BrowserSession, tab *session.Target) *session.Target {
	for _, t := range s.Targets() {
		if t.TabID == tab.ID && !t.IsPage() {
			return t
		}
	}
	return nil
}

// openFrames loads the frames page and waits for its out-of-process frame.
func openFrames(t *testing.T, s *session.BrowserSession, st *site) (*session.Target, *session.Target) {
	t.Helper()
	tab, err := s.ActiveTab()
	require.NoError(t, err)
	open(t, s, tab.ID, st.MainURL("/frames"))
	waitFor(t, s, "the cross-origin frame's target", func() bool { return oopifOf(s, tab) != nil })
	oopif := oopifOf(s, tab)
	waitFor(t, s, "the cross-origin frame to load", func() bool {
		return eval(t, s, events.EvaluateEvent{FrameID: events.FrameID(oopif.ID), Expression: "document.readyState"}).Value == "complete"
	})
	return tab, oopif
}

func TestElementEvaluate(t *testing.T) {
	st := serve(t)
	s := startWith(t, browser(t), withTestRefs())
	openFrames(t, s, st)

	tests := []struct {
		name string
		e    events.EvaluateEvent
		want any
	}{
		{"top document", events.EvaluateEvent{Ref: "e1", Function: "el => el.textContent"}, "top text"},
		{"same-origin iframe", events.EvaluateEvent{Ref: "e2", Function: "el => el.textContent + ' in ' + el.ownerDocument.defaultView.innerMark"}, "same-origin text in same-inner"},
		{"cross-origin iframe", events.EvaluateEvent{Ref: "e3", Function: "el => [el.textContent, location.origin, window.innerMark]"},
			[]any{"cross-origin text", origin(st.CrossURL("/")), "cross-inner"}},
		{"ref written @e1, function as Expression", events.EvaluateEvent{Ref: "@e1", Expression: "el => el.id"}, "top"},
		{"async function", events.EvaluateEvent{Ref: "e1", Function: "async el => { await null; return el.className }"}, "lead big"},
		{"the element itself", events.EvaluateEvent{Ref: "e1", Function: "el => el"}, "p#top.lead.big"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := eval(t, s, tt.e)
			assert.Equal(t, tt.want, r.Value)
			assert.Equal(t, events.EngineIsolated, r.Engine)
		})
	}

	t.Run("stale and unknown refs", func(t *testing.T) {
		for ref, code := range map[events.Ref]events.Code{"e4": events.CodeStaleRef, "e5": events.CodeStaleRef, "e99": events.CodeUnknownRef} {
			_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{Ref: ref, Function: "el => el"})
			assert.Equal(t, code, errorOf(t, err).Code, "ref %s: %v", ref, err)
		}
	})
	t.Run("a thrown error", func(t *testing.T) {
		_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{Ref: "e2", Function: "el => { throw new Error('in frame') }"})
		e := errorOf(t, err)
		assert.Equal(t, events.CodeJSException, e.Code)
		assert.Equal(t, new("Error: in frame"), e.Details.Message)
	})
	t.Run("invalid arguments", func(t *testing.T) {
		for _, e := range []events.EvaluateEvent{
			{Ref: "e1"},
			{Ref: "@nope", Function: "el => el"}, // neither a ref nor CSS (nope alone is a CSS selector)
			{Ref: "e1", FrameID: "F", Function: "el => el"},
			{Expression: "1", Function: "() => 2"},
			{},
		} {
			_, err, _ := evalWithin(t.Context(), s, ceiling, e)
			assert.Equal(t, events.CodeInvalidArgument, errorOf(t, err).Code, "%+v", e)
		}
	})
}

// origin returns the scheme://host:port of u.
func origin(u string) string {
	p, _ := url.Parse(u)
	return p.Scheme + "://" + p.Host
}

// sameOriginFrame finds the in-process iframe's frame id in tab's frame
// tree.
func sameOriginFrame(t *testing.T, tab *session.Target) events.FrameID {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	tree, err := tab.Client.Page.GetFrameTree(ctx)
	require.NoError(t, err)
	for _, c := range tree.FrameTree.ChildFrames {
		if strings.HasSuffix(c.Frame.URL, "/inner") {
			return events.FrameID(c.Frame.ID)
		}
	}
	t.Fatalf("no same-origin frame in %+v", tree.FrameTree.ChildFrames)
	return ""
}

func TestFrameEvaluate(t *testing.T) {
	st := serve(t)
	s := start(t)
	tab, oopif := openFrames(t, s, st)
	same := sameOriginFrame(t, tab)

	r := eval(t, s, events.EvaluateEvent{FrameID: events.FrameID(oopif.ID), Expression: "[location.origin, window.innerMark]"})
	assert.Equal(t, []any{origin(st.CrossURL("/")), "cross-inner"}, r.Value)
	assert.Equal(t, events.EngineIsolated, r.Engine)

	// The in-process frame runs in its main world: its own globals are
	// there.
	r = eval(t, s, events.EvaluateEvent{FrameID: same, Expression: "[location.origin, location.pathname, window.innerMark]"})
	assert.Equal(t, []any{origin(st.MainURL("/")), "/inner", "same-inner"}, r.Value)
	assert.Equal(t, events.EngineIsolated, r.Engine)

	r = eval(t, s, events.EvaluateEvent{FrameID: same, Function: "() => document.getElementById('x').textContent"})
	assert.Equal(t, "same-origin text", r.Value)

	r = eval(t, s, events.EvaluateEvent{FrameID: events.FrameID(tab.ID), Expression: "document.title"})
	assert.Equal(t, "frames", r.Value, "the tab's main frame id names the top document")

	_, err, _ := evalWithin(t.Context(), s, ceiling, events.EvaluateEvent{FrameID: "F00D", Expression: "1"})
	assert.Equal(t, events.CodeFrameNotFound, errorOf(t, err).Code)

	// After the frame navigates, its new document is found.
	eval(t, s, events.EvaluateEvent{Expression: "new Promise(r => { const f = document.getElementById('same'); f.onload = () => r(); f.src = '/inner?again' })"})
	r = eval(t, s, events.EvaluateEvent{FrameID: same, Expression: "location.search"})
	assert.Equal(t, "?again", r.Value)
}

// TestElementEvaluateThroughSnapshotRefs runs element evaluation end to end
// with the DefaultActionWatchdog as the ref owner: a snapshot issues the
// refs, ResolveRefEvent resolves them.
func TestElementEvaluateThroughSnapshotRefs(t *testing.T) {
	st := serve(t)
	s := start(t)
	open(t, s, "", st.MainURL("/counter"))
	ctx, cancel := context.WithTimeout(t.Context(), ceiling)
	defer cancel()
	res, err := bus.Dispatch(ctx, s.Bus(), events.BrowserStateRequestEvent{})
	require.NoError(t, err)
	var ref events.Ref
	for _, h := range res.Handlers {
		sec, _ := h.Value.(events.TabState)
		if sec.Tree == nil {
			continue
		}
		for r, info := range sec.Tree.Refs {
			if info.Role == "button" && info.Name == "add" {
				ref = r
			}
		}
	}
	require.NotEmpty(t, ref, "the snapshot has a ref for the button")
	r := eval(t, s, events.EvaluateEvent{Ref: ref, Function: "el => el.id + ':' + el.textContent"})
	assert.Equal(t, "b:add", r.Value)
}
