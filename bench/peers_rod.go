package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/launcher/flags"
	"github.com/go-rod/rod/lib/proto"
)

// rodPeer drives go-rod the way its README does: selectors, its own
// waiting for interactable elements.
type rodPeer struct {
	ctx     context.Context
	srv     *server
	l       *launcher.Launcher
	browser *rod.Browser
	page    *rod.Page
}

// startRod launches a browser with rod's launcher, minus the defaults
// that would change what is measured (no site isolation), plus our flags,
// and returns its first page ready to use.
func startRod(ctx context.Context) (*launcher.Launcher, *rod.Browser, *rod.Page, error) {
	l := launcher.New().Bin(chromePath).Leakless(false).Delete("disable-site-isolation-trials").Delete("no-startup-window")
	for _, f := range chromeFlags {
		k, v, ok := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		if ok {
			l = l.Set(flags.Flag(k), strings.Split(v, ",")...)
		} else {
			l = l.Set(flags.Flag(k))
		}
	}
	u, err := l.Context(ctx).Launch()
	if err != nil {
		return nil, nil, nil, err
	}
	b := rod.New().Context(ctx).ControlURL(u)
	if err := b.Connect(); err != nil {
		l.Kill()
		return nil, nil, nil, err
	}
	pages, err := b.Pages()
	if err != nil || len(pages) == 0 {
		l.Kill()
		return nil, nil, nil, fmt.Errorf("no page: %v", err)
	}
	p := pages[0]
	if _, err := p.Eval("() => 1"); err != nil {
		l.Kill()
		return nil, nil, nil, err
	}
	return l, b, p, nil
}

func newRod(ctx context.Context, srv *server) (*rodPeer, error) {
	l, b, p, err := startRod(ctx)
	if err != nil {
		return nil, err
	}
	return &rodPeer{ctx: ctx, srv: srv, l: l, browser: b, page: p}, nil
}

func (p *rodPeer) close() {
	p.browser.Close()
	p.l.Kill()
	p.l.Cleanup()
}

func (p *rodPeer) nav(path string) error {
	if err := p.page.Navigate(p.srv.main + path); err != nil {
		return err
	}
	return p.page.WaitLoad()
}

func rodLanded(o *proto.RuntimeRemoteObject, err error) error {
	if err != nil {
		return err
	}
	if o.Value.Nil() {
		return errors.New("the click did not land")
	}
	return nil
}

func (p *rodPeer) variants(op string) ([]variant, error) {
	pg := p.page
	const lib = "go-rod"
	switch op {
	case "click_ref":
		if err := p.nav("/click"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Element(selector).Click + Eval", run: func() error {
			el, err := pg.Element("#b")
			if err != nil {
				return err
			}
			if err := el.Click(proto.InputMouseButtonLeft, 1); err != nil {
				return err
			}
			return rodLanded(pg.Eval("() => window.n"))
		}}}, nil
	case "click_xy":
		if err := p.nav("/xy"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Mouse.MoveTo + Click", run: func() error {
			if err := pg.Mouse.MoveTo(proto.Point{X: 50, Y: 20}); err != nil {
				return err
			}
			return pg.Mouse.Click(proto.InputMouseButtonLeft, 1)
		}}}, nil
	case "oopif":
		if err := p.nav("/frame"); err != nil {
			return nil, err
		}
		// rod 0.116.2 cannot: Element("#f").Frame() of an out-of-process
		// frame panics (nil pointer in getJSCtxID), and PageFromTarget on
		// the frame's target is refused ("Command can only be executed on
		// top-level targets").
		return []variant{{lib: lib, note: "cannot: Frame() of an out-of-process frame panics in rod 0.116.2"}}, nil
	case "dialog":
		if err := p.nav("/dialog"); err != nil {
			return nil, err
		}
		var handle func(*proto.PageHandleJavaScriptDialog) error
		var clicked chan error
		settle := func() error {
			if handle == nil {
				return nil
			}
			if err := handle(&proto.PageHandleJavaScriptDialog{Accept: true}); err != nil {
				return err
			}
			handle = nil
			return <-clicked
		}
		return []variant{{lib: lib, note: "HandleDialog, Mouse.Click", reset: settle, done: settle, run: func() error {
			wait, h := pg.HandleDialog()
			clicked = make(chan error, 1)
			go func() {
				if err := pg.Mouse.MoveTo(proto.Point{X: 50, Y: 20}); err != nil {
					clicked <- err
					return
				}
				clicked <- pg.Mouse.Click(proto.InputMouseButtonLeft, 1)
			}()
			wait()
			handle = h
			return nil
		}}}, nil
	case "eval":
		return []variant{{lib: lib, run: func() error {
			o, err := pg.Eval("() => 1+1")
			if err != nil {
				return err
			}
			if o.Value.Int() != 2 {
				return fmt.Errorf("1+1 = %v", o.Value)
			}
			return nil
		}}}, nil
	case "navigate":
		i := 0
		return []variant{{lib: lib, note: "Navigate + WaitLoad", run: func() error {
			i++
			return p.nav(fmt.Sprintf("/nav%d", 1+i%2))
		}}}, nil
	case "type":
		if err := p.nav("/type"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Element.Input (insertText)", reset: func() error {
			_, err := pg.Eval("() => { t.value = '' }")
			return err
		}, run: func() error {
			el, err := pg.Element("#t")
			if err != nil {
				return err
			}
			return el.Input(typed)
		}}}, nil
	}
	return nil, nil
}
