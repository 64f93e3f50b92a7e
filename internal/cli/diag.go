package cli

import (
	"os"
	"strconv"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var traceCommand = &Command{
	Name: "trace", Usage: "trace start | trace stop [FILE]",
	Summary: "record a performance trace of the active tab; stop writes it (Chrome trace JSON, for DevTools or Perfetto) and summarises LCP, CLS, INP, TTFB, long tasks, the largest requests and scripts",
	MinArgs: 1, MaxArgs: 2,
	Parse: func(in Input) (request.Request, error) {
		switch in.Args[0] {
		case "start":
			if len(in.Args) != 1 {
				return nil, usageErrorf("usage: agentbrowser trace start")
			}
			return request.TraceStart{}, nil
		case "stop":
			q := request.TraceStop{}
			if len(in.Args) == 2 {
				q.Path = in.Args[1]
			}
			return q, nil
		}
		return nil, usageErrorf("trace %q: want start or stop", in.Args[0])
	},
}

var vitalsCommand = &Command{
	Name: "vitals", Usage: "vitals",
	Summary: "the Core Web Vitals of the active tab's page without a trace: LCP, CLS and INP with their elements, TTFB, FCP",
	MaxArgs: 0,
	Parse:   func(Input) (request.Request, error) { return request.Vitals{}, nil },
}

var harCommand = &Command{
	Name: "har", Usage: "har start | har stop FILE",
	Summary: "record the session's traffic (every tab) as a HAR 1.2 file, bodies within the session's body budget",
	MinArgs: 1, MaxArgs: 2,
	Parse: func(in Input) (request.Request, error) {
		switch {
		case in.Args[0] == "start" && len(in.Args) == 1:
			return request.HARStart{}, nil
		case in.Args[0] == "stop" && len(in.Args) == 2:
			return request.HARStop{Path: in.Args[1]}, nil
		}
		return nil, usageErrorf("usage: agentbrowser har start | har stop FILE")
	},
}

var recordCommand = &Command{
	Name: "record", Usage: "record start | record stop DIR",
	Summary: "record a screencast of the active tab and a log of every command; stop writes the frames with their times, actions.json, and a WebM when ffmpeg is on the PATH",
	MinArgs: 1, MaxArgs: 2,
	Parse: func(in Input) (request.Request, error) {
		switch {
		case in.Args[0] == "start" && len(in.Args) == 1:
			return request.RecordStart{}, nil
		case in.Args[0] == "stop" && len(in.Args) == 2:
			return request.RecordStop{Dir: in.Args[1]}, nil
		}
		return nil, usageErrorf("usage: agentbrowser record start | record stop DIR")
	},
}

var initScriptCommand = &Command{
	Name: "init-script", Usage: "init-script add FILE | init-script add --code JS [--name N] | init-script remove ID | init-script list",
	Summary: "scripts run in every new document of the session, in the page's world, before its own scripts, in every frame (refused when eval is disabled)",
	MinArgs: 1, MaxArgs: 2,
	Flags: []Flag{
		{Name: "code", Kind: String, Usage: "add: the script itself instead of a file"},
		{Name: "name", Kind: String, Usage: "add: a label for the script (default the file's name)"},
	},
	Parse:   parseInitScript,
	Prepare: readInitScript,
}

// The diagnostics commands: requests and console messages in full,
// throttling, traces and vitals, HARs, recordings and init scripts.

// setMore is the reader of a set subcommand of this file, or nil.
func setMore(what string) func(what string, args []string, q *request.Set) error {
	switch what {
	case "network":
		return setNetwork
	case "cpu":
		return setCPU
	case "forced-colors", "contrast":
		return setMediaFeature
	}
	return nil
}

// setNetwork reads set network PRESET or DOWN UP LATENCY.
func setNetwork(what string, args []string, q *request.Set) error {
	const form = "usage: agentbrowser set network slow-3g|fast-3g|offline|off|DOWN UP LATENCY (kbit/s, kbit/s, ms)"
	switch len(args) {
	case 1:
		q.Network = &events.NetworkConditions{Preset: args[0]}
		return nil
	case 3:
		var v [3]float64
		for i, a := range args {
			f, err := strconv.ParseFloat(a, 64)
			if err != nil {
				return usageErrorf("set network: %q is not a number; %s", a, form)
			}
			v[i] = f
		}
		q.Network = &events.NetworkConditions{DownloadKbps: v[0], UploadKbps: v[1], LatencyMS: v[2]}
		return nil
	}
	return usageErrorf(form)
}

// setCPU reads set cpu N.
func setCPU(what string, args []string, q *request.Set) error {
	if len(args) != 1 {
		return usageErrorf("usage: agentbrowser set cpu N (a slowdown factor: 4 is four times slower, 1 is none)")
	}
	f, err := strconv.ParseFloat(args[0], 64)
	if err != nil {
		return usageErrorf("set cpu %q: not a number; want a slowdown factor such as 4 (1: none)", args[0])
	}
	q.CPU = &f
	return nil
}

// setMediaFeature reads set forced-colors V and set contrast V.
func setMediaFeature(what string, args []string, q *request.Set) error {
	if len(args) != 1 {
		if what == "contrast" {
			return usageErrorf("usage: agentbrowser set contrast more|less|no-preference|custom|reset")
		}
		return usageErrorf("usage: agentbrowser set forced-colors active|none|reset")
	}
	if what == "contrast" {
		q.Contrast = args[0]
	} else {
		q.ForcedColors = args[0]
	}
	return nil
}

// parseConsole reads console and console get ID.
func parseConsole(in Input) (request.Request, error) {
	if len(in.Args) == 0 {
		return request.Console{All: in.Bool("all"), Clear: in.Bool("clear")}, nil
	}
	if in.Args[0] != "get" || len(in.Args) != 2 {
		return nil, usageErrorf("usage: agentbrowser console [--all] [--clear] | console get ID")
	}
	if in.Has("all") || in.Has("clear") {
		return nil, usageErrorf("--all and --clear are for the console log, not console get")
	}
	return request.ConsoleGet{ID: in.Args[1]}, nil
}

// parseNetwork reads network and network get ID.
func parseNetwork(in Input) (request.Request, error) {
	if len(in.Args) == 0 {
		if in.Has("save") {
			return nil, usageErrorf("--save is for network get ID")
		}
		return request.Network{Clear: in.Bool("clear")}, nil
	}
	if in.Args[0] != "get" || len(in.Args) != 2 {
		return nil, usageErrorf("usage: agentbrowser network [--clear] | network get ID [--save FILE]")
	}
	if in.Has("clear") {
		return nil, usageErrorf("--clear is for the network log, not network get")
	}
	return request.NetworkGet{ID: in.Args[1], Save: in.String("save")}, nil
}

// parseInitScript reads init-script's three forms; add FILE is read by
// readInitScript, in the CLI's process.
func parseInitScript(in Input) (request.Request, error) {
	sub, args := in.Args[0], in.Args[1:]
	if sub != "add" && (in.Has("code") || in.Has("name")) {
		return nil, usageErrorf("--code and --name are for init-script add")
	}
	switch sub {
	case "add":
		switch {
		case in.Has("code") && len(args) == 0:
			return request.InitScriptAdd{Source: in.String("code"), Name: in.String("name")}, nil
		case !in.Has("code") && len(args) == 1:
			name := in.String("name")
			if name == "" {
				name = args[0]
			}
			// The file's path rides in Source until Prepare reads it.
			return request.InitScriptAdd{Source: args[0], Name: name}, nil
		}
		return nil, usageErrorf("usage: agentbrowser init-script add FILE | init-script add --code JS [--name N]")
	case "remove":
		if len(args) != 1 {
			return nil, usageErrorf("usage: agentbrowser init-script remove ID")
		}
		return request.InitScriptRemove{ID: args[0]}, nil
	case "list":
		if len(args) != 0 {
			return nil, usageErrorf("usage: agentbrowser init-script list")
		}
		return request.InitScripts{}, nil
	}
	return nil, usageErrorf("init-script %q: want add, remove or list", sub)
}

// readInitScript reads init-script add FILE's file.
func readInitScript(in Input, q request.Request, _ Checker) (request.Request, error) {
	a, ok := q.(request.InitScriptAdd)
	if !ok || in.Has("code") {
		return q, nil
	}
	b, err := os.ReadFile(a.Source)
	if err != nil {
		return nil, invalidArg("init-script add: reading %s: %v", a.Source, err)
	}
	a.Source = string(b)
	return a, nil
}
