package main

import (
	"context"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
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
		Check: checkDialog,
		Run:   runDialog,
	})
	register(&Command{
		Name: "dialogs", Usage: "dialogs", Summary: "list pending and recently closed JS dialogs",
		MaxArgs: 0,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			r, err := actions.Dialogs(ctx, env.Session)
			if err != nil {
				return nil, err
			}
			return structResult(r), nil
		},
	})
	settingFlags = append(settingFlags,
		Flag{Name: "dialog-policy", Kind: String, Usage: "must_respond (default), auto_dismiss or auto_accept"},
		Flag{Name: "dialog-timeout-ms", Kind: Int, Usage: "must_respond dismisses a dialog after this long (default 300000)"},
		Flag{Name: "dialog-bridge", Kind: Bool, Usage: "route alert/confirm/prompt through a script bridge, for CDP proxies that close native dialogs"},
	)
	settingOptions = append(settingOptions, dialogOptions)
}

// dialogCall is what a dialog command line asks for.
type dialogCall struct {
	verb   string // accept, dismiss or policy
	text   *string
	id     string
	policy events.DialogPolicy
	holdMS int
}

// parseDialog reads a dialog command line without a browser: a bad one is
// a usage error before any daemon starts (Command.Check).
func parseDialog(in Input) (dialogCall, error) {
	c := dialogCall{verb: in.Args[0], id: in.String("id")}
	switch c.verb {
	case "accept", "dismiss":
		if len(in.Args) > 1 {
			return c, usageErrorf("usage: agentbrowser dialog %s [--prompt-text TEXT] [--id d-N]", c.verb)
		}
		if in.Has("hold-ms") {
			return c, usageErrorf("--hold-ms goes with 'dialog policy'")
		}
		if in.Has("prompt-text") {
			if c.verb == "dismiss" {
				return c, usageErrorf("--prompt-text goes with 'dialog accept'")
			}
			t := in.String("prompt-text")
			c.text = &t
		}
		return c, nil
	case "policy":
		if in.Has("prompt-text") || in.Has("id") {
			return c, usageErrorf("usage: agentbrowser dialog policy [must_respond|auto_dismiss|auto_accept] [--hold-ms N]")
		}
		if len(in.Args) > 1 {
			var err error
			if c.policy, err = events.ParseDialogPolicy(in.Args[1]); err != nil {
				return c, usageErrorf("%s", err.Error())
			}
		}
		if in.Has("hold-ms") {
			var err error
			if c.holdMS, err = parseMS("hold-ms", in.String("hold-ms"), maxSettingMS, true); err != nil {
				return c, err
			}
		}
		return c, nil
	default:
		return c, usageErrorf("usage: agentbrowser %s", commands["dialog"].Usage)
	}
}

func checkDialog(in Input) error {
	_, err := parseDialog(in)
	return err
}

func runDialog(ctx context.Context, env *Env, in Input) (Result, error) {
	c, err := parseDialog(in)
	if err != nil {
		return nil, err
	}
	if c.verb == "policy" {
		r, err := actions.SetDialogPolicy(ctx, env.Session, c.policy, msDuration(c.holdMS))
		if err != nil {
			return nil, err
		}
		return structResult(r), nil
	}
	d, err := actions.RespondDialog(ctx, env.Session, actions.DialogResponse{Accept: c.verb == "accept", PromptText: c.text, ID: c.id})
	if err != nil {
		return nil, err
	}
	return Result{"dialog": d}, nil
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
