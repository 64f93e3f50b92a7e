package main

import (
	"strconv"
	"strings"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "allow-scheme", Kind: Multi, Usage: "let open and 'tab new' load this URL scheme too (file, data, chrome, view-source, ...); repeatable. Default: http, https and about:blank only; javascript: never"},
		Flag{Name: "allowed-origins", Kind: String, Usage: "comma-separated origins ([scheme://]host[:port], *.example.com for subdomains) that every document of the session must come from"},
		Flag{Name: "blocked-origins", Kind: String, Usage: "comma-separated origins no document of the session may come from"},
		Flag{Name: "cdp-enabled", Kind: Bool, Usage: "allow the raw cdp command (default true); --cdp-enabled=false refuses it with cdp_disabled"},
	)
	settingOptions = append(settingOptions, securityOptions)
}

// policyFromSettings builds the session's URL policy from the command
// line's settings.
func policyFromSettings(settings map[string]string) (session.URLPolicy, error) {
	var p session.URLPolicy
	if v, ok := settings["allow-scheme"]; ok {
		for _, s := range multiValues(v) {
			s = strings.TrimSuffix(strings.TrimSpace(s), ":")
			if s != "" {
				p.AllowSchemes = append(p.AllowSchemes, strings.ToLower(s))
			}
		}
	}
	p.AllowedOrigins = splitList(settings["allowed-origins"])
	p.BlockedOrigins = splitList(settings["blocked-origins"])
	if err := p.Validate(); err != nil {
		return p, usageErrorf("%v", err)
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
		return nil, usageErrorf("--cdp-enabled %q: want true or false", v)
	}
	return fx.Supply(&frame.Config{CDPDisabled: !on}), nil
}
