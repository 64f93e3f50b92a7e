package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
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

// Input is a parsed command line: positional arguments and flag values.
type Input struct {
	Args  []string          `json:"args"`
	Flags map[string]string `json:"flags,omitempty"`
}

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
func (in Input) Multi(name string) []string { return multiValues(in.Flags[name]) }

// appendMulti adds v to the values of a repeatable flag, kept as one JSON
// array: never joined with a separator and split again, so that a value
// holding a newline (a header with CR/LF in it) arrives whole, and is
// refused whole.
func appendMulti(cur, v string) string {
	vals := multiValues(cur)
	b, _ := json.Marshal(append(vals, v))
	return string(b)
}

// multiValues is the list appendMulti made; nil when there is none.
func multiValues(s string) []string {
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

// Command is one CLI command. Commands register themselves from init
// functions in the cmd_*.go files. A command that acts on the browser has
// a Parse that turns its command line into a typed request (package
// request); the daemon runs the request. A Local command runs in the CLI
// process instead (RunLocal).
type Command struct {
	Name    string
	Usage   string // e.g. "open URL"
	Summary string
	// MinArgs and MaxArgs bound the positional arguments; MaxArgs < 0
	// means no limit.
	MinArgs, MaxArgs int
	// RefArgs is how many of the leading positional arguments are refs,
	// and RefFlags names the flags that take one: parsing checks their
	// form, so that a malformed ref is a usage error (exit 2) before any
	// daemon or browser starts.
	RefArgs  int
	RefFlags []string
	Flags    []Flag
	// Parse builds the command's request from a command line whose
	// argument count and refs were checked. A malformed line is a usage
	// error (exit 2); the request's own Validate runs after it (a bad
	// value: invalid_argument, exit 1), here and again in the daemon.
	Parse func(in Input) (request.Request, error)
	// Prepare runs in the CLI process on the parsed request before it is
	// sent, for work that needs the caller's terminal or files (reading
	// stdin, making paths absolute). A daemon that runs a thin client's
	// command line hands such commands back (see argv.go).
	Prepare func(in Input, q request.Request) (request.Request, error)
	// Print, when set, prints the daemon's answer in place of the
	// common printing (one body) and returns the exit code: batch prints
	// one answer per step.
	Print func(stdout, stderr io.Writer, asJSON bool, body map[string]any, exit int) int
	// Local commands run in the CLI process and never reach a daemon.
	Local bool
	// RunLocal executes a Local command.
	RunLocal func(ctx context.Context, g globals, in Input) (Result, error)
}

var commands = map[string]*Command{}

func register(c *Command) {
	if _, dup := commands[c.Name]; dup {
		panic("duplicate command " + c.Name)
	}
	commands[c.Name] = c
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// usageError is a mistake in the command line: exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// invalidArg is a bad argument value found while running: code
// invalid_argument, exit code 1.
func invalidArg(format string, args ...any) error {
	return events.Errorf(events.CodeInvalidArgument, format, args...)
}

// validateArgs checks the form of cmd's command line: the number of its
// arguments and the form of its refs.
func validateArgs(cmd *Command, in Input) error {
	if len(in.Args) < cmd.MinArgs || (cmd.MaxArgs >= 0 && len(in.Args) > cmd.MaxArgs) {
		return usageErrorf("usage: agentbrowser %s", cmd.Usage)
	}
	return checkRefs(cmd, in)
}

// buildRequest turns a checked command line into cmd's request, prepares
// it in this process (Command.Prepare) and checks it as the daemon will.
func buildRequest(cmd *Command, in Input) (request.Request, error) {
	q, err := cmd.Parse(in)
	if err != nil {
		return nil, err
	}
	if cmd.Prepare != nil {
		if q, err = cmd.Prepare(in, q); err != nil {
			return nil, err
		}
	}
	return q, request.Validate(q)
}

// checkRefs checks the form of the refs cmd's command line carries (see
// Command.RefArgs).
func checkRefs(cmd *Command, in Input) error {
	for i := 0; i < cmd.RefArgs && i < len(in.Args); i++ {
		if _, err := parseRef(in.Args[i]); err != nil {
			return err
		}
	}
	for _, f := range cmd.RefFlags {
		if in.Has(f) {
			if _, err := parseRef(in.String(f)); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseRef parses an element argument: a ref, a locator, or a bare CSS
// selector (read as css=; see events.ReadTarget).
func parseRef(s string) (events.Ref, error) {
	r, err := events.ReadTarget(s)
	if err != nil {
		// A syntax problem of the command line: exit 2, like --xy abc.
		return "", usageErrorf("%s", err.Error())
	}
	return r, nil
}
