package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mafredri/cdp"
	"github.com/mafredri/cdp/protocol/input"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/mafredri/cdp/rpcc"
)

// raw is the floor: the fewest mafredri/cdp calls that do each job, on the
// page's own websocket, with streams opened once.
type raw struct {
	ctx    context.Context
	srv    *server
	chrome *chrome
	conn   *rpcc.Conn
	c      *cdp.Client
	load   page.LoadEventFiredClient
	dialog page.JavascriptDialogOpeningClient
}

func newRaw(ctx context.Context, srv *server) (*raw, error) {
	ch, err := launchChrome(ctx)
	if err != nil {
		return nil, err
	}
	r := &raw{ctx: ctx, srv: srv, chrome: ch}
	t, err := ch.waitTarget(ctx, func(t jsonTarget) bool { return t.Type == "page" })
	if err != nil {
		return nil, err
	}
	if r.conn, r.c, err = dialRaw(ctx, t.WS); err != nil {
		return nil, err
	}
	if err := r.c.Page.Enable(ctx); err != nil {
		return nil, err
	}
	if r.load, err = r.c.Page.LoadEventFired(ctx); err != nil {
		return nil, err
	}
	if r.dialog, err = r.c.Page.JavascriptDialogOpening(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

func dialRaw(ctx context.Context, ws string) (*rpcc.Conn, *cdp.Client, error) {
	conn, err := rpcc.DialContext(ctx, ws, rpcc.WithWriteBufferSize(1<<20))
	if err != nil {
		return nil, nil, err
	}
	return conn, cdp.NewClient(conn), nil
}

func (r *raw) close() {
	r.conn.Close()
	r.chrome.close()
}

func (r *raw) navigate(url string) error {
	if _, err := r.c.Page.Navigate(r.ctx, page.NewNavigateArgs(url)); err != nil {
		return err
	}
	_, err := r.load.Recv()
	return err
}

func rawEval(ctx context.Context, c *cdp.Client, expr string) (json.RawMessage, error) {
	rep, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr).SetReturnByValue(true).SetAwaitPromise(true))
	if err != nil {
		return nil, err
	}
	if rep.ExceptionDetails != nil {
		return nil, errors.New(rep.ExceptionDetails.Text)
	}
	return rep.Result.Value, nil
}

func rawObject(ctx context.Context, c *cdp.Client, expr string) (runtime.RemoteObjectID, error) {
	rep, err := c.Runtime.Evaluate(ctx, runtime.NewEvaluateArgs(expr))
	if err != nil {
		return "", err
	}
	if rep.Result.ObjectID == nil {
		return "", fmt.Errorf("%s: no object", expr)
	}
	return *rep.Result.ObjectID, nil
}

// checkFn scrolls the element into view and returns its centre, and
// whether the element (or a descendant) is what is hit there.
const checkFn = `function(){this.scrollIntoViewIfNeeded();const r=this.getBoundingClientRect();const x=r.left+r.width/2,y=r.top+r.height/2;const e=document.elementFromPoint(x,y);return [x,y,e===this||this.contains(e)]}`

func rawCheck(ctx context.Context, c *cdp.Client, obj runtime.RemoteObjectID) (x, y float64, err error) {
	rep, err := c.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(checkFn).SetObjectID(obj).SetReturnByValue(true))
	if err != nil {
		return 0, 0, err
	}
	var v [3]any
	if err := json.Unmarshal(rep.Result.Value, &v); err != nil {
		return 0, 0, err
	}
	if ok, _ := v[2].(bool); !ok {
		return 0, 0, errors.New("element is covered")
	}
	return v[0].(float64), v[1].(float64), nil
}

func rawPress(ctx context.Context, c *cdp.Client, x, y float64) error {
	if err := c.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mousePressed", x, y).SetButton(input.MouseButtonLeft).SetClickCount(1)); err != nil {
		return err
	}
	return c.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mouseReleased", x, y).SetButton(input.MouseButtonLeft).SetClickCount(1))
}

