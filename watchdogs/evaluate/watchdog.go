package evaluate

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mafredri/cdp/protocol/runtime"
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

// Name is the watchdog's name.
const Name = "evaluate"

// Params are the watchdog's fx inputs.
type Params struct {
	fx.In
}

// Watchdog is the process-level EvaluateWatchdog.
type Watchdog struct{}

// New builds the watchdog.
func New(Params) (*Watchdog, error) { return &Watchdog{}, nil }

// Name implements watchdogs.Watchdog.
func (w *Watchdog) Name() string { return Name }

// Attach subscribes the evaluate handler for s.
func (w *Watchdog) Attach(ctx context.Context, s *session.BrowserSession) (watchdogs.Attachment, error) {
	sub := bus.On(s.Bus(), Name, func(ctx context.Context, e events.EvaluateEvent) (events.EvaluateResult, error) {
		return evaluate(ctx, s, e)
	})
	return watchdogs.DetachFunc(func(context.Context) error {
		sub.Unsubscribe()
		return nil
	}), nil
}

func evaluate(ctx context.Context, s *session.BrowserSession, e events.EvaluateEvent) (events.EvaluateResult, error) {
	if e.Expression == "" {
		return events.EvaluateResult{}, events.Errorf(events.CodeInvalidArgument, "expression is empty")
	}
	tab, err := s.Tab(e.TabID)
	if err != nil {
		return events.EvaluateResult{}, err
	}
	args := runtime.NewEvaluateArgs(e.Expression).SetReturnByValue(true).SetAwaitPromise(true)
	r, err := tab.Client.Runtime.Evaluate(ctx, args)
	if err != nil {
		return events.EvaluateResult{}, fmt.Errorf("evaluating: %w", err)
	}
	if r.ExceptionDetails != nil {
		return events.EvaluateResult{}, events.Errorf(events.CodeJSException, "%s", exceptionText(r.ExceptionDetails))
	}
	return valueOf(r.Result), nil
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != nil {
		return *d.Exception.Description
	}
	return d.Text
}

func valueOf(o runtime.RemoteObject) events.EvaluateResult {
	res := events.EvaluateResult{Type: o.Type, Engine: "main"}
	switch {
	case o.UnserializableValue != nil:
		res.Value = string(*o.UnserializableValue)
	case o.Type == "undefined":
	case len(o.Value) > 0:
		var v any
		if json.Unmarshal(o.Value, &v) == nil {
			res.Value = v
		}
	}
	if o.Description != nil && res.Value == nil {
		res.Description = *o.Description
	}
	return res
}

var _ watchdogs.Watchdog = (*Watchdog)(nil)

// Module provides the watchdog in the watchdogs group.
var Module = fx.Module(Name, fx.Provide(watchdogs.As(New)))
