package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/protocol/target"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// rawTab opens tab i in ch and returns the same loop as oursTab's in the
// fewest raw CDP calls, on the tab's own websocket: what concurrency does
// to a client with no design of its own on this machine. The tab keeps
// the request and console logs ours keeps (rawLogs). The navigation
// first checks that no script holds the page, as ours does (rawFreePage);
// the snapshot is rawSnapshot's, the click the check in page and the
// pressed+released pair of the API bench's floor, and the typing
// rawType's.
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
		logs, err := keepRawLogs(ctx, c)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		closeAll = func() { logs.stop(); conn.Close(); closeTab() }
		load, err := c.Page.LoadEventFired(ctx)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		return func(actx context.Context, j int, record func(string, time.Time, error)) {
			t := time.Now()
			err := rawFreePage(actx, c)
			if err == nil {
				_, err = c.Page.Navigate(actx, page.NewNavigateArgs(tabURL(srv, i, j)))
			}
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
			err = rawSnapshot(actx, c, page.FrameID(tr.TargetID))
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

// walkExpr installs our snapshot script and walks the document, in one
// evaluation (snapshot.WalkExpression).
var walkExpr = snapshot.WalkExpression()

// rawFreePage is the check ours makes before a navigation: a page whose
// script holds its main thread cannot be navigated away from (the tab is
// lost for good), so an empty evaluation must answer within 200 ms, else
// the script is stopped.
func rawFreePage(ctx context.Context, c *cdp.Client) error {
	pctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	_, err := rawEval(pctx, c, "0")
	cancel()
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		err = c.Runtime.TerminateExecution(ctx)
	}
	return err
}

// rawSnapshot is the floor's snapshot of a new document: the page work
// ours does in its fewest raw calls. It makes an isolated world in the top
// frame (so that the page's own scripts can neither see nor change the
// walk, as in ours and in Playwright's utility world), then installs our
// script there and walks the document in one evaluation while, beside it,
// a handle to the document has the whole tree described with its backend
// node ids, which refs that outlive the call are made of. It keeps no refs
// and writes no text for an agent: that is Go-side work of ours, not the
// page's.
func rawSnapshot(ctx context.Context, c *cdp.Client, frame page.FrameID) error {
	w, err := c.Page.CreateIsolatedWorld(ctx, page.NewCreateIsolatedWorldArgs(frame).SetWorldName("floor").SetGrantUniveralAccess(true))
	if err != nil {
		return err
	}
	described := make(chan error, 1)
	go func() {
		doc, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs("document").SetContextID(w.ExecutionContextID))
		if err == nil && doc.Result.ObjectID == nil {
			err = errors.New("no handle to the document")
		}
		if err == nil {
			_, err = c.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().SetObjectID(*doc.Result.ObjectID).SetDepth(-1).SetPierce(true))
		}
		described <- err
	}()
	rep, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(walkExpr).SetContextID(w.ExecutionContextID).SetReturnByValue(true))
	if err == nil && rep.ExceptionDetails != nil {
		err = errors.New(rep.ExceptionDetails.Text)
	}
	if derr := <-described; err == nil {
		err = derr
	}
	return err
}

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
// and shown, scrolls it into view, checks that it is what is drawn at its
// centre (as agentbrowser's typing refuses a box another control covers,
// and as the click floor checks its button), focuses it and arms a
// promise of its next input event.
const rawTypeReady = `(() => {
  const el = document.getElementById('t');
  if (!el || !el.isConnected || el.disabled || el.readOnly) throw new Error('not editable');
  el.scrollIntoViewIfNeeded(true);
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) throw new Error('not shown');
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (hit !== el && !el.contains(hit)) throw new Error('covered');
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
