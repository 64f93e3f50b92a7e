package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// globals are the flags every command accepts.
type globals struct {
	Session string
	CDP     string
	JSON    bool
	// Remote holds --grid, --grid-binary, --grid-capabilities and
	// --cdp-header (see remote.go).
	Remote    remoteFlags
	TimeoutMS int
	// Tab is the --tab flag: the tab a tab-scoped command acts on.
	Tab      string
	LogLevel string
	Idle     time.Duration
	// Settings are session settings forwarded to a daemon when it starts
	// (dialog policy, evaluate_enabled, ...), keyed by flag name.
	Settings map[string]string
	// SessionSet is true when --session was given.
	SessionSet bool
}

var globalFlags = []Flag{
	{Name: "session", Kind: String, Usage: "session name; each has its own daemon and browser (default \"default\")"},
	{Name: "cdp", Kind: String, Usage: "connect to a running browser (ws://... or http://host:port) instead of launching one"},
	{Name: "json", Kind: Bool, Usage: "print one JSON object"},
	{Name: "timeout-ms", Kind: Int, Usage: "one budget for the whole command, in milliseconds (default 30000, at most 3600000: one hour)"},
	{Name: "log-level", Kind: String, Usage: "debug, info, warn or error (default warn)"},
	{Name: "idle-timeout", Kind: String, Usage: "a daemon exits after this long without a command (default 30m)"},
}

// settingFlags are global flags that configure a session's watchdogs; they
// travel to the daemon when it is started. Files that add watchdog settings
// append to it from init.
var settingFlags []Flag

const defaultTimeoutMS = 30000

// outerFlags are the flags every command line knows: the global ones and
// the settings, by name, made once (the settings are added by init).
var outerFlags = sync.OnceValue(func() map[string]Flag {
	m := map[string]Flag{}
	for _, f := range globalFlags {
		m[f.Name] = f
	}
	for _, f := range settingFlags {
		m[f.Name] = f
	}
	return m
})

// knownFlag finds a flag by name: once the command is named, among its own
// flags first (which win over an outer flag of the same name), then among
// the outer ones.
func knownFlag(cmd *Command, name string) (Flag, bool) {
	if cmd != nil {
		for _, f := range cmd.Flags {
			if f.Name == name {
				return f, true
			}
		}
	}
	f, ok := outerFlags()[name]
	return f, ok
}

// shortFlag finds a flag by its one-letter form among cmd's flags.
func shortFlag(cmd *Command, letter string) (Flag, bool) {
	if cmd != nil {
		for _, f := range cmd.Flags {
			if f.Short != "" && f.Short == letter {
				return f, true
			}
		}
	}
	return Flag{}, false
}

// helpAsked is parseArgs' answer to a command line that asks for help
// (--help or -h anywhere before "--"): the command it names, or nil.
type helpAsked struct{ cmd *Command }

func (h *helpAsked) Error() string { return "help asked" }

// askedHelp finds --help or -h in a command line and the command it
// names (the first argument that is a command's name).
func askedHelp(args []string) (*helpAsked, bool) {
	asked := false
	var cmd *Command
	first := true // the next positional argument is the first
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		switch a {
		case "--help", "-h", "--help=true", "-help":
			asked = true
			continue
		}
		if isFlag(a) {
			// A global flag's value is no positional argument.
			name, _, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if f, ok := knownFlag(cmd, name); ok && !hasVal && f.Kind != Bool && f.Kind != Optional {
				i++
			}
			continue
		}
		if first && a == "help" {
			// help COMMAND, after global flags too.
			asked = true
		} else if c, ok := commands[a]; ok && cmd == nil {
			cmd = c
		}
		first = false
	}
	if !asked {
		return nil, false
	}
	return &helpAsked{cmd: cmd}, true
}