func expectCount(v json.RawMessage, err error) error {
	if err != nil {
		return err
	}
	if string(v) == "undefined" || string(v) == "null" || len(v) == 0 {
		return errors.New("the click did not land")
	}
	return nil
}

func (r *raw) variants(op string) ([]variant, error) {
	ctx, c := r.ctx, r.c
	switch op {
	case "click_ref":
		if err := r.navigate(r.srv.main + "/click"); err != nil {
			return nil, err
		}
		obj, err := rawObject(ctx, c, "document.getElementById('b')")
		if err != nil {
			return nil, err
		}
		return []variant{{lib: "raw CDP", note: "check in page, pressed, released, evaluate", run: func() error {
			x, y, err := rawCheck(ctx, c, obj)
			if err != nil {
				return err
			}
			if err := rawPress(ctx, c, x, y); err != nil {
				return err
			}
			return expectCount(rawEval(ctx, c, "window.n"))
		}}}, nil
	case "click_xy":
		if err := r.navigate(r.srv.main + "/xy"); err != nil {
			return nil, err
		}
		return []variant{
			{lib: "raw CDP", note: "pressed, released, evaluate", run: func() error {
				if err := rawPress(ctx, c, 50, 20); err != nil {
					return err
				}
				return expectCount(rawEval(ctx, c, "window.n"))
			}},
			{lib: "raw CDP pair", note: "pressed, released", run: func() error { return rawPress(ctx, c, 50, 20) }},
		}, nil
	case "oopif":
		if err := r.navigate(r.srv.main + "/frame"); err != nil {
			return nil, err
		}
		ft, err := r.chrome.waitTarget(ctx, func(t jsonTarget) bool { return t.Type == "iframe" && strings.HasPrefix(t.URL, r.srv.cross) })
		if err != nil {
			return nil, err
		}
		fconn, fc, err := dialRaw(ctx, ft.WS)
		if err != nil {
			return nil, err
		}
		context.AfterFunc(ctx, func() { fconn.Close() })
		btn, err := rawObject(ctx, fc, "document.getElementById('b')")
		if err != nil {
			return nil, err
		}
		frame, err := rawObject(ctx, c, "document.getElementById('f')")
		if err != nil {
			return nil, err
		}
		var click func() error
		// Under load an out-of-process frame can take a while before its
		// input is routed; wait (untimed) until a click lands.
		ready := func() error {
			limit := time.Now().Add(10 * time.Second)
			for {
				err := click()
				if err == nil || time.Now().After(limit) {
					return err
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		click = func() error {
			type xy struct {
				x, y float64
				err  error
			}
			off := make(chan xy, 1)
			go func() {
				rep, err := c.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(`function(){const r=this.getBoundingClientRect();return [r.left,r.top]}`).SetObjectID(frame).SetReturnByValue(true))
				if err != nil {
					off <- xy{err: err}
					return
				}
				var v [2]float64
				err = json.Unmarshal(rep.Result.Value, &v)
				off <- xy{v[0], v[1], err}
			}()
			x, y, err := rawCheck(ctx, fc, btn)
			o := <-off
			if err != nil {
				return err
			}
			if o.err != nil {
				return o.err
			}
			if err := rawPress(ctx, c, x+o.x, y+o.y); err != nil {
				return err
			}
			return expectCount(rawEval(ctx, fc, "window.n"))
		}
		if err := ready(); err != nil {
			return nil, err
		}
		return []variant{{lib: "raw CDP", note: "check in frame and frame box in parallel, pressed, released, evaluate", run: click}}, nil
	case "dialog":
		if err := r.navigate(r.srv.main + "/dialog"); err != nil {
			return nil, err
		}
		var released chan error
		settle := func() error {
			if released == nil {
				return nil
			}
			if err := c.Page.HandleJavaScriptDialog(ctx, page.NewHandleJavaScriptDialogArgs(true)); err != nil {
				return err
			}
			err := <-released
			released = nil
			return err
		}
		return []variant{{lib: "raw CDP", note: "pressed, released, dialog event", reset: settle, done: settle, run: func() error {
			if err := c.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mousePressed", 50, 20).SetButton(input.MouseButtonLeft).SetClickCount(1)); err != nil {
				return err
			}
			released = make(chan error, 1)
			go func() {
				released <- c.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mouseReleased", 50, 20).SetButton(input.MouseButtonLeft).SetClickCount(1))
			}()
			_, err := r.dialog.Recv()
			return err
		}}}, nil
	case "eval":
		// The second row is the same call as a user gesture, as
		// agentbrowser's (and Playwright's and Puppeteer's) evaluate
		// runs, so that an evaluated click() may open a popup: what that
		// costs Chrome, before any client code.
		gesture := runtime.NewEvaluateArgs("1+1").SetReturnByValue(true).SetAwaitPromise(true).SetUserGesture(true)
		return []variant{{lib: "raw CDP", run: func() error {
			v, err := rawEval(ctx, c, "1+1")
			if err == nil && string(v) != "2" {
				err = fmt.Errorf("1+1 = %s", v)
			}
			return err
		}}, {lib: "raw CDP gesture", note: "the same as a user gesture", run: func() error {
			rep, err := c.Runtime.Evaluate(ctx, gesture)
			if err == nil && string(rep.Result.Value) != "2" {
				err = fmt.Errorf("1+1 = %s", rep.Result.Value)
			}
			return err
		}}}, nil
	case "navigate":
		i := 0
		next := func() string { i++; return fmt.Sprintf("%s/nav%d", r.srv.main, 1+i%2) }
		// The floor does the job agentbrowser's Navigate does, as the
		// 32-tab floor does: it first checks that no script holds the
		// page (navigating away from a held page loses the tab), and
		// after the load it reads the URL and title the result reports.
		// The two rows below it leave out one part each, so that the
		// table says what each costs.
		return []variant{{lib: "raw CDP", note: "probe, Page.navigate, load event, Page.getNavigationHistory", run: func() error {
			if err := rawFreePage(ctx, c); err != nil {
				return err
			}
			if err := r.navigate(next()); err != nil {
				return err
			}
			_, err := c.Page.GetNavigationHistory(ctx)
			return err
		}}, {lib: "raw CDP without the probe", note: "Page.navigate, load event, Page.getNavigationHistory", run: func() error {
			if err := r.navigate(next()); err != nil {
				return err
			}
			_, err := c.Page.GetNavigationHistory(ctx)
			return err
		}}, {lib: "raw CDP, load only", note: "Page.navigate, load event", run: func() error {
			return r.navigate(next())
		}}}, nil
	case "type":
		if err := r.navigate(r.srv.main + "/type"); err != nil {
			return nil, err
		}
		reset := func() error {
			_, err := rawEval(ctx, c, "t.value='';t.focus()")
			return err
		}
		return []variant{
			{lib: "raw CDP", note: "key events: keyDown+keyUp per character", reset: reset, run: func() error {
				for _, ch := range typed {
					s := string(ch)
					if err := c.Input.DispatchKeyEvent(ctx, input.NewDispatchKeyEventArgs("keyDown").SetText(s).SetKey(s)); err != nil {
						return err
					}
					if err := c.Input.DispatchKeyEvent(ctx, input.NewDispatchKeyEventArgs("keyUp").SetKey(s)); err != nil {
						return err
					}
				}
				return nil
			}},
			{lib: "raw CDP insertText", note: "Input.insertText", reset: reset, run: func() error {
				return c.Input.InsertText(ctx, input.NewInsertTextArgs(typed))
			}},
		}, nil
	case "snap5k", "snap20k":
		n := map[string]int{"snap5k": 5000, "snap20k": 20000}[op]
		if err := r.navigate(fmt.Sprintf("%s/big?n=%d", r.srv.main, n)); err != nil {
			return nil, err
		}
		if op == "snap20k" {
			return nil, nil
		}
		return []variant{{lib: "raw CDP getFullAXTree", note: "Accessibility.getFullAXTree", run: func() error {
			_, err := c.Accessibility.GetFullAXTree(ctx, nil)
			return err
		}}}, nil
	}
	return nil, nil
}

// typed is what every typing benchmark types: 20 characters.
const typed = "hello world, 20 char"
