// Package standard bundles the standard watchdogs so that an application
// wires them with one fx option, and starts sessions with them without fx.
package standard

import (
	"context"
	"fmt"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/console"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/emulation"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
	"github.com/agentbrowser/agentbrowser/watchdogs/route"
)

// Module provides the watchdog Manager and the standard watchdogs.
var Module = fx.Options(
	watchdogs.Module,
	defaultaction.Module,
	dialog.Module,
	evaluate.Module,
	frame.Module,
	console.Module,
	network.Module,
	route.Module,
	emulation.Module,
)

// NewManager builds the Manager of the standard watchdogs plus extra ones
// (fx options such as fx.Provide(watchdogs.As(NewMine)) or fx.Supply of a
// watchdog's Config), for programs that do not use fx themselves.
func NewManager(extra ...fx.Option) (*watchdogs.Manager, error) {
	var m *watchdogs.Manager
	app := fx.New(fx.NopLogger, Module, fx.Options(extra...), fx.Populate(&m))
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
