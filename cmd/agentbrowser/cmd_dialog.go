package main

import (
	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
)

func init() {
	register(&Command{
		Name:    "dialog",
		Usage:   "dialog accept|dismiss [--prompt-text TEXT] [--id d-N] | dialog policy [must_respond|auto_dismiss|auto_accept]",
		Summary: "answer a pending JS dialog, or show or set the session's dialog policy",
		MinArgs: 1, MaxArgs: 2,
		Flags: []Flag{
			{Name: "prompt-text", Kind: String, Usage: "text a prompt receives when accepted (default: its default text)"},
			{Name: "id", Kind: String, Usage: "the dialog to answer (d-N) when several are pending"},
			{Name: "hold-ms", Kind: Int, Usage: "with 'policy': how long must_respond holds a dialog before dismissing it"},
		},
		Parse: parseDialog,
	})
	register(&Command{
		Name: "dialogs", Usage: "dialogs", Summary: "list pending and recently closed JS dialogs",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Dialogs{}, nil },
	})
	settingFlags = append(settingFlags,
		Flag{Name: "dialog-policy", Kind: String, Usage: "must_respond (default), auto_dismiss or auto_accept"},
		Flag{Name: "dialog-timeout-ms", Kind: Int, Usage: "must_respond dismisses a dialog after this long (default 300000)"},
		Flag{Name: "dialog-bridge", Kind: Bool, Usage: "route alert/confirm/prompt through a script bridge, for CDP proxies that close native dialogs"},
	)
	settingOptions = append(settingOptions, dialogOptions)
}

// parseDialog reads a dialog command line.
func parseDialog(in Input) (request.Request, error) {
	switch verb := in.Args[0]; verb {
	case "accept", "dismiss":
		if len(in.Args) > 1 {
			return nil, usageErrorf("usage: agentbrowser dialog %s [--prompt-text TEXT] [--id d-N]", verb)
		}
		if in.Has("hold-ms") {
			return nil, usageErrorf("--hold-ms goes with 'dialog policy'")
		}
		q := request.AnswerDialog{Accept: verb == "accept", ID: in.String("id")}
		if in.Has("prompt-text") {
			if verb == "dismiss" {
				return nil, usageErrorf("--prompt-text goes with 'dialog accept'")
			}
			t := in.String("prompt-text")
			q.PromptText = &t
		}
		return q, nil
	case "policy":
		if in.Has("prompt-text") || in.Has("id") {
			return nil, usageErrorf("usage: agentbrowser dialog policy [must_respond|auto_dismiss|auto_accept] [--hold-ms N]")
		}
		q := request.DialogPolicy{}
		if len(in.Args) > 1 {
			p, err := events.ParseDialogPolicy(in.Args[1])
			if err != nil {
				return nil, usageErrorf("%s", err.Error())
			}
			q.Policy = p
		}
		if in.Has("hold-ms") {
			var err error
			if q.HoldMS, err = parseMS("hold-ms", in.String("hold-ms"), maxSettingMS, true); err != nil {
				return nil, err
			}
		}
		return q, nil
	default:
		return nil, usageErrorf("usage: agentbrowser %s", commands["dialog"].Usage)
	}
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
			return nil, usageErrorf("--dialog-policy: %s", err.Error())
		}
		cfg.Policy = policy
	}
	if hasTimeout {
		n, err := parseMS("dialog-timeout-ms", ms, maxSettingMS, false)
		if err != nil {
			return nil, err
		}
		cfg.Timeout = msDuration(n)
	}
	return fx.Supply(cfg), nil
}
