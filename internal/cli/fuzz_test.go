package cli

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzParseArgs: any command line parses or fails with a usage error or a
// coded error; a parsed one has a known command, a budget within the
// bounds and arguments within the command's limits. Arguments are
// separated by NUL in the fuzzer's input.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"open\x00http://x", "--json\x00eval\x001+1", "click\x00e5\x00--timeout-ms\x003600001",
		"--timeout-ms=18446744073710\x00tabs", "--session\x00../x\x00tabs", "--cdp\x00ws://h:1\x00tabs",
		"scroll\x00--dy\x00-5", "--\x00eval\x00--json", "snapshot\x00--max-chars\x0099", "type\x00e1\x00--\x00-x",
		"dialog\x00policy\x00auto_dismiss\x00--hold-ms\x00-1", "", "--idle-timeout\x001h\x00tabs", "tabs\x00--json=maybe",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Split(s, "\x00")
		g, cmd, in, err := parseArgs(args)
		if err != nil {
			var ue *UsageError
			body, exit := errBody(err)
			if !errors.As(err, &ue) && exit != ExitAction {
				t.Fatalf("%q: error %v has exit %d", args, err, exit)
			}
			if _, err := json.Marshal(body); err != nil {
				t.Fatalf("%q: error body does not encode: %v", args, err)
			}
			return
		}
		if c, ok := Lookup(cmd.Name); cmd == nil || !ok || c != cmd {
			t.Fatalf("%q: parsed to an unknown command", args)
		}
		if g.TimeoutMS < 1 || g.TimeoutMS > MaxTimeoutMS {
			t.Fatalf("%q: budget %d out of bounds", args, g.TimeoutMS)
		}
		if len(in.Args) < cmd.MinArgs || (cmd.MaxArgs >= 0 && len(in.Args) > cmd.MaxArgs) {
			t.Fatalf("%q: %d arguments for %s", args, len(in.Args), cmd.Name)
		}
		if !validSessionName(g.Session) {
			t.Fatalf("%q: session %q accepted", args, g.Session)
		}
	})
}
