package main

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

var waitUntilFlag = Flag{Name: "wait", Kind: String, Usage: "load (default), domcontentloaded or none"}

func init() {
	register(&Command{
		Name: "hover", Usage: "hover REF", Summary: "move the mouse over an element",
		MinArgs: 1, MaxArgs: 1, RefArgs: 1,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			ref, err := parseRef(in.Args[0])
			if err != nil {
				return nil, err
			}
			return result(actions.Hover(ctx, env.Session, ref))
		},
	})
	register(&Command{
		Name: "type", Usage: "type REF TEXT [--clear] [--submit]", Summary: "type text into an input, textarea or contenteditable",
		MinArgs: 2, MaxArgs: 2, RefArgs: 1,
		Flags: []Flag{
			{Name: "clear", Kind: Bool, Usage: "empty the field first"},
			{Name: "submit", Kind: Bool, Usage: "press Enter afterwards"},
		},
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			ref, err := parseRef(in.Args[0])
			if err != nil {
				return nil, err
			}
			return result(actions.Type(ctx, env.Session, events.TypeTextEvent{
				Ref: ref, Text: in.Args[1], Clear: in.Bool("clear"), Submit: in.Bool("submit"),
			}))
		},
	})
	register(&Command{
		Name: "press", Usage: "press KEY", Summary: "press a key or chord: Enter, Tab, Escape, ArrowDown, Control+A, Shift+Tab",
		MinArgs: 1, MaxArgs: 1,
		Check: func(in Input) error { return defaultaction.Check(events.PressKeyEvent{Key: in.Args[0]}) },
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			return result(actions.Press(ctx, env.Session, in.Args[0]))
		},
	})
	register(&Command{
		Name: "scroll", Usage: "scroll [REF] [--dx N] [--dy N]", Summary: "scroll the page or an element (no delta: one screen down, or a ref into view)",
		MaxArgs: 1, RefArgs: 1,
		Flags: []Flag{
			{Name: "dx", Kind: Int, Usage: "pixels to the right (negative: left)"},
			{Name: "dy", Kind: Int, Usage: "pixels down (negative: up)"},
		},
		Run: runScroll,
	})
	register(&Command{
		Name: "select", Usage: "select REF VALUE...", Summary: "select options of a <select> by value or visible label",
		MinArgs: 2, MaxArgs: -1, RefArgs: 1,
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			ref, err := parseRef(in.Args[0])
			if err != nil {
				return nil, err
			}
			return result(actions.Select(ctx, env.Session, ref, in.Args[1:]...))
		},
	})
	for _, c := range []struct {
		name string
		on   bool
	}{{"check", true}, {"uncheck", false}} {
		register(&Command{
			Name: c.name, Usage: c.name + " REF", Summary: c.name + " a checkbox, radio button or switch (verified)",
			MinArgs: 1, MaxArgs: 1, RefArgs: 1,
			Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
				ref, err := parseRef(in.Args[0])
				if err != nil {
					return nil, err
				}
				return result(actions.SetChecked(ctx, env.Session, ref, c.on))
			},
		})
	}
	register(&Command{
		Name: "upload", Usage: "upload REF FILE...", Summary: "set the files of an <input type=file>",
		MinArgs: 2, MaxArgs: -1, RefArgs: 1,
		Prepare: func(in *Input) error {
			// The daemon's working directory is not the caller's.
			for i := 1; i < len(in.Args); i++ {
				abs, err := filepath.Abs(in.Args[i])
				if err != nil {
					return usageErrorf("file %q: %v", in.Args[i], err)
				}
				in.Args[i] = abs
			}
			return nil
		},
		Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
			ref, err := parseRef(in.Args[0])
			if err != nil {
				return nil, err
			}
			return result(actions.Upload(ctx, env.Session, ref, in.Args[1:]...))
		},
	})
	for _, c := range []struct {
		name, summary string
		do            func(context.Context, *Env, events.WaitUntil) (events.NavigationResult, error)
	}{
		{"back", "go back in the active tab's history", func(ctx context.Context, env *Env, w events.WaitUntil) (events.NavigationResult, error) {
			return actions.Back(ctx, env.Session, actions.NavigateOptions{WaitUntil: w})
		}},
		{"forward", "go forward in the active tab's history", func(ctx context.Context, env *Env, w events.WaitUntil) (events.NavigationResult, error) {
			return actions.Forward(ctx, env.Session, actions.NavigateOptions{WaitUntil: w})
		}},
		{"reload", "reload the active tab", func(ctx context.Context, env *Env, w events.WaitUntil) (events.NavigationResult, error) {
			return actions.Reload(ctx, env.Session, actions.NavigateOptions{WaitUntil: w})
		}},
	} {
		register(&Command{
			Name: c.name, Usage: c.name + " [--wait load|domcontentloaded|none]", Summary: c.summary,
			MaxArgs: 0,
			Flags:   []Flag{waitUntilFlag},
			Run: func(ctx context.Context, env *Env, in Input) (Result, error) {
				return result(c.do(ctx, env, events.WaitUntil(in.String("wait"))))
			},
		})
	}
	register(&Command{
		Name: "wait", Usage: "wait --text T | --ref REF | --gone REF | --url PATTERN | --load",
		Summary: "wait, within the budget, for text, an element, an element to go, a URL, or the load event",
		MaxArgs: 0, // its refs: Check (waitEvent)
		Flags: []Flag{
			{Name: "text", Kind: String, Usage: "text to appear in the page"},
			{Name: "ref", Kind: String, Usage: "an element to be visible"},
			{Name: "gone", Kind: String, Usage: "an element to be removed or hidden"},
			{Name: "url", Kind: String, Usage: "the URL to contain this, or to match it with * as a wildcard"},
			{Name: "load", Kind: Bool, Usage: "the document to finish loading"},
		},
		Check: func(in Input) error { return checkEvent(waitEvent(in)) },
		Run:   runWait,
	})
	register(&Command{
		Name: "tab", Usage: "tab new [URL] | tab switch ID | tab close [ID]",
		Summary: "open, switch to or close a tab (ID: a tab id, a unique prefix of one, or its number in 'tabs')",
		MinArgs: 1, MaxArgs: 2,
		Flags: []Flag{waitUntilFlag},
		Check: checkTab,
		Run:   runTab,
	})
	register(&Command{
		Name: "screenshot", Usage: "screenshot [PATH] [--full] [--ref REF] [--labels] [--format png|jpeg] [--quality N]",
		Summary: "capture the viewport, the full page or one element; without PATH the image comes back base64 in data",
		MaxArgs: 1, // its ref: Check (screenshotEvent)
		Flags: []Flag{
			{Name: "full", Kind: Bool, Usage: "the whole page, not only the viewport"},
			{Name: "ref", Kind: String, Usage: "only this element"},
			{Name: "labels", Kind: Bool, Usage: "draw each interactive element's ref over it (set-of-marks)"},
			{Name: "format", Kind: String, Usage: "png (default) or jpeg"},
			{Name: "quality", Kind: Int, Usage: "jpeg quality, 1-100 (default 80)"},
		},
		Prepare: func(in *Input) error {
			if len(in.Args) == 1 {
				abs, err := filepath.Abs(in.Args[0])
				if err != nil {
					return usageErrorf("path %q: %v", in.Args[0], err)
				}
				in.Args[0] = abs
			}
			return nil
		},
		Check: func(in Input) error { return checkEvent(screenshotEvent(in)) },
		Run:   runScreenshot,
	})
}

