// Package standard bundles the standard watchdogs so that an application
// wires them with one fx option, and starts sessions with them without fx.
package standard

import (
	"context"
	"fmt"
	"slices"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/console"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
	"github.com/agentbrowser/agentbrowser/watchdogs/initscript"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/perf"
	"github.com/agentbrowser/agentbrowser/watchdogs/record"
	"github.com/agentbrowser/agentbrowser/watchdogs/route"
)

// Module provides the watchdog Manager and the standard watchdogs.
var Module = Without()

// required are the standard watchdogs every session has: the actions,
// dialogs, evaluation and frames.
var required = fx.Options(
	watchdogs.Module,
	defaultaction.Module,
	dialog.Module,
	evaluate.Module,
	frame.Module,
)

// optional are the standard watchdogs a session can do without, by name:
// the actions work without them, and what they record or answer (the
// console log, the request log, routes, emulation, init scripts, traces
// and vitals, recordings) is then missing.
var optional = []struct {
	name   string
	module fx.Option
}{
	{console.Name, console.Module},
	{network.Name, network.Module},
	{route.Name, route.Module},
	{emulation.Name, emulation.Module},
	{initscript.Name, initscript.Module},
	{perf.Name, perf.Module},
	{record.Name, record.Module},
}

// Without provides what Module does less the named optional watchdogs
// (console, network, route, emulation, initscript, perf, record), for a
// program that wants no request log, say, or a bench measuring what one
// costs. Any other name
// fails the wiring with an error that says which names may be left out.
func Without(names ...string) fx.Option {
	opts := []fx.Option{required}
	left := map[string]bool{}
	for _, o := range optional {
		if slices.Contains(names, o.name) {
			left[o.name] = true
			continue
		}
		opts = append(opts, o.module)
	}
	for _, n := range names {
		if !left[n] {
			return fx.Error(fmt.Errorf("leaving out watchdog %q: only console, network, route, emulation, initscript, perf and record can be left out", n))
		}
	}
	return fx.Options(opts...)
}

// NewManager builds the Manager of the standard watchdogs plus extra ones
// (fx options such as fx.Provide(watchdogs.As(NewMine)) or fx.Supply of a
// watchdog's Config), for programs that do not use fx themselves.
func NewManager(extra ...fx.Option) (*watchdogs.Manager, error) {
	return NewManagerFrom(Module, extra...)
}

// NewManagerFrom is NewManager on another set of watchdogs than Module:
// Without(...) for one less some optional watchdogs.
func NewManagerFrom(set fx.Option, extra ...fx.Option) (*watchdogs.Manager, error) {
	var m *watchdogs.Manager
	app := fx.New(fx.NopLogger, set, fx.Options(extra...), fx.Populate(&m))
	if err := app.Err(); err != nil {
		return nil, fmt.Errorf("wiring watchdogs: %w", err)
	}
	return m, nil
}

// Start starts a session with the standard watchdogs (plus extra options).
func Start(ctx context.Context, cfg session.Config, extra ...fx.Option) (*session.BrowserSession, error) {
	m, err := NewManager(extra...)
	if err != nil {
		return nil, err
	}
	cfg.Extensions = append([]session.Extension{m}, cfg.Extensions...)
	return session.Start(ctx, cfg)
}
