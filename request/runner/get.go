package runner

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// get reads one fact of an element (InspectElementEvent), counts a
// locator's matches (LocateEvent), or reads the tab's title or URL.
func get(ctx context.Context, b *Browser, q request.Get) (request.GetResult, error) {
	switch q.What {
	case "count":
		r, err := actions.Do(ctx, b.s, events.LocateEvent{Locator: q.Ref.String(), Limit: 1})
		if err != nil {
			return request.GetResult{}, err
		}
		return request.GetResult{Count: &r.Total}, nil
	case "title", "url":
		t, err := b.tabInfo(ctx)
		if err != nil {
			return request.GetResult{}, err
		}
		if q.What == "title" {
			return request.GetResult{Title: &t.Title}, nil
		}
		return request.GetResult{URL: &t.URL}, nil
	}
	r, err := actions.Inspect(ctx, b.s, events.InspectElementEvent{Ref: q.Ref.AsRef(), What: q.What, Name: q.Name, Props: q.Props, Outer: q.Outer})
	return request.GetResult{InspectResult: r}, err
}

func is(ctx context.Context, b *Browser, q request.Is) (events.InspectResult, error) {
	return actions.Inspect(ctx, b.s, events.InspectElementEvent{Ref: q.Ref.AsRef(), What: q.What})
}

func find(ctx context.Context, b *Browser, q request.Find) (events.LocateResult, error) {
	return actions.Do(ctx, b.s, events.LocateEvent{Locator: q.Locator, Limit: q.Limit})
}

func read(ctx context.Context, b *Browser, q request.Read) (events.ReadResult, error) {
	return actions.Do(ctx, b.s, events.ReadEvent{Ref: q.Ref.AsRef(), All: q.All})
}

// tabInfo is the request's tab as the tab list shows it.
func (b *Browser) tabInfo(ctx context.Context) (events.TabInfo, error) {
	tabs, err := actions.Tabs(ctx, b.s)
	if err != nil {
		return events.TabInfo{}, err
	}
	id, aimed := actions.TabFrom(ctx)
	for _, t := range tabs {
		if (aimed && t.ID == id) || (!aimed && t.Active) {
			return t, nil
		}
	}
	return events.TabInfo{}, events.NewError(events.CodeTabNotFound, errors.New("no tab"), "the session has no such tab").WithNext(events.StepListTabs)
}
