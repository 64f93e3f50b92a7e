package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// cdpPeer drives chromedp the way its README does: selectors, its own
// waiting, one tab context.
type cdpPeer struct {
	ctx     context.Context
	srv     *server
	cancel  func()
	dir     string
	dialogs chan struct{}
}

func chromedpAllocOpts(dir string) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(chromePath), chromedp.UserDataDir(dir)}
	for _, f := range chromeFlags {
		k, v, ok := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		if ok {
			opts = append(opts, chromedp.Flag(k, v))
		} else {
			opts = append(opts, chromedp.Flag(k, true))
		}
	}
	return opts
}

// startChromedp launches a browser and returns a tab context ready to use.
func startChromedp(parent context.Context) (context.Context, func(), string, error) {
	dir, err := os.MkdirTemp("", "bench-chromedp-")
	if err != nil {
		return nil, nil, "", err
	}
	actx, acancel := chromedp.NewExecAllocator(parent, chromedpAllocOpts(dir)...)
	ctx, cancel := chromedp.NewContext(actx)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		cancel()
		acancel()
		return nil, nil, "", err
	}
	return ctx, func() { cancel(); acancel(); os.RemoveAll(dir) }, dir, nil
}

func newChromedp(ctx context.Context, srv *server) (*cdpPeer, error) {
	tctx, cancel, dir, err := startChromedp(ctx)
	if err != nil {
		return nil, err
	}
	p := &cdpPeer{ctx: tctx, srv: srv, cancel: cancel, dir: dir, dialogs: make(chan struct{}, 16)}
	err = chromedp.Listen(tctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			p.dialogs <- struct{}{}
		}
	})
	return p, err
}

func (p *cdpPeer) close() { p.cancel() }

func countLanded(v *int, err error) error {
	if err != nil {
		return err
	}
	if v == nil {
		return errors.New("the click did not land")
	}
	return nil
}

func (p *cdpPeer) variants(op string) ([]variant, error) {
	ctx := p.ctx
	const lib = "chromedp"
	nav := func(path string) error { return chromedp.Do(ctx, chromedp.Navigate(p.srv.main+path)) }
	switch op {
	case "click_ref":
		if err := nav("/click"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Click(selector) + Evaluate", run: func() error {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#b"))); err != nil {
				return err
			}
			return countLanded(chromedp.Run(ctx, chromedp.Evaluate[*int]("window.n")))
		}}}, nil
	case "click_xy":
		if err := nav("/xy"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "MouseClickXY", run: func() error {
			return chromedp.Do(ctx, chromedp.MouseClickXY(50, 20))
		}}}, nil
	case "oopif":
		if err := nav("/frame"); err != nil {
			return nil, err
		}
		var id target.ID
		var ts []*target.Info
		for range 100 {
			var err error
			if ts, err = chromedp.Targets(ctx); err != nil {
				return nil, err
			}
			for _, t := range ts {
				if t.Type == "iframe" && strings.HasPrefix(t.URL, p.srv.cross) {
					id = t.TargetID
				}
			}
			if id != "" {
				break
			}
		}
		if id == "" {
			return nil, errors.New("no iframe target")
		}
		fctx, _ := chromedp.NewContext(ctx, chromedp.WithTargetID(id))
		return []variant{{lib: lib, note: "Click(selector) + Evaluate in the frame's target", run: func() error {
			if err := chromedp.Do(fctx, chromedp.Click(chromedp.CSS("#b"))); err != nil {
				return err
			}
			return countLanded(chromedp.Run(fctx, chromedp.Evaluate[*int]("window.n")))
		}}}, nil
	case "dialog":
		if err := nav("/dialog"); err != nil {
			return nil, err
		}
		var clicked chan error
		settle := func() error {
			if clicked == nil {
				return nil
			}
			if _, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true}); err != nil {
				return err
			}
			err := <-clicked
			clicked = nil
			return err
		}
		return []variant{{lib: lib, note: "MouseClickXY, dialog event", reset: settle, done: settle, run: func() error {
			clicked = make(chan error, 1)
			go func() { clicked <- chromedp.Do(ctx, chromedp.MouseClickXY(50, 20)) }()
			select {
			case <-p.dialogs:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}}}, nil
	case "eval":
		return []variant{{lib: lib, run: func() error {
			v, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1+1"))
			if err != nil {
				return err
			}
			if v != 2 {
				return fmt.Errorf("1+1 = %d", v)
			}
			return nil
		}}}, nil
	case "navigate":
		i := 0
		return []variant{{lib: lib, note: "Navigate", run: func() error {
			i++
			return nav(fmt.Sprintf("/nav%d", 1+i%2))
		}}}, nil
	case "type":
		if err := nav("/type"); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "SendKeys (key events)", reset: func() error {
			return chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void]("t.value=''"))
		}, run: func() error {
			return chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#t"), typed))
		}}}, nil
	}
	return nil, nil
}
