package main

import (
	"context"
	"strings"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/target"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// rawTab opens tab i in ch and returns the same loop as oursTab's in the
// fewest raw CDP calls, on the tab's own websocket: what concurrency does
// to a client with no design of its own on this machine. The snapshot is
// our snapshot script installed and run in the page's main world in one
// Runtime.evaluate (snapshot.WalkExpression: the page's work of ours, in
// the fewest calls, without our isolated world, kept refs, backend node
// ids or agent text), the click the check in page and the pressed+released
// pair of the API bench's floor, and the typing a focus and
// Input.insertText.
func rawTab(ctx context.Context, ch *chrome, browser *cdp.Client, srv *server) func(i int) (tabRun, func(), error) {
	return func(i int) (tabRun, func(), error) {
		tr, err := browser.Target.CreateTarget(ctx, target.NewCreateTargetArgs("about:blank"))
		if err != nil {
			return nil, nil, err
		}
		closeTab := func() { browser.Target.CloseTarget(ctx, target.NewCloseTargetArgs(tr.TargetID)) }
		conn, c, err := dialRaw(ctx, "ws://"+strings.TrimPrefix(ch.base, "http://")+"/devtools/page/"+string(tr.TargetID))
		if err != nil {
			closeTab()
			return nil, nil, err
		}
		closeAll := func() { conn.Close(); closeTab() }
		if err := c.Page.Enable(ctx); err != nil {
			closeAll()
			return nil, nil, err
		}
		load, err := c.Page.LoadEventFired(ctx)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		return func(actx context.Context, j int, record func(string, time.Time, error)) {
			t := time.Now()
			_, err := c.Page.Navigate(actx, page.NewNavigateArgs(tabURL(srv, i, j)))
			if err == nil {
				_, err = load.Recv()
			}
			record("navigate", t, err)
			t = time.Now()
			_, err = rawEval(actx, c, walkExpr)
			record("snapshot", t, err)
			t = time.Now()
			err = rawClickIn(actx, c, "document.getElementById('b')")
			record("click", t, err)
			t = time.Now()
			_, err = rawEval(actx, c, "t.focus()")
			if err == nil {
				err = c.Input.InsertText(actx, input.NewInsertTextArgs(typed))
			}
			record("type", t, err)
			t = time.Now()
			_, err = rawEval(actx, c, tabEval)
			record("evaluate", t, err)
		}, closeAll, nil
	}
}

// walkExpr is the floor's snapshot: see rawTab.
var walkExpr = snapshot.WalkExpression()

// rawClickIn finds the element expr names, checks it in the page and
// clicks its centre.
func rawClickIn(ctx context.Context, c *cdp.Client, expr string) error {
	obj, err := rawObject(ctx, c, expr)
	if err != nil {
		return err
	}
	x, y, err := rawCheck(ctx, c, obj)
	if err != nil {
		return err
	}
	return rawPress(ctx, c, x, y)
}
