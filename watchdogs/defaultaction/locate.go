package defaultaction

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// ambiguousShown is how many matches an ambiguous_locator error lists.
const ambiguousShown = 10

// locate answers LocateEvent.
func (a *attachment) locate(ctx context.Context, e events.LocateEvent) (events.LocateResult, error) {
	l, err := events.ParseLocator(e.Locator)
	if err != nil {
		return events.LocateResult{}, err
	}
	if e.Limit < 0 {
		return events.LocateResult{}, events.Errorf(events.CodeInvalidArgument, "limit %d is negative", e.Limit)
	}
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.LocateResult{}, err
	}
	found, err := a.locateIn(ctx, tab, l, e.Limit)
	if err != nil {
		return events.LocateResult{}, err
	}
	return events.LocateResult{Matches: matches(found, tab.ID), Total: found.Total}, nil
}

// locateIn runs the locator in tab's page, racing a dialog the page may
// open meanwhile, and records that tab issued the refs it returns.
func (a *attachment) locateIn(ctx context.Context, tab *session.Target, l events.Locator, limit int) (snapshot.Located, error) {
	if d := a.dlg.Pending(ctx, tab.ID); d != nil {
		return snapshot.Located{}, dialogBlocks(d, l)
	}
	var found snapshot.Located
	d, err := a.raceDialog(ctx, tab, func(ctx context.Context) error {
		r, err := a.engine(tab).Locate(ctx, l, limit)
		found = r
		return err
	})
	if d != nil {
		return snapshot.Located{}, dialogBlocks(d, l)
	}
	if err != nil {
		var ie *snapshot.InvalidSelectorError
		if errors.As(err, &ie) {
			return snapshot.Located{}, events.Errorf(events.CodeInvalidArgument, "locator %s: %s", l, ie.Reason).
				WithDetails(events.ErrorDetails{Locator: l.String()})
		}
		return snapshot.Located{}, refError(err)
	}
	refs := make(map[events.Ref]snapshot.RefInfo, len(found.Matches))
	for _, m := range found.Matches {
		refs[m.Ref] = m.Info
	}
	a.noteRefs(tab.ID, refs)
	return found, nil
}

// dialogBlocks is the error of a locator a dialog kept from running.
func dialogBlocks(d *events.DialogInfo, l events.Locator) error {
	e := events.DialogBlocks(*d, "locator "+l.String()+" cannot run")
	e.Details.Locator = l.String()
	return e
}

// matches lists found's matches as the events carry them: a match in
// tab's top frame names no frame.
func matches(found snapshot.Located, tab events.TargetID) []events.LocatorMatch {
	out := make([]events.LocatorMatch, len(found.Matches))
	for i, m := range found.Matches {
		out[i] = events.LocatorMatch{Ref: m.Ref, Role: m.Info.Role, Name: m.Info.Name, Nth: m.Info.Nth, Hidden: m.Hidden, FrameID: m.Info.FrameID}
		if m.Info.FrameID == events.FrameID(tab) {
			out[i].FrameID = ""
		}
	}
	return out
}

// resolveLocator turns a locator given where one element is needed into
// the ref of the one element it matches: none is element_not_found,
// several ambiguous_locator with the first matches listed.
func (a *attachment) resolveLocator(ctx context.Context, tab *session.Target, l events.Locator) (events.Ref, error) {
	found, err := a.locateIn(ctx, tab, l, ambiguousShown)
	if err != nil {
		return "", err
	}
	return pickOne(l, found, tab.ID)
}

// pickOne is the ref of found's one match, or the error saying there is
// none or several.
func pickOne(l events.Locator, found snapshot.Located, tab events.TargetID) (events.Ref, error) {
	switch {
	case found.Total == 0:
		hint := ""
		if l.Kind == events.LocateCSS {
			// A word meant as text reads as a CSS type selector.
			hint = " (an argument that is neither a ref nor a locator is read as CSS: write text=, role= or label= to match by what the page shows)"
		}
		return "", events.Errorf(events.CodeElementNotFound, "locator %s matches no element in the page%s; check it with find, or take a snapshot", l, hint).
			WithDetails(events.ErrorDetails{Locator: l.String()})
	case found.Total > 1:
		ms := matches(found, tab)
		list := make([]string, len(ms))
		for i, m := range ms {
			list[i] = fmt.Sprintf("%s %s %q", m.Ref, m.Role, m.Name)
		}
		more := ""
		if found.Total > len(ms) {
			more = fmt.Sprintf(" (and %d more)", found.Total-len(ms))
		}
		return "", events.Errorf(events.CodeAmbiguousLocator, "locator %s matches %d elements: %s%s; use one of their refs or a narrower locator",
			l, found.Total, strings.Join(list, ", "), more).
			WithDetails(events.ErrorDetails{Locator: l.String(), Matches: ms, Total: found.Total})
	}
	return found.Matches[0].Ref, nil
}
