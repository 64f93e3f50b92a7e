package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
)

func (a *attachment) newTab(ctx context.Context, e events.NewTabEvent) (events.NewTabResult, error) {
	t, err := a.s.NewTab(ctx, "about:blank")
	if err != nil {
		return events.NewTabResult{}, err
	}
	// It opened behind the active tab; as the new active tab it goes in
	// front.
	if err := a.s.Activate(ctx, t.ID); err != nil {
		return events.NewTabResult{}, err
	}
	if e.URL != "" {
		if _, err := a.navigate(ctx, events.NavigateToURLEvent{TabID: t.ID, URL: e.URL}); err != nil {
			return events.NewTabResult{}, err
		}
	}
	info, err := a.s.TabInfo(t.ID)
	return events.NewTabResult{Tab: info}, err
}

func (a *attachment) switchTab(ctx context.Context, e events.SwitchTabEvent) (events.TabInfo, error) {
	// In front, so that its timers and rendering run at full speed.
	if err := a.s.Activate(ctx, e.ID); err != nil {
		return events.TabInfo{}, err
	}
	return a.s.TabInfo(e.ID)
}

func (a *attachment) closeTab(ctx context.Context, e events.CloseTabEvent) (events.CloseTabResult, error) {
	t, err := a.s.Tab(e.ID)
	if err != nil {
		return events.CloseTabResult{}, err
	}
	if err := a.s.CloseTab(ctx, t.ID); err != nil {
		return events.CloseTabResult{}, err
	}
	res := events.CloseTabResult{Closed: t.ID}
	if act, err := a.s.ActiveTab(); err == nil {
		res.Active = act.ID
	}
	return res, nil
}
