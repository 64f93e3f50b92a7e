package defaultaction

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/events"
)

// aimForced aims at the element for an action with force: one attempt, no
// waiting for a cover to go. It returns a point where the hit test reaches
// the element, for real input there; script is true when there is none
// (something covers every point tried, or layout leaves no part of it
// visible), and the action goes through script on the element itself.
func (a *attachment) aimForced(ctx context.Context, el *element) (p point, script bool, err error) {
	fast := true
	p, cover, err := a.aimOnce(ctx, el, &fast)
	switch {
	case err != nil && errors.Is(err, events.ErrElementCovered):
		return point{}, true, nil
	case err != nil:
		return point{}, false, err
	}
	return p, cover != "", nil
}

// forceClick clicks without the check for what covers the element: with
// real mouse events where the hit test reaches it, else through script,
// with the events of a user's click dispatched on the element itself
// (Details.Forced).
func (a *attachment) forceClick(ctx context.Context, e events.ClickElementEvent) (events.ActionResult, error) {
	el, in, err := a.described(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	if in.Tag == "select" {
		return selectResult(el.tab, el.ref, in.Options, in.Multiple), nil
	}
	var (
		p      point
		script bool
	)
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		var err error
		if p, script, err = a.aimForced(ctx, el); err != nil {
			return err
		}
		if script {
			button := string(e.Button)
			if button == "" {
				button = string(events.ButtonLeft)
			}
			return el.callOn(ctx, jsClick, nil, button, max(e.ClickCount, 1), append([]string{}, e.Modifiers...), false)
		}
		return a.mouseClick(ctx, el.tab, p.x, p.y, e.Button, e.ClickCount, e.Modifiers)
	})
	if err != nil || res.Dialog != nil {
		return res, err
	}
	if script {
		res.Details = events.ActionDetails{Forced: true}
	} else {
		res.Details = events.ActionDetails{X: new(p.x), Y: new(p.y)}
	}
	if in.Disabled {
		res.Details.Disabled = true
	}
	return res, nil
}
