package cli

import (
	"errors"
	"testing"
	"time"

	"github.com/agentbrowser/agentbrowser/request/runner"
	"github.com/stretchr/testify/require"
)

// Argument parsing needs no browser and no daemon: these run in
// microseconds.
func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		cmd     string
		pos     []string
		flags   map[string]string
		check   func(t *testing.T, g Globals)
		usage   string // a usage error containing this
		invalid bool   // an error that is not a usage error
	}{
		{name: "command and ref", args: []string{"click", "e5"}, cmd: "click", pos: []string{"e5"}},
		{name: "Globals before and after", args: []string{"--session", "s1", "eval", "1+1", "--json", "--timeout-ms=500"}, cmd: "eval", pos: []string{"1+1"},
			check: func(t *testing.T, g Globals) {
				require.Equal(t, "s1", g.Session)
				require.True(t, g.JSON)
				require.Equal(t, 500, g.TimeoutMS)
			}},
		{name: "defaults", args: []string{"tabs"}, cmd: "tabs", check: func(t *testing.T, g Globals) {
			require.Equal(t, "default", g.Session)
			require.Equal(t, defaultTimeoutMS, g.TimeoutMS)
			require.Equal(t, 30*time.Minute, g.Idle)
		}},
		{name: "command flag with value", args: []string{"type", "e4", "hello", "--submit"}, cmd: "type", pos: []string{"e4", "hello"}, flags: map[string]string{"submit": "true"}},
		{name: "double dash ends flags", args: []string{"eval", "--", "--not-a-flag"}, cmd: "eval", pos: []string{"--not-a-flag"}},
		{name: "negative number is an argument", args: []string{"scroll", "--dy", "-5"}, cmd: "scroll", flags: map[string]string{"dy": "-5"}},
		{name: "unknown command", args: []string{"fly"}, usage: `unknown command "fly"`},
		{name: "no command", args: []string{"--json"}, usage: "no command given"},
		{name: "unknown flag", args: []string{"tabs", "--nope"}, usage: "unknown flag --nope"},
		{name: "flag without value", args: []string{"tabs", "--session"}, usage: "--session needs a value"},
		{name: "bool with a value", args: []string{"tabs", "--json=yes"}, usage: "--json takes no value"},
		{name: "int that is not", args: []string{"tabs", "--timeout-ms", "soon"}, usage: "not an integer"},
		{name: "bad session name", args: []string{"tabs", "--session", "../x"}, usage: "--session"},
		{name: "bad idle timeout", args: []string{"tabs", "--idle-timeout", "-1s"}, usage: "--idle-timeout"},
		{name: "too many arguments", args: []string{"tabs", "extra"}, usage: "usage: agentbrowser tabs"},
		{name: "too few arguments", args: []string{"press"}, usage: "usage: agentbrowser press"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, cmd, in, err := parseArgs(tc.args)
			if tc.usage != "" {
				var ue *UsageError
				require.True(t, errors.As(err, &ue), "want a usage error, got %v", err)
				require.Contains(t, ue.msg, tc.usage)
				body, exit := errBody(err)
				require.Equal(t, ExitUsage, exit, "a malformed command line exits 2")
				require.Equal(t, false, body["ok"])
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.cmd, cmd.Name)
			require.Equal(t, tc.pos, in.Args)
			for k, v := range tc.flags {
				require.Equal(t, v, in.Flags[k], "flag %s", k)
			}
			if tc.check != nil {
				tc.check(t, g)
			}
		})
	}
}

// A repeatable flag keeps each value whole, whatever it holds: a value
// with a line break is one value, for its check to refuse, never two.
func TestRepeatedFlagsStayWhole(t *testing.T) {
	_, _, in, err := parseArgs([]string{"route", "**", "--status", "200", "--header", "X-A: b\r\nSet-Cookie: a=1", "--header", "X-B: c"})
	require.NoError(t, err)
	require.Equal(t, []string{"X-A: b\r\nSet-Cookie: a=1", "X-B: c"}, in.Multi("header"))
	q, err := parseRoute(in)
	require.NoError(t, err)
	require.ErrorContains(t, runner.Check(q), "carriage return", "the route's owner refuses the header")

	g, _, _, err := parseArgs([]string{"--allow-scheme", "file", "--allow-scheme", "data\nchrome", "tabs"})
	require.NoError(t, err)
	require.Equal(t, []string{"file", "data\nchrome"}, MultiValues(g.Settings["allow-scheme"]))

	_, _, _, err = parseArgs([]string{"--cdp", "ws://127.0.0.1:1/x", "--cdp-header", "A: b\nC: d", "tabs"})
	require.ErrorContains(t, err, "line feed")
}
