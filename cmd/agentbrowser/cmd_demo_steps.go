package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// The walk after the first two steps: perception, actions by ref, a new tab,
// a dialog answered by the agent, a click inside a cross-origin iframe, the
// console, and recovery from a hung script.
var demoWalk = []demoStep{
	demoStep{"take an interactive snapshot (what an agent reads)", func(ctx context.Context, d *demo) (string, error) {
		st, err := actions.Snapshot(ctx, d.s, events.SnapshotOptions{Interactive: true})
		if err != nil {
			return "", err
		}
		return st.Text, nil
	}},
	demoStep{"click 'Add to cart' by its ref", func(ctx context.Context, d *demo) (string, error) {
		ref, err := d.ref(ctx, "button", "Add to cart")
		if err != nil {
			return "", err
		}
		if _, err := actions.Click(ctx, d.s, ref); err != nil {
			return "", err
		}
		n, err := d.eval(ctx, "document.getElementById('count').textContent")
		return fmt.Sprintf("clicked %s; cart count is now %v", ref, n), err
	}},
	demoStep{"type an email and submit the form", func(ctx context.Context, d *demo) (string, error) {
		ref, err := d.ref(ctx, "textbox", "Email")
		if err != nil {
			return "", err
		}
		if _, err := actions.Type(ctx, d.s, events.TypeTextEvent{Ref: ref, Text: "agent@example.com", Submit: true}); err != nil {
			return "", err
		}
		v, err := d.eval(ctx, "document.getElementById('status').textContent")
		return fmt.Sprintf("typed into %s; the page says %q", ref, v), err
	}},
	demoStep{"click a link that opens a new tab", func(ctx context.Context, d *demo) (string, error) {
		ref, err := d.ref(ctx, "link", "Help (opens a tab)")
		if err != nil {
			return "", err
		}
		r, err := actions.Click(ctx, d.s, ref)
		if err != nil {
			return "", err
		}
		if r.NewTab == nil {
			return "", errors.New("the click did not report a new tab")
		}
		msg := fmt.Sprintf("the click reported new tab %s at %s", short(string(r.NewTab.ID)), r.NewTab.URL)
		if _, err := actions.CloseTab(ctx, d.s, r.NewTab.ID); err != nil {
			return "", err
		}
		return msg + "; closed it again", nil
	}},
	demoStep{"a prompt() opens: the click returns at once and the agent answers it", func(ctx context.Context, d *demo) (string, error) {
		ref, err := d.ref(ctx, "button", "Enter coupon")
		if err != nil {
			return "", err
		}
		r, err := actions.Click(ctx, d.s, ref)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		if r.Dialog != nil {
			fmt.Fprintf(&b, "click returned with dialog_opened: %s %q\n", r.Dialog.Type, r.Dialog.Message)
		}
		pending, err := d.waitDialog(ctx)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "pending dialog %s: %s %q (default %q)\n", pending.ID, pending.Type, pending.Message, pending.DefaultPrompt)
		blocked, err := actions.Evaluate(ctx, d.s, "1")
		if err != nil {
			fmt.Fprintf(&b, "meanwhile eval fails fast: [%s]\n", actions.Code(err))
		} else {
			fmt.Fprintf(&b, "meanwhile eval answered %v\n", blocked.Value)
		}
		text := "SAVE10"
		if _, err := actions.RespondDialog(ctx, d.s, actions.DialogResponse{Accept: true, PromptText: &text, ID: pending.ID}); err != nil {
			return "", err
		}
		v, err := d.eval(ctx, "document.getElementById('answer').textContent")
		fmt.Fprintf(&b, "answered %q; the page shows %q", text, v)
		return b.String(), err
	}},
	demoStep{"click a button inside the cross-origin payment iframe by ref", func(ctx context.Context, d *demo) (string, error) {
		ref, err := d.ref(ctx, "button", "Confirm payment")
		if err != nil {
			return "", err
		}
		rr, err := actions.ResolveRef(ctx, d.s, ref)
		if err != nil {
			return "", err
		}
		if _, err := actions.Click(ctx, d.s, ref); err != nil {
			return "", err
		}
		v, err := actions.EvaluateInFrame(ctx, d.s, rr.FrameID, "location.origin + ': ' + document.getElementById('state').textContent")
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s lives in frame %s; after the click the frame says %v", ref, short(string(rr.FrameID)), v.Value), nil
	}},
	demoStep{"read the console errors and warnings", func(ctx context.Context, d *demo) (string, error) {
		r, err := actions.Console(ctx, d.s, actions.ConsoleOptions{})
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, m := range r.Messages {
			fmt.Fprintf(&b, "%s: %s\n", m.Level, m.Text)
		}
		if b.Len() == 0 {
			return "", errors.New("no console messages captured")
		}
		return b.String(), nil
	}},
	demoStep{"run while(true){} with a 500 ms budget, then click right away", func(ctx context.Context, d *demo) (string, error) {
		hung, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		t := time.Now()
		_, evalErr := actions.Evaluate(hung, d.s, "while (true) {}")
		cancel()
		took := time.Since(t).Round(time.Millisecond)
		if evalErr == nil {
			return "", errors.New("the hung script returned a value")
		}
		ref, rerr := d.ref(ctx, "button", "Add to cart")
		if rerr != nil {
			return "", rerr
		}
		t = time.Now()
		if _, err := actions.Click(ctx, d.s, ref); err != nil {
			return "", fmt.Errorf("click after the timeout: %w", err)
		}
		n, err := d.eval(ctx, "document.getElementById('count').textContent")
		return fmt.Sprintf("eval returned [%s] after %v; the next click took %v; cart count is %v",
			actions.Code(evalErr), took, time.Since(t).Round(time.Millisecond), n), err
	}},
}

// ref finds the ref of the element with role and name in a fresh snapshot.
func (d *demo) ref(ctx context.Context, role, name string) (events.Ref, error) {
	st, err := actions.Snapshot(ctx, d.s, events.SnapshotOptions{})
	if err != nil {
		return "", err
	}
	for r, info := range st.Refs {
		if info.Role == role && info.Name == name {
			return r, nil
		}
	}
	return "", fmt.Errorf("no %s %q in the snapshot", role, name)
}

func (d *demo) eval(ctx context.Context, expr string) (any, error) {
	r, err := actions.Evaluate(ctx, d.s, expr)
	if err != nil {
		return nil, err
	}
	return r.Value, nil
}

// waitDialog waits until the dialog watchdog lists a pending dialog.
func (d *demo) waitDialog(ctx context.Context) (events.DialogInfo, error) {
	for {
		r, err := actions.Dialogs(ctx, d.s)
		if err != nil {
			return events.DialogInfo{}, err
		}
		if len(r.Pending) > 0 {
			return r.Pending[0], nil
		}
		select {
		case <-ctx.Done():
			return events.DialogInfo{}, fmt.Errorf("waiting for the dialog: %w", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func short(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
