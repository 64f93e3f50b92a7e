package main

import (
	"strconv"
	"strings"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

// policyFromSettings builds the session's URL policy from the command
// line's settings.
func policyFromSettings(settings map[string]string) (session.URLPolicy, error) {
	var p session.URLPolicy
	if v, ok := settings["allow-scheme"]; ok {
		for _, s := range cli.MultiValues(v) {
			s = strings.TrimSuffix(strings.TrimSpace(s), ":")
			if s != "" {
				p.AllowSchemes = append(p.AllowSchemes, strings.ToLower(s))
			}
		}
	}
	p.AllowedOrigins = cli.SplitList(settings["allowed-origins"])
	p.BlockedOrigins = cli.SplitList(settings["blocked-origins"])
	if err := p.Validate(); err != nil {
		return p, cli.Usagef("%v", err)
	}
	return p, nil
}

// securityOptions checks the URL policy settings (the daemon reads them
// into its session config) and turns --cdp-enabled into the frame
// watchdog's config.
func securityOptions(settings map[string]string) (fx.Option, error) {
	if _, err := policyFromSettings(settings); err != nil {
		return nil, err
	}
	v, ok := settings["cdp-enabled"]
	if !ok {
		return nil, nil
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		return nil, cli.Usagef("--cdp-enabled %q: want true or false", v)
	}
	return fx.Supply(&frame.Config{CDPDisabled: !on}), nil
}
