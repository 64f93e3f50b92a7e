package actions

import (
	"context"
	"errors"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// State asks every watchdog for its part of a tab's state and merges the
// sections into one object: url, title, snapshot and refs from the
// DefaultActionWatchdog, pending_dialogs from the DialogWatchdog, and so
// on. A section that fails is left out and its error listed under
// "state_errors", unless it is an error about the request itself (a bad
// option, a stale scope ref), which is returned.
func State(ctx context.Context, s *session.BrowserSession, opts events.BrowserStateRequestEvent) (events.StateSection, error) {
	opts = aimAt(ctx, opts)
	res, err := bus.Dispatch(ctx, s.Bus(), opts)
	if res == nil || (err != nil && len(res.Handlers) == 0) {
		if err == nil {
			err = events.Errorf(events.CodeInternal, "reading the state: no watchdog answered")
		}
		return nil, normalise(ctx, s, opts, err)
	}
	out := events.StateSection{}
	var failed []map[string]any
	for _, h := range res.Handlers {
		if h.Err != nil {
			var ce *events.Error
			if errors.As(h.Err, &ce) {
				switch ce.Code {
				case events.CodeInvalidArgument, events.CodeStaleRef, events.CodeUnknownRef, events.CodeTabNotFound,
					events.CodePageUnstable, events.CodeTimeout:
					return nil, h.Err
				}
			}
			if Code(h.Err) == events.CodeTabNotFound {
				return nil, h.Err
			}
			failed = append(failed, map[string]any{"handler": h.Handler, "error": Describe(h.Err)})
			continue
		}
		switch sec := h.Value.(type) {
		case events.StateSection:
			for k, v := range sec {
				out[k] = v
			}
		case map[string]any:
			for k, v := range sec {
				out[k] = v
			}
		}
	}
	if len(out) == 0 && err != nil {
		return nil, normalise(ctx, s, opts, err)
	}
	if len(failed) > 0 {
		out["state_errors"] = failed
	}
	return out, nil
}

// normalise applies Do's error rules to a dispatch error.
func normalise(ctx context.Context, s *session.BrowserSession, e any, err error) error {
	return shape(ctx, s, eventName(e), err)
}