// result turns a typed action result into a command result.
func result[R any](r R, err error) (Result, error) {
	if err != nil {
		return nil, err
	}
	return structResult(r), nil
}

func runScroll(ctx context.Context, env *Env, in Input) (Result, error) {
	e := events.ScrollEvent{}
	if len(in.Args) == 1 {
		ref, err := parseRef(in.Args[0])
		if err != nil {
			return nil, err
		}
		e.Ref = ref
	}
	dx, err := in.Int("dx", 0)
	if err != nil {
		return nil, err
	}
	dy, err := in.Int("dy", 0)
	if err != nil {
		return nil, err
	}
	e.DX, e.DY = float64(dx), float64(dy)
	return result(actions.Scroll(ctx, env.Session, e))
}

// checkEvent checks an event built from a command line: the building's
// error, else what the event's handler would refuse in its arguments
// (defaultaction.Check).
func checkEvent[E any](e E, err error) error {
	if err != nil {
		return err
	}
	return defaultaction.Check(e)
}

// waitEvent is the event of a wait command line.
func waitEvent(in Input) (events.WaitEvent, error) {
	e := events.WaitEvent{Text: in.String("text"), URL: in.String("url"), Load: in.Bool("load")}
	if in.Has("ref") {
		ref, err := parseRef(in.String("ref"))
		if err != nil {
			return e, err
		}
		e.Ref = ref
	}
	if in.Has("gone") {
		ref, err := parseRef(in.String("gone"))
		if err != nil {
			return e, err
		}
		e.Gone = ref
	}
	return e, nil
}

