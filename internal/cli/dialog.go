package cli

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// dialogUsage is dialog's usage line, which its parser repeats.
const dialogUsage = "dialog accept|dismiss [--prompt-text TEXT] [--id d-N] | dialog policy [must_respond|auto_dismiss|auto_accept]"

var dialogCommand = &Command{
	Name:    "dialog",
	Usage:   dialogUsage,
	Summary: "answer a pending JS dialog, or show or set the session's dialog policy",
	MinArgs: 1, MaxArgs: 2,
	Flags: []Flag{
		{Name: "prompt-text", Kind: String, Usage: "text a prompt receives when accepted (default: its default text)"},
		{Name: "id", Kind: String, Usage: "the dialog to answer (d-N) when several are pending"},
		{Name: "hold-ms", Kind: Int, Usage: "with 'policy': how long must_respond holds a dialog before dismissing it"},
	},
	Parse: parseDialog,
}

var dialogsCommand = &Command{
	Name: "dialogs", Usage: "dialogs", Summary: "list pending and recently closed JS dialogs",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Dialogs{}, nil },
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
			if q.HoldMS, err = ParseMS("hold-ms", in.String("hold-ms"), MaxSettingMS, true); err != nil {
				return nil, err
			}
		}
		return q, nil
	default:
		return nil, usageErrorf("usage: agentbrowser %s", dialogUsage)
	}
}
