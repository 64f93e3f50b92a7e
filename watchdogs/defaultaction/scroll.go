package defaultaction

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// scrollResult is what the scroll scripts return.
type scrollResult struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Moved    bool    `json:"moved"`
	Scrolled string  `json:"scrolled"`
}

func (s scrollResult) details() events.ActionDetails {
	return events.ActionDetails{X: new(s.X), Y: new(s.Y), Moved: new(s.Moved), Scrolled: s.Scrolled}
}

func (a *attachment) scroll(ctx context.Context, e events.ScrollEvent) (events.ActionResult, error) {
	if e.Ref == "" {
		tab, err := a.s.Tab(e.TabID)
		if err != nil {
			return events.ActionResult{}, err
		}
		var sr scrollResult
		res, err := a.observe(ctx, tab, func(ctx context.Context) error {
			expr := jsScrollPage + "(" + num(e.DX) + "," + num(e.DY) + ")"
			r, err := session.Evaluate(ctx, tab.Client, expr, false)
			if err != nil {
				return fmt.Errorf("scrolling the page: %w", err)
			}
			if r.ExceptionDetails != nil {
				return events.Errorf(events.CodeJSException, "scrolling the page: %s", exceptionText(r.ExceptionDetails))
			}
			return json.Unmarshal(r.Result.Value, &sr)
		})
		if err == nil && res.Dialog == nil {
			res.Details = sr.details()
		}
		return res, err
	}
	el, err := a.element(ctx, e.TabID, e.Ref)
	if err != nil {
		return events.ActionResult{}, err
	}
	defer el.release(ctx)
	if e.DX == 0 && e.DY == 0 {
		if err := a.scrollIntoView(ctx, el); err != nil {
			return events.ActionResult{}, err
		}
		return events.ActionResult{TabID: el.tab.ID, Details: events.ActionDetails{Scrolled: "into_view"}}, nil
	}
	var sr scrollResult
	res, err := a.observe(ctx, el.tab, func(ctx context.Context) error {
		return el.callOn(ctx, jsScrollElement, &sr, e.DX, e.DY)
	})
	if err == nil && res.Dialog == nil {
		res.Details = sr.details()
	}
	return res, err
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
