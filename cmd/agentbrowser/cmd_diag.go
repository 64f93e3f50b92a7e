package main

import (
	"os"
	"strconv"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
)

// The diagnostics commands: requests and console messages in full,
// throttling, traces and vitals, HARs, recordings and init scripts.

func init() {
	register(&Command{
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
		Prepare: func(_ Input, q request.Request) (request.Request, error) {
			if t, ok := q.(request.TraceStop); ok && t.Path != "" {
				abs, err := absPath(t.Path)
				t.Path = abs
				return t, err
			}
			return q, nil
		},
	})
	register(&Command{
		Name: "vitals", Usage: "vitals",
		Summary: "the Core Web Vitals of the active tab's page without a trace: LCP, CLS and INP with their elements, TTFB, FCP",
		MaxArgs: 0,
		Parse:   func(Input) (request.Request, error) { return request.Vitals{}, nil },
	})
	register(&Command{
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
		Prepare: func(_ Input, q request.Request) (request.Request, error) {
			if h, ok := q.(request.HARStop); ok {
				abs, err := absPath(h.Path)
				h.Path = abs
				return h, err
			}
			return q, nil
		},
	})
	register(&Command{
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
		Prepare: func(_ Input, q request.Request) (request.Request, error) {
			if r, ok := q.(request.RecordStop); ok {
				abs, err := absPath(r.Dir)
				r.Dir = abs
				return r, err
			}
			return q, nil
		},
	})
	register(&Command{
		Name: "init-script", Usage: "init-script add FILE | init-script add --code JS [--name N] | init-script remove ID | init-script list",
		Summary: "scripts run in every new document of the session, in the page's world, before its own scripts, in every frame (refused when eval is disabled)",
		MinArgs: 1, MaxArgs: 2,
		Flags: []Flag{
			{Name: "code", Kind: String, Usage: "add: the script itself instead of a file"},
			{Name: "name", Kind: String, Usage: "add: a label for the script (default the file's name)"},
		},
		Parse:   parseInitScript,
		Prepare: readInitScript,
	})
	setMore = map[string]func(what string, args []string, q *request.Set) error{
		"network":       setNetwork,
		"cpu":           setCPU,
		"forced-colors": setMediaFeature,
		"contrast":      setMediaFeature,
	}
}

// setMore are the set subcommands of this file, by name.
var setMore map[string]func(what string, args []string, q *request.Set) error

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

// prepareNetwork makes --save's path absolute: the daemon runs elsewhere.
func prepareNetwork(_ Input, q request.Request) (request.Request, error) {
	if g, ok := q.(request.NetworkGet); ok && g.Save != "" {
		abs, err := absPath(g.Save)
		g.Save = abs
		return g, err
	}
	return q, nil
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
func readInitScript(in Input, q request.Request) (request.Request, error) {
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

func init() {
	settingFlags = append(settingFlags,
		Flag{Name: "network-body-budget", Kind: String, Usage: "session setting: bytes of request and response bodies the session keeps over all its tabs, oldest dropped first (default 10485760, 10 MiB; 0 keeps none)"},
		Flag{Name: "network-body-types", Kind: String, Usage: "session setting: the resource types whose response bodies are kept, comma-separated (default Document,XHR,Fetch; all for every type)"},
	)
	settingOptions = append(settingOptions, networkOptions)
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
			return nil, usageErrorf("--network-body-budget %q: want a number of bytes from 0 (keep no bodies) to 1073741824", b)
		}
		cfg.BodyBudget = n
		if n == 0 {
			cfg.BodyBudget = network.NoBodies
		}
	}
	if hasT {
		for _, t := range splitList(ty) {
			if t != "" {
				cfg.BodyTypes = append(cfg.BodyTypes, t)
			}
		}
		if len(cfg.BodyTypes) == 0 {
			return nil, usageErrorf("--network-body-types %q: want resource types such as Document,XHR,Fetch,Script, or all", ty)
		}
	}
	return fx.Supply(&cfg), nil
}
