package runner

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

func tabs(ctx context.Context, b *Browser, q request.Tabs) (request.TabsResult, error) {
	tabs, err := actions.Tabs(ctx, b.s)
	return request.TabsResult{Tabs: tabs}, err
}

func newTab(ctx context.Context, b *Browser, q request.NewTab) (events.NewTabResult, error) {
	return actions.NewTab(ctx, b.s, q.URL)
}

func switchTab(ctx context.Context, b *Browser, q request.SwitchTab) (request.SwitchTabResult, error) {
	id, err := b.findTab(ctx, q.Tab)
	if err != nil {
		return request.SwitchTabResult{}, err
	}
	t, err := actions.SwitchTab(ctx, b.s, id)
	return request.SwitchTabResult{Tab: t}, err
}

func closeTab(ctx context.Context, b *Browser, q request.CloseTab) (events.CloseTabResult, error) {
	var id events.TargetID
	switch aimed, ok := actions.TabFrom(ctx); {
	case q.Tab != "":
		var err error
		if id, err = b.findTab(ctx, q.Tab); err != nil {
			return events.CloseTabResult{}, err
		}
	case ok:
		id = aimed
	default:
		t, err := b.s.ActiveTab()
		if err != nil {
			return events.CloseTabResult{}, err
		}
		id = t.ID
	}
	return actions.CloseTab(ctx, b.s, id)
}
