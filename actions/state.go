package actions

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// State gathers every watchdog's part of a tab's state and merges the
// parts into one PageState: url, title, snapshot and refs from the
// DefaultActionWatchdog, pending_dialogs from the DialogWatchdog, and so
// on. A section that fails is left out and its error listed in
// StateErrors, unless it is an error about the request itself (a bad
// option, a stale scope ref), which is returned.
func State(ctx context.Context, s *session.BrowserSession, opts events.BrowserStateRequestEvent) (events.PageState, error) {
	opts = aimAt(ctx, opts)
	got, err := bus.Gather(ctx, s.Bus(), opts)
	if len(got) == 0 {
		if err == nil {
			err = events.Errorf(events.CodeInternal, "reading the state: no watchdog answered")
		}
		return events.PageState{}, normalise(ctx, s, opts, err)
	}
	var out events.PageState
	parts := 0
	for _, p := range got {
		if p.Err != nil {
			var ce *events.Error
			if errors.As(p.Err, &ce) {
				switch ce.Code {
				case events.CodeTimeout:
					return events.PageState{}, freeBusyTab(ctx, s, opts, opts.TabID, p.Err)
				case events.CodeInvalidArgument, events.CodeStaleRef, events.CodeUnknownRef, events.CodeTabNotFound,
					events.CodePageUnstable, events.CodeAmbiguousLocator, events.CodeElementNotFound:
					return events.PageState{}, p.Err
				}
			}
			if Code(p.Err) == events.CodeTabNotFound {
				return events.PageState{}, p.Err
			}
			out.StateErrors = append(out.StateErrors, stateError(p.Contributor, p.Err))
			continue
		}
		if p.Value != nil {
			p.Value.ApplyState(&out)
			parts++
		}
	}
	if parts == 0 && err != nil {
		return events.PageState{}, freeBusyTab(ctx, s, opts, opts.TabID, normalise(ctx, s, opts, err))
	}
	return out, nil
}

// stateError describes a failed section.
func stateError(handler string, err error) events.StateError {
	d := Describe(err)
	se := events.StateError{Handler: handler, Error: events.StateErrorBody{Code: d.Code, Message: d.Message}}
	if !d.Details.IsZero() {
		if b, err := json.Marshal(d.Details); err == nil {
			se.Error.Details = b
		}
	}
	return se
}

// normalise applies Do's error rules to a dispatch error.
func normalise(ctx context.Context, s *session.BrowserSession, e any, err error) error {
	return shape(ctx, s, eventName(e), err)
}
