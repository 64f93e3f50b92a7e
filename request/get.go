package request

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Get reads one fact of the element Ref names: its text, value, attribute
// Name, inner HTML (outer with Outer), box, or computed styles (Props, or
// all) with its box model; or counts the elements a locator matches
// (count), or reads the tab's title or url. Reading runs agentbrowser's
// own script, not the page's, so the evaluate switch does not apply.
type Get struct {
	Returns[GetResult]
	What  string     `json:"what"`
	Ref   events.Ref `json:"ref,omitempty"`
	Name  string     `json:"name,omitempty"`
	Props []string   `json:"props,omitempty"`
	Outer bool       `json:"outer,omitempty"`
}

// GetResult is the fact Get read: the field named after it is set.
type GetResult struct {
	events.InspectResult
	Count *int    `json:"count,omitempty"`
	Title *string `json:"title,omitempty"`
	URL   *string `json:"url,omitempty"`
}

func (Get) Command() string { return "get" }

// GetWhat lists what Get reads, in the order help shows them.
var GetWhat = []string{"text", "value", "attr", "html", "count", "box", "styles", "title", "url"}

// Validate implements Validator.
func (q Get) Validate() error {
	switch q.What {
	case "title", "url":
		if q.Ref != "" {
			return invalid("get %s reads the tab's %s and takes no element", q.What, q.What)
		}
		return nil
	case "text", "value", "attr", "html", "count", "box", "styles":
	default:
		return invalid("get %q: want text, value, attr, html, count, box, styles, title or url", q.What)
	}
	if q.What == "attr" && q.Name == "" {
		return invalid("get attr needs the attribute's name")
	}
	return needRef("get "+q.What, q.Ref)
}

// Is says whether the element Ref names is visible, enabled, checked or
// editable. A locator that matches nothing is not visible (and fails the
// other questions with element_not_found).
type Is struct {
	Returns[events.InspectResult]
	What string     `json:"what"`
	Ref  events.Ref `json:"ref"`
}

func (Is) Command() string { return "is" }

// IsWhat lists what Is asks.
var IsWhat = []string{"visible", "enabled", "checked", "editable"}

// Validate implements Validator.
func (q Is) Validate() error {
	switch q.What {
	case "visible", "enabled", "checked", "editable":
	default:
		return invalid("is %q: want visible, enabled, checked or editable", q.What)
	}
	return needRef("is "+q.What, q.Ref)
}

func init() {
	Handle(func(ctx context.Context, b *Browser, q Get) (GetResult, error) {
		switch q.What {
		case "count":
			r, err := actions.Do(ctx, b.s, events.LocateEvent{Locator: string(q.Ref), Limit: 1})
			if err != nil {
				return GetResult{}, err
			}
			return GetResult{Count: &r.Total}, nil
		case "title", "url":
			t, err := b.tabInfo(ctx)
			if err != nil {
				return GetResult{}, err
			}
			if q.What == "title" {
				return GetResult{Title: &t.Title}, nil
			}
			return GetResult{URL: &t.URL}, nil
		}
		r, err := actions.Inspect(ctx, b.s, events.InspectElementEvent{Ref: q.Ref, What: q.What, Name: q.Name, Props: q.Props, Outer: q.Outer})
		return GetResult{InspectResult: r}, err
	})
	Handle(func(ctx context.Context, b *Browser, q Is) (events.InspectResult, error) {
		return actions.Inspect(ctx, b.s, events.InspectElementEvent{Ref: q.Ref, What: q.What})
	})
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
