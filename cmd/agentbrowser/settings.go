package main

import (
	"strconv"
	"strings"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
)

// settingOptions turn the session settings of a command line (the CLI's
// setting flags) into fx options for the daemon's watchdogs, checking
// them: a daemon applies them when it starts, and the CLI checks them
// before it starts one (checkSettings). Settings the session's config
// takes (the launch, the URL policy, the state) are checked here too and
// applied by newDaemon.
var settingOptions = []func(settings map[string]string) (fx.Option, error){
	devtoolsOptions, // --remote-debugging-port
	networkOptions,  // --network-body-budget, --network-body-types
	dialogOptions,   // --dialog-policy, --dialog-timeout-ms, --dialog-bridge
	evaluateOptions, // --evaluate-enabled, --max-result-bytes
	headedOptions,   // --headed
	securityOptions, // --allow-scheme, --allowed-origins, --blocked-origins, --cdp-enabled
	stateOptions,    // --profile, --storage-state, --download-dir, --max-download-bytes
	frameOptions,    // --max-result-bytes
}

// checkStart checks what a daemon started for a command line would take:
// its remote endpoint and its settings.
func checkStart(g cli.Globals) error {
	if v := g.Remote.Grid; v != "" && !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") {
		return cli.Usagef("--grid %q: want the hub's http:// or https:// URL, such as http://127.0.0.1:4444", cdpmux.RedactURL(v))
	}
	for _, so := range settingOptions {
		if _, err := so(g.Settings); err != nil {
			return err
		}
	}
	return nil
}

// networkOptions turns --network-body-budget and --network-body-types into
// the NetworkWatchdog's config.

func networkOptions(settings map[string]string) (fx.Option, error) {
	b, hasB := settings["network-body-budget"]
	ty, hasT := settings["network-body-types"]
	if !hasB && !hasT {
		return nil, nil
	}
	var cfg network.Config
	if hasB {
		n, err := strconv.ParseInt(b, 10, 64)
		if err != nil || n < 0 || n > 1<<30 {
			return nil, cli.Usagef("--network-body-budget %q: want a number of bytes from 0 (keep no bodies) to 1073741824", b)
		}
		cfg.BodyBudget = n
		if n == 0 {
			cfg.BodyBudget = network.NoBodies
		}
	}
	if hasT {
		for _, t := range cli.SplitList(ty) {
			if t != "" {
				cfg.BodyTypes = append(cfg.BodyTypes, t)
			}
		}
		if len(cfg.BodyTypes) == 0 {
			return nil, cli.Usagef("--network-body-types %q: want resource types such as Document,XHR,Fetch,Script, or all", ty)
		}
	}
	return fx.Supply(&cfg), nil
}

// dialogOptions turns the dialog settings into the watchdog's Config.

func dialogOptions(settings map[string]string) (fx.Option, error) {
	p, hasPolicy := settings["dialog-policy"]
	ms, hasTimeout := settings["dialog-timeout-ms"]
	bridge := settings["dialog-bridge"] == "true"
	if !hasPolicy && !hasTimeout && !bridge {
		return nil, nil
	}
	cfg := &dialog.Config{Bridge: bridge}
	if hasPolicy {
		policy, err := events.ParseDialogPolicy(p)
		if err != nil {
			return nil, cli.Usagef("--dialog-policy: %s", err.Error())
		}
		cfg.Policy = policy
	}
	if hasTimeout {
		n, err := cli.ParseMS("dialog-timeout-ms", ms, cli.MaxSettingMS, false)
		if err != nil {
			return nil, err
		}
		cfg.Timeout = cli.MSDuration(n)
	}
	return fx.Supply(cfg), nil
}

// evaluateOptions turns --evaluate-enabled into the EvaluateWatchdog's
// config.

func evaluateOptions(settings map[string]string) (fx.Option, error) {
	v, ok := settings["evaluate-enabled"]
	maxResult, err := maxResultBytes(settings)
	if err != nil {
		return nil, err
	}
	if !ok && maxResult == 0 {
		return nil, nil
	}
	cfg := evaluate.DefaultConfig()
	cfg.MaxResultBytes = maxResult
	if ok {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return nil, cli.Usagef("--evaluate-enabled %q: want true or false", v)
		}
		cfg.Enabled = on
	}
	return fx.Supply(&cfg), nil
}

// stateOptions checks the state settings where the command line is read,
// so that a bad value (or a storage state file that will not load) is a
// usage error at once, not a daemon that fails to start.

func stateOptions(settings map[string]string) (fx.Option, error) {
	_, err := stateConfig(settings)
	return nil, err
}

// stateSettings are the state settings as a session config reads them.
type stateSettings struct {
	profile, downloadDir string
	maxDownloadBytes     int64
	storageState         *events.StorageState
}

func stateConfig(settings map[string]string) (stateSettings, error) {
	st := stateSettings{profile: settings["profile"], downloadDir: settings["download-dir"]}
	if st.profile != "" {
		// Before any daemon or browser starts.
		if err := session.CheckProfile(st.profile); err != nil {
			return st, err
		}
	}
	if v, ok := settings["max-download-bytes"]; ok {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return st, cli.Usagef("--max-download-bytes %q: want a positive number of bytes", v)
		}
		st.maxDownloadBytes = n
	}
	if path := settings["storage-state"]; path != "" {
		s, err := session.ReadStorageState(path)
		if err != nil {
			return st, err
		}
		st.storageState = &s
	}
	return st, nil
}

// applyStateSettings puts the state settings into a session's config.

func applyStateSettings(cfg *session.Config, settings map[string]string) error {
	st, err := stateConfig(settings)
	if err != nil {
		return err
	}
	cfg.Profile, cfg.DownloadDir = st.profile, st.downloadDir
	cfg.ForgetSessionCookies = settings["no-keep-session-cookies"] == "true"
	cfg.MaxDownloadBytes, cfg.StorageState = st.maxDownloadBytes, st.storageState
	return nil
}
