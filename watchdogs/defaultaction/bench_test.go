package defaultaction_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

const benchPage = `<!doctype html><title>bench</title>
<button id=b onclick="window.n = (window.n||0) + 1">Count</button>
<textarea id=t aria-label="Text"></textarea>`

// benchTab opens the bench page in a fresh tab and returns it with the
// refs of its button and textarea.
func benchTab(b *testing.B) (*session.Target, events.Ref, events.Ref) {
	b.Helper()
	testutil.RequireChrome(b)
	srv := testutil.Serve(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, benchPage) }))
	shared := sharedSession(b)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	nt, err := actions.NewTab(ctx, shared, srv.MainURL("/"))
	require.NoError(b, err)
	b.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = shared.CloseTab(ctx, nt.Tab.ID)
	})
	tab, err := shared.Tab(nt.Tab.ID)
	require.NoError(b, err)
	st, err := actions.State(ctx, shared, events.BrowserStateRequestEvent{TabID: tab.ID})
	require.NoError(b, err)
	var btn, ta events.Ref
	for r, info := range st.Tree.Refs {
		switch info.Role {
		case "button":
			btn = r
		case "textbox":
			ta = r
		}
	}
	require.NotEmpty(b, btn)
	require.NotEmpty(b, ta)
	return tab, btn, ta
}

// BenchmarkClickByRef clicks a button by ref through the bus and the
// watchdog: resolve, scroll into view, quads, hit test, mouse events, and
// the navigation/new-tab/dialog watch.
func BenchmarkClickByRef(b *testing.B) {
	tab, btn, _ := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := actions.Do(ctx, shared, events.ClickElementEvent{TabID: tab.ID, Ref: btn}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClickByLocator clicks the same button by role and name, with no
// snapshot: the locator's walk of the page comes before the click by ref.
func BenchmarkClickByLocator(b *testing.B) {
	tab, _, _ := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := actions.Do(ctx, shared, events.ClickElementEvent{TabID: tab.ID, Ref: `role=button[name="Count"]`}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLocate500 finds one button among 500 by role and name.
func BenchmarkLocate500(b *testing.B) {
	tab, _, _ := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	_, err := session.Evaluate(ctx, tab.Client,
		`for (let i = 0; i < 500; i++) { const b = document.createElement('button'); b.textContent = 'Row ' + i; document.body.append(b) } 1`, false)
	require.NoError(b, err)
	b.ResetTimer()
	for b.Loop() {
		r, err := actions.Do(ctx, shared, events.LocateEvent{TabID: tab.ID, Locator: `role=button[name="Row 250"]`})
		if err != nil || r.Total != 1 {
			b.Fatal(err, r.Total)
		}
	}
}

// BenchmarkSnapshot500 takes the interactive snapshot of the same page, the
// price an agent pays without a locator.
func BenchmarkSnapshot500(b *testing.B) {
	tab, _, _ := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	_, err := session.Evaluate(ctx, tab.Client,
		`for (let i = 0; i < 500; i++) { const b = document.createElement('button'); b.textContent = 'Row ' + i; document.body.append(b) } 1`, false)
	require.NoError(b, err)
	b.ResetTimer()
	for b.Loop() {
		if _, err := actions.State(ctx, shared, events.BrowserStateRequestEvent{TabID: tab.ID, Snapshot: events.SnapshotOptions{Interactive: true}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClickRawCDP issues the CDP calls a click by ref needs, directly:
// scroll into view, content quads, layout metrics, a hit test, and the three
// mouse events.
func BenchmarkClickRawCDP(b *testing.B) {
	tab, btn, _ := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	rr, err := actions.Do(ctx, shared, events.ResolveRefEvent{TabID: tab.ID, Ref: btn})
	require.NoError(b, err)
	id := dom.BackendNodeID(rr.BackendNodeID)
	c := tab.Client
	b.ResetTimer()
	for b.Loop() {
		if err := c.DOM.ScrollIntoViewIfNeeded(ctx, dom.NewScrollIntoViewIfNeededArgs().SetBackendNodeID(id)); err != nil {
			b.Fatal(err)
		}
		q, err := c.DOM.GetContentQuads(ctx, dom.NewGetContentQuadsArgs().SetBackendNodeID(id))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Page.GetLayoutMetrics(ctx); err != nil {
			b.Fatal(err)
		}
		x, y := (q.Quads[0][0]+q.Quads[0][4])/2, (q.Quads[0][1]+q.Quads[0][5])/2
		if _, err := c.DOM.GetNodeForLocation(ctx, dom.NewGetNodeForLocationArgs(int(x), int(y))); err != nil {
			b.Fatal(err)
		}
		for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
			args := input.NewDispatchMouseEventArgs(typ, x, y)
			if typ != "mouseMoved" {
				args.SetButton(input.MouseButtonLeft).SetClickCount(1)
			}
			if err := c.Input.DispatchMouseEvent(ctx, args); err != nil {
				b.Fatal(err)
			}
		}
	}
}

const twenty = "abcdefghijklmnopqrst"

// BenchmarkType20Chars types 20 characters by ref through the bus and the
// watchdog (focus, one insertText, the value read back).
func BenchmarkType20Chars(b *testing.B) {
	tab, _, ta := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := actions.Do(ctx, shared, events.TypeTextEvent{TabID: tab.ID, Ref: ta, Text: twenty}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkType20KeyPairsRaw sends 20 keyDown/keyUp pairs directly, as key
// by key typing does.
func BenchmarkType20KeyPairsRaw(b *testing.B) {
	tab, _, ta := benchTab(b)
	shared := sharedSession(b)
	ctx := context.Background()
	rr, err := actions.Do(ctx, shared, events.ResolveRefEvent{TabID: tab.ID, Ref: ta})
	require.NoError(b, err)
	require.NoError(b, tab.Client.DOM.Focus(ctx, dom.NewFocusArgs().SetBackendNodeID(dom.BackendNodeID(rr.BackendNodeID))))
	c := tab.Client
	b.ResetTimer()
	for b.Loop() {
		for _, r := range twenty {
			k := string(r)
			down := input.NewDispatchKeyEventArgs("keyDown").SetKey(k).SetText(k).SetCode("Key" + string(r-32)).SetWindowsVirtualKeyCode(int(r - 32))
			if err := c.Input.DispatchKeyEvent(ctx, down); err != nil {
				b.Fatal(err)
			}
			up := input.NewDispatchKeyEventArgs("keyUp").SetKey(k).SetCode("Key" + string(r-32)).SetWindowsVirtualKeyCode(int(r - 32))
			if err := c.Input.DispatchKeyEvent(ctx, up); err != nil {
				b.Fatal(err)
			}
		}
	}
}