func runWait(ctx context.Context, env *Env, in Input) (Result, error) {
	e, err := waitEvent(in)
	if err != nil {
		return nil, err
	}
	return result(actions.Wait(ctx, env.Session, e))
}

// checkTab checks tab's subcommand and its argument (Command.Check).
func checkTab(in Input) error {
	switch sub := in.Args[0]; {
	case sub != "new" && sub != "switch" && sub != "close":
		return usageErrorf("tab %q: want new, switch or close", sub)
	case sub == "switch" && (len(in.Args) < 2 || in.Args[1] == ""):
		return usageErrorf("usage: agentbrowser tab switch ID")
	}
	return nil
}

func runTab(ctx context.Context, env *Env, in Input) (Result, error) {
	sub := in.Args[0]
	arg := ""
	if len(in.Args) > 1 {
		arg = in.Args[1]
	}
	switch sub {
	case "new":
		r, err := actions.NewTab(ctx, env.Session, arg)
		if err != nil {
			return nil, err
		}
		return structResult(r), nil
	case "switch":
		id, err := findTab(ctx, env, arg)
		if err != nil {
			return nil, err
		}
		r, err := actions.SwitchTab(ctx, env.Session, id)
		if err != nil {
			return nil, err
		}
		return Result{"tab": r}, nil
	default: // close: checkTab lets nothing else through
		var id events.TargetID
		if aimed, ok := actions.TabFrom(ctx); ok && arg == "" {
			id = aimed
		} else if arg == "" {
			t, err := env.Session.ActiveTab()
			if err != nil {
				return nil, err
			}
			id = t.ID
		} else {
			var err error
			if id, err = findTab(ctx, env, arg); err != nil {
				return nil, err
			}
		}
		return result(actions.CloseTab(ctx, env.Session, id))
	}
}

// findTab accepts a tab's id, a unique prefix of it (any case), or its
// 1-based position in 'tabs'.
func findTab(ctx context.Context, env *Env, s string) (events.TargetID, error) {
	tabs, err := actions.Tabs(ctx, env.Session)
	if err != nil {
		return "", err
	}
	// One or two digits name a position in 'tabs' (as agents and MCP
	// clients count tabs); anything else is an id or a prefix of one.
	if n, err := strconv.Atoi(s); err == nil && len(s) <= 2 && n >= 1 && n <= len(tabs) {
		return tabs[n-1].ID, nil
	}
	var found []events.TargetID
	for _, t := range tabs {
		if strings.EqualFold(string(t.ID), s) {
			return t.ID, nil
		}
		if strings.HasPrefix(strings.ToUpper(string(t.ID)), strings.ToUpper(s)) {
			found = append(found, t.ID)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", events.Errorf(events.CodeTabNotFound, "no tab %q (see 'agentbrowser tabs')", s)
	}
	return "", invalidArg("tab %q is ambiguous: %d tabs start with it", s, len(found))
}

// screenshotEvent is the event of a screenshot command line.
func screenshotEvent(in Input) (events.ScreenshotEvent, error) {
	e := events.ScreenshotEvent{Full: in.Bool("full"), Labels: in.Bool("labels"), Format: in.String("format")}
	if len(in.Args) == 1 {
		e.Path = in.Args[0]
	}
	if in.Has("ref") {
		ref, err := parseRef(in.String("ref"))
		if err != nil {
			return e, err
		}
		e.Ref = ref
	}
	q, err := in.Int("quality", 0)
	e.Quality = q
	return e, err
}

func runScreenshot(ctx context.Context, env *Env, in Input) (Result, error) {
	e, err := screenshotEvent(in)
	if err != nil {
		return nil, err
	}
	return result(actions.Screenshot(ctx, env.Session, e))
}
