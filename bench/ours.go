package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// ours drives agentbrowser through its Go API, as a library user would.
type ours struct {
	ctx context.Context
	srv *server
	s   *session.BrowserSession
}

func oursConfig() session.Config {
	return session.Config{TaskID: "bench", Launch: session.LaunchConfig{Path: chromePath, SitePerProcess: true, WindowSize: "1280,800"}}
}

func newOurs(ctx context.Context, srv *server) (*ours, error) {
	s, err := startOurs(ctx)
	if err != nil {
		return nil, err
	}
	return &ours{ctx: ctx, srv: srv, s: s}, nil
}

func (o *ours) close() { closeOurs(o.s) }

// findRef returns the ref of the element with role and name in a snapshot's
// text.
func findRef(text, role, name string) (events.Ref, error) {
	m := regexp.MustCompile(regexp.QuoteMeta(role+` "`+name+`"`) + `.*?\[ref=(e\d+)\]`).FindStringSubmatch(text)
	if m == nil {
		return "", fmt.Errorf("no %s %q in the snapshot:\n%s", role, name, text)
	}
	return events.Ref(m[1]), nil
}

func (o *ours) refOn(url, role, name string) (events.Ref, events.RefInfo, error) {
	if _, err := actions.Navigate(o.ctx, o.s, url, actions.NavigateOptions{}); err != nil {
		return "", events.RefInfo{}, err
	}
	snap, err := actions.Snapshot(o.ctx, o.s, events.SnapshotOptions{})
	if err != nil {
		return "", events.RefInfo{}, err
	}
	ref, err := findRef(snap.Text, role, name)
	return ref, snap.Refs[ref], err
}

func evalIs(r events.EvaluateResult, err error) error {
	if err != nil {
		return err
	}
	if r.Value == nil {
		return errors.New("the click did not land")
	}
	return nil
}

func (o *ours) variants(op string) ([]variant, error) {
	ctx, s := o.ctx, o.s
	const lib = "agentbrowser"
	switch op {
	case "click_ref":
		ref, _, err := o.refOn(o.srv.main+"/click", "button", "Go")
		if err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Click(ref) + Evaluate", run: func() error {
			if _, err := actions.Click(ctx, s, ref); err != nil {
				return err
			}
			return evalIs(actions.Evaluate(ctx, s, "window.n"))
		}}}, nil
	case "click_xy":
		if _, err := actions.Navigate(ctx, s, o.srv.main+"/xy", actions.NavigateOptions{}); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "ClickAt", run: func() error {
			_, err := actions.ClickAt(ctx, s, 50, 20)
			return err
		}}}, nil
	case "oopif":
		ref, info, err := o.refOn(o.srv.main+"/frame", "button", "Hit")
		if err != nil {
			return nil, err
		}
		frame := info.FrameID
		// The floor evaluates in the frame's target; EvaluateInFrame is the
		// same job. EvaluateRef, which finds the frame from the element and
		// passes the element in, is the second row.
		return []variant{{lib: lib, note: "Click(ref) + EvaluateInFrame", run: func() error {
			if _, err := actions.Click(ctx, s, ref); err != nil {
				return err
			}
			return evalIs(actions.EvaluateInFrame(ctx, s, frame, "window.n"))
		}}, {lib: lib, note: "Click(ref) + EvaluateRef in the frame", run: func() error {
			if _, err := actions.Click(ctx, s, ref); err != nil {
				return err
			}
			return evalIs(actions.EvaluateRef(ctx, s, ref, "el => el.ownerDocument.defaultView.n"))
		}}}, nil
	case "dialog":
		if _, err := actions.Navigate(ctx, s, o.srv.main+"/dialog", actions.NavigateOptions{}); err != nil {
			return nil, err
		}
		var pending string
		settle := func() error {
			if pending == "" {
				return nil
			}
			_, err := actions.RespondDialog(ctx, s, actions.DialogResponse{Accept: true, ID: pending})
			pending = ""
			return err
		}
		return []variant{{lib: lib, note: "ClickAt returns the dialog", reset: settle, done: settle, run: func() error {
			r, err := actions.ClickAt(ctx, s, 50, 20)
			if err != nil {
				return err
			}
			if r.Dialog == nil {
				return errors.New("no dialog reported")
			}
			pending = r.Dialog.ID
			return nil
		}}}, nil
	case "eval":
		return []variant{{lib: lib, run: func() error {
			r, err := actions.Evaluate(ctx, s, "1+1")
			if err == nil && fmt.Sprint(r.Value) != "2" {
				err = fmt.Errorf("1+1 = %v", r.Value)
			}
			return err
		}}}, nil
	case "navigate":
		i := 0
		return []variant{{lib: lib, note: "Navigate (load)", run: func() error {
			i++
			_, err := actions.Navigate(ctx, s, fmt.Sprintf("%s/nav%d", o.srv.main, 1+i%2), actions.NavigateOptions{})
			return err
		}}}, nil
	case "type":
		ref, _, err := o.refOn(o.srv.main+"/type", "textbox", "Name")
		if err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Type(ref, 20 chars)", reset: func() error {
			_, err := actions.Evaluate(ctx, s, "t.value=''")
			return err
		}, run: func() error {
			_, err := actions.Type(ctx, s, events.TypeTextEvent{Ref: ref, Text: typed})
			return err
		}}}, nil
	case "snap5k", "snap20k":
		n := map[string]int{"snap5k": 5000, "snap20k": 20000}[op]
		if _, err := actions.Navigate(ctx, s, fmt.Sprintf("%s/big?n=%d", o.srv.main, n), actions.NavigateOptions{}); err != nil {
			return nil, err
		}
		return []variant{{lib: lib, note: "Snapshot", run: func() error {
			sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
			defer cancel()
			// The whole page, as the peers' snapshots are: above the
			// default cap of 100 KB.
			_, err := actions.Snapshot(sctx, s, events.SnapshotOptions{MaxChars: 1 << 30})
			return err
		}}}, nil
	}
	return nil, nil
}
