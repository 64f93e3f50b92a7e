package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// setUsage lists what set takes.
const setUsage = "set [viewport W H [--dpr N] [--mobile] [--touch] | device NAME | geolocation LAT LON [--accuracy M] | offline on|off | " +
	"media dark|light|no-preference | reduced-motion on|off | user-agent UA | headers JSON | timezone TZ | locale L | credentials USER PASS [ORIGIN] | " +
	"network slow-3g|fast-3g|offline|off|DOWN UP LATENCY | cpu N | forced-colors active|none|reset | contrast more|less|no-preference|custom|reset | reset]"

func init() {
	register(&Command{
		Name: "set", Usage: setUsage,
		Summary: "emulate a device, viewport, place, network state or speed, CPU speed, color scheme, forced colors, contrast, user agent, headers, time zone or locale, for every tab of the session; without arguments, show the settings",
		MaxArgs: -1,
		Flags: []Flag{
			{Name: "dpr", Kind: String, Usage: "viewport: the device pixel ratio"},
			{Name: "mobile", Kind: Bool, Usage: "viewport: a phone's (mobile viewport meta tag, overlay scrollbars)"},
			{Name: "touch", Kind: Bool, Usage: "viewport: with a touch screen"},
			{Name: "accuracy", Kind: String, Usage: "geolocation: accuracy in metres (default 10)"},
		},
		Parse: parseSet,
	})
}

// setParsers read the settings of set that other files add (set
// credentials), by the setting's name, from the arguments after it.
var setParsers = map[string]func(args []string) (request.Request, error){}

// parseSet reads set's command line into one change of the emulation.
func parseSet(in Input) (request.Request, error) {
	q := request.Set{}
	if len(in.Args) == 0 {
		return q, nil
	}
	what, args := in.Args[0], in.Args[1:]
	if p, ok := setParsers[what]; ok {
		return p(args)
	}
	arity := func(n int, form string) error {
		if len(args) != n {
			return usageErrorf("usage: agentbrowser set %s %s", what, form)
		}
		return nil
	}
	rest := func(form string) (string, error) {
		s := strings.TrimSpace(strings.Join(args, " "))
		if s == "" {
			return "", usageErrorf("usage: agentbrowser set %s %s", what, form)
		}
		return s, nil
	}
	onOff := func() (*bool, error) {
		if err := arity(1, "on|off"); err != nil {
			return nil, err
		}
		switch args[0] {
		case "on", "true":
			return new(true), nil
		case "off", "false":
			return new(false), nil
		}
		return nil, usageErrorf("set %s %q: want on or off", what, args[0])
	}
	number := func(name, s string) (float64, error) {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, usageErrorf("set %s: %s %q is not a number", what, name, s)
		}
		return f, nil
	}
	var err error
	if set, ok := setMore[what]; ok {
		if err := set(what, args, &q); err != nil {
			return nil, err
		}
		what = "" // no flag of set belongs to these settings
	}
	switch what {
	case "":
	case "viewport":
		if err := arity(2, "W H [--dpr N] [--mobile] [--touch]"); err != nil {
			return nil, err
		}
		w, err1 := strconv.Atoi(args[0])
		h, err2 := strconv.Atoi(args[1])
		if err1 != nil || err2 != nil {
			return nil, usageErrorf("set viewport %s %s: want two integers (CSS pixels)", args[0], args[1])
		}
		v := &events.Viewport{Width: w, Height: h, Mobile: in.Bool("mobile"), Touch: in.Bool("touch")}
		if in.Has("dpr") {
			if v.DPR, err = number("--dpr", in.String("dpr")); err != nil {
				return nil, err
			}
			if v.DPR == 0 {
				// On the wire 0 means the browser's own ratio; given, it
				// is a mistake.
				return nil, invalidArg("set viewport --dpr 0: want a device pixel ratio above 0 (leave --dpr out for the browser's)")
			}
		}
		q.Viewport = v
	case "device":
		q.Device, err = rest("NAME")
	case "geolocation":
		if err := arity(2, "LAT LON [--accuracy M]"); err != nil {
			return nil, err
		}
		g := &events.Geolocation{}
		if g.Latitude, err = number("latitude", args[0]); err != nil {
			return nil, err
		}
		if g.Longitude, err = number("longitude", args[1]); err != nil {
			return nil, err
		}
		if in.Has("accuracy") {
			if g.Accuracy, err = number("--accuracy", in.String("accuracy")); err != nil {
				return nil, err
			}
		}
		q.Geolocation = g
	case "offline":
		q.Offline, err = onOff()
	case "reduced-motion":
		q.ReducedMotion, err = onOff()
	case "media":
		if err := arity(1, "dark|light|no-preference"); err != nil {
			return nil, err
		}
		q.ColorScheme = args[0]
	case "user-agent":
		q.UserAgent, err = rest("UA")
	case "headers":
		if err := arity(1, `'{"Name":"value"}'`); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(args[0]), &q.Headers); err != nil {
			return nil, usageErrorf("set headers %s: want a JSON object of strings, such as '{\"X-Test\":\"1\"}' ({} clears them)", args[0])
		}
		if q.Headers == nil {
			q.Headers = map[string]string{}
		}
	case "timezone":
		if err := arity(1, "TZ (such as Europe/Paris)"); err != nil {
			return nil, err
		}
		q.Timezone = args[0]
	case "locale":
		if err := arity(1, "L (such as fr-FR)"); err != nil {
			return nil, err
		}
		q.Locale = args[0]
	case "reset":
		if err := arity(0, ""); err != nil {
			return nil, err
		}
		q.Reset = true
	default:
		return nil, usageErrorf("set %q: not a setting; usage: agentbrowser %s", what, setUsage)
	}
	if err != nil {
		return nil, err
	}
	for _, f := range []string{"dpr", "mobile", "touch"} {
		if in.Has(f) && what != "viewport" {
			return nil, usageErrorf("--%s is for set viewport", f)
		}
	}
	if in.Has("accuracy") && what != "geolocation" {
		return nil, usageErrorf("--accuracy is for set geolocation")
	}
	return q, nil
}
