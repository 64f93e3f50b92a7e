package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// read answers ReadEvent.
func (a *attachment) read(ctx context.Context, e events.ReadEvent) (events.ReadResult, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.ReadResult{}, err
	}
	var scope events.Ref
	if e.Ref != "" {
		if scope, tab, err = a.refTab(ctx, tab.ID, e.Ref); err != nil {
			return events.ReadResult{}, err
		}
	}
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return events.ReadResult{}, readBlocked(d)
	}
	var r snapshot.Read
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		var err error
		r, err = a.engine(tab).Read(ctx, scope, e.All)
		return err
	})
	if d != nil {
		return events.ReadResult{}, readBlocked(d)
	}
	if err != nil {
		return events.ReadResult{}, refError(err)
	}
	a.noteRefs(tab.ID, r.Links)
	return events.ReadResult{TabID: tab.ID, URL: r.URL, Title: r.Title, Markdown: r.Markdown}, nil
}

func readBlocked(d *events.DialogInfo) error {
	return events.DialogBlocks(*d, "it cannot be read")
}