// parseArgs splits a command line into globals, the command and its input.
// Flags may appear before or after the command name and between positional
// arguments; "--" ends flag parsing. A command line with --help or -h is
// a *helpAsked error.
func parseArgs(args []string) (globals, *Command, Input, error) {
	g := globals{Session: "default", TimeoutMS: defaultTimeoutMS, LogLevel: "warn", Idle: 30 * time.Minute, Settings: map[string]string{}}
	in := Input{Flags: map[string]string{}}
	if h, ok := askedHelp(args); ok {
		g.JSON = wantsJSON(args)
		return g, h.cmd, in, h
	}
	var cmd *Command
	var rest []string
	onlyArgs := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if onlyArgs || !isFlag(a) {
			if cmd == nil {
				c, ok := commands[a]
				if !ok {
					return g, nil, in, usageErrorf("unknown command %q (see 'agentbrowser help')", a)
				}
				cmd = c
				continue
			}
			rest = append(rest, a)
			continue
		}
		if a == "--" {
			onlyArgs = true
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		var f Flag
		var ok bool
		if !strings.HasPrefix(a, "--") && len(name) == 1 {
			// -i: a one-letter flag.
			if f, ok = shortFlag(cmd, name); !ok {
				return g, nil, in, usageErrorf("unknown flag -%s%s", name, flagHint(cmd))
			}
			name = f.Name
		} else if f, ok = knownFlag(cmd, name); !ok {
			return g, nil, in, usageErrorf("unknown flag --%s%s", name, flagHint(cmd))
		}
		if f.Kind == Bool {
			if hasVal && val != "true" && val != "false" {
				return g, nil, in, usageErrorf("--%s takes no value (or =true/=false)", name)
			}
			if !hasVal {
				val = "true"
			}
		} else if f.Kind == Optional {
			if !hasVal {
				val = f.Values[0]
				if i+1 < len(args) && slices.Contains(f.Values, args[i+1]) {
					i++
					val = args[i]
				}
			} else if !slices.Contains(f.Values, val) {
				return g, nil, in, usageErrorf("--%s %q: want one of %s", name, val, strings.Join(f.Values, ", "))
			}
		} else if !hasVal {
			if i+1 >= len(args) {
				return g, nil, in, usageErrorf("--%s needs a value", name)
			}
			i++
			val = args[i]
		}
		if f.Kind == Int {
			if _, err := strconv.ParseInt(val, 10, 64); err != nil {
				return g, nil, in, usageErrorf("--%s %q: not an integer", name, val)
			}
		}
		if f.Kind == Multi {
			val = appendMulti(in.Flags[name], val)
		}
		in.Flags[name] = val
	}
	if cmd == nil {
		return g, nil, in, usageErrorf("no command given (see 'agentbrowser help')")
	}
	// Move globals out of the command's flags.
	for _, f := range globalFlags {
		v, ok := in.Flags[f.Name]
		if !ok {
			continue
		}
		delete(in.Flags, f.Name)
		switch f.Name {
		case "session":
			g.Session, g.SessionSet = v, true
		case "cdp":
			if !validCDPURL(v) {
				return g, nil, in, usageErrorf("--cdp %q: want ws://, wss://, http:// or https:// followed by host:port", v)
			}
			g.CDP = v
		case "json":
			g.JSON = v == "true"
		case "timeout-ms":
			n, err := strconv.ParseInt(v, 10, 64)
			switch {
			case err != nil || n > MaxTimeoutMS:
				// Not a number, or above the maximum: a malformed line.
				_, err := parseMS("timeout-ms", v, MaxTimeoutMS, false)
				return g, nil, in, err
			case n <= 0:
				// A bad value rather than a malformed line: a typed
				// invalid_argument (exit 1), still caught before any
				// daemon starts.
				return g, nil, in, invalidArg("--timeout-ms must be positive, got %d", n)
			}
			g.TimeoutMS = int(n)
		case "tab":
			g.Tab = v
		case "log-level":
			g.LogLevel = v
		case "grid", "grid-binary", "grid-capabilities", "cdp-header":
			if err := g.Remote.set(f.Name, v); err != nil {
				return g, nil, in, err
			}
		case "idle-timeout":
			d, err := time.ParseDuration(v)
			if err != nil || d < time.Second {
				// A daemon idle for less than a second would exit before
				// its first command reached it.
				return g, nil, in, usageErrorf("--idle-timeout %q: want a duration of at least 1s, such as 30m", v)
			}
			g.Idle = d
		}
	}
	for _, f := range settingFlags {
		if v, ok := in.Flags[f.Name]; ok {
			delete(in.Flags, f.Name)
			g.Settings[f.Name] = v
		}
	}
	if g.CDP != "" && g.Remote.Grid != "" {
		return g, nil, in, usageErrorf("give --cdp or --grid, not both")
	}
	for _, name := range pathSettings {
		if v := g.Settings[name]; v != "" {
			abs, err := absPath(v)
			if err != nil {
				return g, nil, in, err
			}
			g.Settings[name] = abs
		}
	}
	if g.Settings["headed"] == "true" && (g.CDP != "" || g.Remote.Grid != "") {
		return g, nil, in, usageErrorf("--headed is for a browser agentbrowser launches: a browser reached with --cdp or --grid shows its windows or not as it was started")
	}
	if g.Settings["profile"] != "" && (g.CDP != "" || g.Remote.Grid != "") {
		return g, nil, in, usageErrorf("--profile is for a browser agentbrowser launches: a browser reached with --cdp or --grid keeps its own profile")
	}
	if !validSessionName(g.Session) {
		return g, nil, in, usageErrorf("--session %q: use letters, digits, '-', '_' or '.'", g.Session)
	}
	in.Args = rest
	if err := validateArgs(cmd, in); err != nil {
		return g, cmd, in, err
	}
	return g, cmd, in, nil
}

// isFlag tells a flag from a positional argument; negative numbers such as
// "-5" are arguments.
// flagHint ends an unknown flag's message with where the flags are
// listed.
func flagHint(cmd *Command) string {
	if cmd == nil {
		return " (agentbrowser --help lists the global flags)"
	}
	return fmt.Sprintf(" (agentbrowser %s --help lists its flags)", cmd.Name)
}

func isFlag(a string) bool {
	if !strings.HasPrefix(a, "-") || a == "-" {
		return false
	}
	if _, err := strconv.ParseFloat(a, 64); err == nil {
		return false
	}
	return true
}

func validSessionName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return s != "." && s != ".."
}

// validCDPURL checks the shape of a --cdp value; whether something answers
// there is found out when connecting (connect_failed). unix:/PATH is a
// browser shared on a unix socket (the MCP server's, see
// mcp_isolation.go).
func validCDPURL(v string) bool {
	if path, ok := strings.CutPrefix(v, "unix:"); ok {
		return filepath.IsAbs(path)
	}
	for _, p := range []string{"ws://", "wss://", "http://", "https://"} {
		if rest, ok := strings.CutPrefix(v, p); ok {
			return rest != "" && !strings.ContainsAny(rest, " \t\n")
		}
	}
	return false
}
