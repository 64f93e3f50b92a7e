package main

import (
	"context"
	"fmt"
	"strconv"
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
// pair of the API bench's floor, and the typing rawType's.
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
			if err == nil {
				// What the navigation reports: where it landed and the
				// title there.
				_, err = c.Page.GetNavigationHistory(actx)
			}
			record("navigate", t, err)
			t = time.Now()
			_, err = rawEval(actx, c, walkExpr)
			record("snapshot", t, err)
			t = time.Now()
			err = rawClickIn(actx, c, "document.getElementById('b')")
			record("click", t, err)
			t = time.Now()
			err = rawType(actx, c)
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

// rawTypeReady checks that the text box is connected, enabled, editable
// and shown, scrolls it into view, focuses it and arms a promise of its
// next input event.
const rawTypeReady = `(() => {
  const el = document.getElementById('t');
  if (!el || !el.isConnected || el.disabled || el.readOnly) throw new Error('not editable');
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) throw new Error('not shown');
  el.scrollIntoViewIfNeeded(true);
  el.focus();
  if (document.activeElement !== el) throw new Error('focus did not take');
  window.__typed = new Promise(ok => el.addEventListener('input', ok, {once: true, capture: true}));
  return true;
})()`

// rawTypeSettled waits for that input event, lets the timers its handlers
// queued run (three zero-delay timer hops) and reads the value.
const rawTypeSettled = `window.__typed.then(() => new Promise(ok => setTimeout(() => setTimeout(() => setTimeout(() => ok(document.getElementById('t').value), 0), 0), 0)))`

// rawType is the floor's typing: the job agentbrowser's type does (check
// the element, focus it, insert the text, let the page's handlers and
// their zero-delay timers run, read the value back) in its fewest round
// trips, two: the check-and-focus, then the text with the settle sent
// along with it.
func rawType(ctx context.Context, c *cdp.Client) error {
	if _, err := rawEval(ctx, c, rawTypeReady); err != nil {
		return err
	}
	settled := make(chan error, 1)
	go func() {
		v, err := rawEval(ctx, c, rawTypeSettled)
		if err == nil && string(v) != strconv.Quote(typed) {
			err = fmt.Errorf("typed value %s, want %q", v, typed)
		}
		settled <- err
	}()
	err := c.Input.InsertText(ctx, input.NewInsertTextArgs(typed))
	if serr := <-settled; err == nil {
		err = serr
	}
	return err
}
