package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

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
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// dropped names the standard watchdogs the bench leaves out of its
// sessions (-drop): a diagnosis of what each costs, never a published row.
var dropped []string

// optional are the standard watchdogs an action of the bench does without.
var optional = map[string]fx.Option{
	"console":   console.Module,
	"network":   network.Module,
	"route":     route.Module,
	"emulation": emulation.Module,
}

// parseDrop checks -drop's list.
func parseDrop(list string) error {
	for name := range strings.SplitSeq(list, ",") {
		if name == "" {
			continue
		}
		if _, ok := optional[name]; !ok {
			return fmt.Errorf("-drop %s: not one of console, network, route, emulation", name)
		}
		dropped = append(dropped, name)
	}
	return nil
}

// startOurs starts a session with the standard watchdogs, less the
// dropped ones.
func startOurs(ctx context.Context) (*session.BrowserSession, error) {
	if len(dropped) == 0 {
		return standard.Start(ctx, oursConfig())
	}
	opts := []fx.Option{fx.NopLogger, watchdogs.Module, defaultaction.Module, dialog.Module, evaluate.Module, frame.Module}
	for name, o := range optional {
		if !slices.Contains(dropped, name) {
			opts = append(opts, o)
		}
	}
	var m *watchdogs.Manager
	if err := fx.New(append(opts, fx.Populate(&m))...).Err(); err != nil {
		return nil, err
	}
	cfg := oursConfig()
	cfg.Extensions = []session.Extension{m}
	return session.Start(ctx, cfg)
}
