package evaluate

import (
	"context"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// GuardOrder is the order of the evaluate switch's guards among an event's
// guards: first, before the URL policy (session.PolicyGuardOrder) and
// dialog_blocking, so that a javascript: URL in a session without
// evaluation says evaluate_disabled.
const GuardOrder = 10

// switchGuards make the evaluate switch cover every way the agent could
// run page script besides EvaluateEvent: the raw cdp command (any method
// can run script, Runtime.evaluate first), javascript: URLs and init
// scripts. With evaluation on there is nothing to guard.
func (a *attachment) switchGuards() []bus.Subscription {
	if a.cfg.Enabled {
		return nil
	}
	b := a.s.Bus()
	jsURL := func(raw string) error {
		if session.URLScheme(raw) != "javascript" {
			return nil
		}
		return events.Errorf(events.CodeEvaluateDisabled, "javascript: URLs run page script, and evaluate is disabled in this session (evaluate_enabled is off); nothing was loaded")
	}
	return []bus.Subscription{
		bus.Guard(b, Name, GuardOrder, func(ctx context.Context, e events.CDPCallEvent) error {
			return events.Errorf(events.CodeEvaluateDisabled, "the raw cdp command is refused while evaluate is disabled in this session (evaluate_enabled is off): any CDP method can run page script; snapshot and the actions still work")
		}),
		bus.Guard(b, Name, GuardOrder, func(ctx context.Context, e events.NavigateToURLEvent) error {
			return jsURL(e.URL)
		}),
		bus.Guard(b, Name, GuardOrder, func(ctx context.Context, e events.NewTabEvent) error {
			return jsURL(e.URL)
		}),
		bus.Guard(b, Name, GuardOrder, func(ctx context.Context, e events.InitScriptAddEvent) error {
			return events.Errorf(events.CodeEvaluateDisabled, "an init script is page script, and evaluate is disabled in this session (evaluate_enabled is off); nothing was added")
		}),
	}
}
