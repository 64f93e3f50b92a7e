package defaultaction

import (
	"context"

	"github.com/mafredri/cdp/protocol/input"

	"github.com/agentbrowser/agentbrowser/events"
)

func (a *attachment) hover(ctx context.Context, e events.HoverEvent) (events.ActionResult, error) {
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	var (
		p      point
		script bool
	)
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		var err error
		if e.Force {
			p, script, err = a.aimForced(ctx, el)
			if script {
				return el.callOn(ctx, jsClick, nil, "left", 0, []string{}, true)
			}
		} else {
			p, err = a.aim(ctx, el)
		}
		if err != nil {
			return err
		}
		err = el.tab.Client.Input.DispatchMouseEvent(ctx, input.NewDispatchMouseEventArgs("mouseMoved", p.x, p.y))
		a.setPointer(el.tab.ID, pointerAt{p.x, p.y}, err == nil)
		return err
	})
	if err != nil {
		return res, err
	}
	switch {
	case res.Dialog != nil:
	case script:
		res.Details = events.ActionDetails{Forced: true}
	default:
		res.Details = events.ActionDetails{X: new(p.x), Y: new(p.y)}
	}
	return res, nil
}
