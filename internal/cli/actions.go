package cli

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var hoverCommand = &Command{
	Name: "hover", Usage: "hover REF [--force]", Summary: "move the mouse over an element",
	MinArgs: 1, MaxArgs: 1, RefArgs: 1,
	Flags: []Flag{{Name: "force", Kind: Bool, Usage: "skip the check that nothing covers it"}},
	Parse: func(in Input) (request.Request, error) {
		return request.Hover{Ref: in.Target(0), Force: in.Bool("force")}, nil
	},
}

var typeCommand = &Command{
	Name: "type", Usage: "type REF TEXT [--clear] [--submit] [--force]", Summary: "type text into an input, textarea or contenteditable",
	MinArgs: 2, MaxArgs: 2, RefArgs: 1,
	Flags: []Flag{
		{Name: "clear", Kind: Bool, Usage: "empty the field first"},
		{Name: "submit", Kind: Bool, Usage: "press Enter afterwards"},
		{Name: "force", Kind: Bool, Usage: "type even into a field the user cannot see"},
	},
	Parse: func(in Input) (request.Request, error) {
		return request.Type{Ref: in.Target(0), Text: in.Args[1], Clear: in.Bool("clear"), Submit: in.Bool("submit"), Force: in.Bool("force")}, nil
	},
}

var pressCommand = &Command{
	Name: "press", Usage: "press KEY [--ref REF]", Summary: "press a key or chord: Enter, Tab, Escape, ArrowDown, Control+A, Shift+Tab",
	MinArgs: 1, MaxArgs: 1, RefFlags: []string{"ref"},
	Flags: []Flag{{Name: "ref", Kind: String, Usage: "focus this element first (a field, an editor or its surface)"}},
	Parse: func(in Input) (request.Request, error) {
		q := request.Press{Key: in.Args[0]}
		if in.Has("ref") {
			q.Ref = in.FlagTarget("ref")
		}
		return q, nil
	},
}

var scrollCommand = &Command{
	Name: "scroll", Usage: "scroll [REF] [--dx N] [--dy N]", Summary: "scroll the page or an element (no delta: one screen down, or a ref into view)",
	MaxArgs: 1, RefArgs: 1,
	Flags: []Flag{
		{Name: "dx", Kind: Int, Usage: "pixels to the right (negative: left)"},
		{Name: "dy", Kind: Int, Usage: "pixels down (negative: up)"},
	},
	Parse: func(in Input) (request.Request, error) {
		q := request.Scroll{}
		if len(in.Args) == 1 {
			q.Ref = in.Target(0)
		}
		var err error
		if q.DX, err = in.Int("dx", 0); err != nil {
			return nil, err
		}
		q.DY, err = in.Int("dy", 0)
		return q, err
	},
}

var selectCommand = &Command{
	Name: "select", Usage: "select REF VALUE...", Summary: "select options of a <select> by value or visible label, or one option of a drawn combobox or listbox",
	MinArgs: 2, MaxArgs: -1, RefArgs: 1,
	Parse: func(in Input) (request.Request, error) {
		return request.Select{Ref: in.Target(0), Values: in.Args[1:]}, nil
	},
}

var checkCommand = &Command{
	Name: "check", Usage: "check REF", Summary: "check a checkbox, radio button or switch (verified)",
	MinArgs: 1, MaxArgs: 1, RefArgs: 1,
	Parse: func(in Input) (request.Request, error) { return request.Check{Ref: in.Target(0)}, nil },
}

var uncheckCommand = &Command{
	Name: "uncheck", Usage: "uncheck REF", Summary: "uncheck a checkbox, radio button or switch (verified)",
	MinArgs: 1, MaxArgs: 1, RefArgs: 1,
	Parse: func(in Input) (request.Request, error) { return request.Uncheck{Ref: in.Target(0)}, nil },
}

var uploadCommand = &Command{
	Name: "upload", Usage: "upload REF FILE...", Summary: "set the files of an <input type=file>",
	MinArgs: 2, MaxArgs: -1, RefArgs: 1,
	Parse: func(in Input) (request.Request, error) {
		return request.Upload{Ref: in.Target(0), Files: in.Args[1:]}, nil
	},
}

var tabCommand = &Command{
	Name: "tab", Usage: "tab new [URL] | tab switch ID | tab close [ID]",
	Summary: "open, switch to or close a tab (ID: a tab id, a unique prefix of one, or its number in 'tabs')",
	MinArgs: 1, MaxArgs: 2,
	Flags: []Flag{waitUntilFlag},
	Parse: parseTab,
}

var screenshotCommand = &Command{
	Name: "screenshot", Usage: "screenshot [PATH] [--full] [--ref REF] [--labels] [--format png|jpeg] [--quality N]",
	Summary: "capture the viewport, the full page or one element; without PATH the image comes back base64 in data",
	MaxArgs: 1, RefFlags: []string{"ref"},
	Flags: []Flag{
		{Name: "full", Kind: Bool, Usage: "the whole page, not only the viewport"},
		{Name: "ref", Kind: String, Usage: "only this element"},
		{Name: "labels", Kind: Bool, Usage: "draw each interactive element's ref over it (set-of-marks)"},
		{Name: "format", Kind: String, Usage: "png (default) or jpeg"},
		{Name: "quality", Kind: Int, Usage: "jpeg quality, 1-100 (default 80)"},
	},
	Parse: func(in Input) (request.Request, error) {
		q := request.Screenshot{Full: in.Bool("full"), Labels: in.Bool("labels"), Format: in.String("format")}
		if len(in.Args) == 1 {
			q.Path = in.Args[0]
		}
		if in.Has("ref") {
			q.Ref = in.FlagTarget("ref")
		}
		var err error
		q.Quality, err = in.Int("quality", 0)
		return q, err
	},
}

var waitUntilFlag = Flag{Name: "wait", Kind: String, Usage: "load (default), domcontentloaded or none"}

var (
	backCommand    = historyCommand("back", "go back in the active tab's history", func(w events.WaitUntil) request.Request { return request.Back{Wait: w} })
	forwardCommand = historyCommand("forward", "go forward in the active tab's history", func(w events.WaitUntil) request.Request { return request.Forward{Wait: w} })
	reloadCommand  = historyCommand("reload", "reload the active tab", func(w events.WaitUntil) request.Request { return request.Reload{Wait: w} })
)

// historyCommand is back, forward or reload: a command with --wait and no
// argument.
func historyCommand(name, summary string, q func(events.WaitUntil) request.Request) *Command {
	return &Command{
		Name: name, Usage: name + " [--wait load|domcontentloaded|none]", Summary: summary,
		MaxArgs: 0,
		Flags:   []Flag{waitUntilFlag},
		Parse:   func(in Input) (request.Request, error) { return q(events.WaitUntil(in.String("wait"))), nil },
	}
}

// parseTab reads tab's subcommand and its argument.
func parseTab(in Input) (request.Request, error) {
	arg := ""
	if len(in.Args) > 1 {
		arg = in.Args[1]
	}
	switch sub := in.Args[0]; {
	case sub == "new":
		return request.NewTab{URL: arg}, nil
	case sub == "switch":
		if arg == "" {
			return nil, usageErrorf("usage: agentbrowser tab switch ID")
		}
		return request.SwitchTab{Tab: arg}, nil
	case sub == "close":
		return request.CloseTab{Tab: arg}, nil
	default:
		return nil, usageErrorf("tab %q: want new, switch or close", sub)
	}
}
