package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// FlagKind is the type of a command flag's value.
type FlagKind int

const (
	// String flags take a value: --name VALUE or --name=VALUE.
	String FlagKind = iota
	// Bool flags take none: --name.
	Bool
	// Int flags take an integer value.
	Int
	// Multi flags take a value and may repeat; the values are kept as a
	// list (see Input.Multi), each exactly as given.
	Multi
	// Optional flags take one of their Values when it follows them
	// (--load networkidle, --load=networkidle) and Values[0] otherwise
	// (--load).
	Optional
)

// Flag describes one command flag.
type Flag struct {
	Name  string
	Kind  FlagKind
	Usage string
	// Short is the flag's one-letter form (-i for --interactive), given
	// where agent-browser users type it with the same meaning.
	Short string
	// Values are an Optional flag's values, its default first.
	Values []string
}

// Input is a parsed command line: positional arguments and flag values,
// and the element arguments among them, parsed once (Command.RefArgs and
// RefFlags).
type Input struct {
	Args  []string          `json:"args"`
	Flags map[string]string `json:"flags,omitempty"`

	argTargets  []events.Target
	flagTargets map[string]events.Target
}

// Target is the element the i-th positional argument names, for a
// command whose first RefArgs arguments are elements; the zero Target
// when there is no such argument.
func (in Input) Target(i int) events.Target {
	if i < len(in.argTargets) {
		return in.argTargets[i]
	}
	return events.Target{}
}

// FlagTarget is the element the flag names, one of the command's
// RefFlags; the zero Target when it is not given.
func (in Input) FlagTarget(name string) events.Target { return in.flagTargets[name] }

// Has reports whether the flag was given.
func (in Input) Has(name string) bool { _, ok := in.Flags[name]; return ok }

// String is the flag's value or "".
func (in Input) String(name string) string { return in.Flags[name] }

// Bool is true when the flag was given.
func (in Input) Bool(name string) bool { return in.Flags[name] == "true" }

// Int is the flag's value, def when absent.
func (in Input) Int(name string, def int) (int, error) {
	v, ok := in.Flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, usageErrorf("--%s %q: not an integer", name, v)
	}
	return n, nil
}

// Multi is the flag's repeated values, in order, each exactly as given.
func (in Input) Multi(name string) []string { return MultiValues(in.Flags[name]) }

// appendMulti adds v to the values of a repeatable flag, kept as one JSON
// array: never joined with a separator and split again, so that a value
// holding a newline (a header with CR/LF in it) arrives whole, and is
// refused whole.
func appendMulti(cur, v string) string {
	vals := MultiValues(cur)
	b, _ := json.Marshal(append(vals, v))
	return string(b)
}

// MultiValues is the list of a repeatable flag's values (appendMulti); nil when there is none.
func MultiValues(s string) []string {
	if s == "" {
		return nil
	}
	var vals []string
	if err := json.Unmarshal([]byte(s), &vals); err != nil {
		return []string{s}
	}
	return vals
}

// Result is a local command's output: fields merged into {"ok":true,...}.
// Commands that reach a daemon answer with their request's typed response
// instead.
type Result map[string]any

// Command is one CLI command, listed in commands (commands.go). A command
// that acts on the browser has a Parse that turns its command line into a
// typed request (package request); the session's daemon runs the request.
// A Local command is run by the binary itself (Env.Local).
type Command struct {
	Name    string
	Usage   string // e.g. "open URL"
	Summary string
	// MinArgs and MaxArgs bound the positional arguments; MaxArgs < 0
	// means no limit.
	MinArgs, MaxArgs int
	// RefArgs is how many of the leading positional arguments are
	// elements, and RefFlags names the flags that take one: parsing reads
	// them (events.ParseTarget) into the Input (Target, FlagTarget), so
	// that a malformed one is a usage error (exit 2) before any daemon or
	// browser starts.
	RefArgs  int
	RefFlags []string
	Flags    []Flag
	// Parse builds the command's request from a command line whose
	// argument count and elements were checked. A malformed line is a
	// usage error (exit 2); the request's checks run after it (a bad
	// value: invalid_argument, exit 1), here and again in the daemon.
	Parse func(in Input) (request.Request, error)
	// Prepare runs in the caller's process on the parsed request before it
	// is sent, for work that needs the caller's terminal or files (reading
	// stdin). The paths a request names (request.Paths) are already
	// absolute when it runs.
	Prepare func(in Input, q request.Request, check Checker) (request.Request, error)
	// Print, when set, prints the daemon's reply in place of the common
	// printing (one body) and returns the exit code: batch prints one
	// answer per step.
	Print func(stdout, stderr io.Writer, asJSON bool, rep Reply, notice string) int
	// Local commands are run by the binary itself and never reach a
	// daemon.
	Local bool
}

// Checker runs the checks of a request beside its own: the owners'
// (runner.Check) where the binary links them, nil where it does not (the
// thin client; the daemon checks then).
type Checker func(request.Request) error

// UsageError is a mistake in the command line: exit code 2.
type UsageError struct{ msg string }

func (e *UsageError) Error() string { return e.msg }

// Usagef returns a *UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{msg: fmt.Sprintf(format, args...)}
}

func usageErrorf(format string, args ...any) error { return Usagef(format, args...) }

// invalidArg is a bad argument value found while running: code
// invalid_argument, exit code 1.
func invalidArg(format string, args ...any) error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}

// validateArgs checks the form of cmd's command line: the number of its
// arguments and its elements, which it reads into in.
func validateArgs(cmd *Command, in *Input) error {
	if len(in.Args) < cmd.MinArgs || (cmd.MaxArgs >= 0 && len(in.Args) > cmd.MaxArgs) {
		return usageErrorf("usage: agentbrowser %s", cmd.Usage)
	}
	in.argTargets, in.flagTargets = nil, nil
	for i := 0; i < cmd.RefArgs && i < len(in.Args); i++ {
		t, err := parseTarget(in.Args[i])
		if err != nil {
			return err
		}
		in.argTargets = append(in.argTargets, t)
	}
	for _, f := range cmd.RefFlags {
		if !in.Has(f) {
			continue
		}
		t, err := parseTarget(in.String(f))
		if err != nil {
			return err
		}
		if in.flagTargets == nil {
			in.flagTargets = map[string]events.Target{}
		}
		in.flagTargets[f] = t
	}
	return nil
}

// buildRequest turns a checked command line into cmd's request, makes its
// paths absolute and prepares it in this process (Command.Prepare), and
// checks it: its own checks, and check's when it is set (the owners',
// where the binary links them).
func buildRequest(cmd *Command, in Input, check Checker) (request.Request, error) {
	q, err := cmd.Parse(in)
	if err != nil {
		return nil, err
	}
	if q, err = absPaths(q); err != nil {
		return nil, err
	}
	if cmd.Prepare != nil {
		if q, err = cmd.Prepare(in, q, check); err != nil {
			return nil, err
		}
	}
	if err := request.Validate(q); err != nil {
		return nil, err
	}
	if check != nil {
		return q, check(q)
	}
	return q, nil
}

// parseTarget reads an element argument: a ref, a locator, or a bare CSS
// selector (read as css=; see events.ParseTarget).
func parseTarget(s string) (events.Target, error) {
	t, err := events.ParseTarget(s)
	if err != nil {
		// A syntax problem of the command line: exit 2, like --xy abc.
		return events.Target{}, usageErrorf("%s", err.Error())
	}
	return t, nil
}
