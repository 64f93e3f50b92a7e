package cli

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/request"
)

// FuzzParseArgs: any command line parses or fails with a usage error or a
// coded error; a parsed one has a known command, a budget within the
// bounds and arguments within the command's limits. Arguments are
// separated by NUL in the fuzzer's input.
func FuzzParseArgs(f *testing.F) {
	for _, s := range parseArgsSeeds {
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
		requireWireAsMarshal(t, cmd, in)
	})
}

// parseArgsSeeds are FuzzParseArgs' seeds, arguments separated by NUL.
var parseArgsSeeds = []string{
	"open\x00http://x", "--json\x00eval\x001+1", "click\x00e5\x00--timeout-ms\x003600001",
	"--timeout-ms=18446744073710\x00tabs", "--session\x00../x\x00tabs", "--cdp\x00ws://h:1\x00tabs",
	"scroll\x00--dy\x00-5", "--\x00eval\x00--json", "snapshot\x00--max-chars\x0099", "type\x00e1\x00--\x00-x",
	"dialog\x00policy\x00auto_dismiss\x00--hold-ms\x00-1", "", "--idle-timeout\x001h\x00tabs", "tabs\x00--json=maybe",
}

// requireWireAsMarshal checks that the request a parsed line builds
// travels as request.Marshal writes it.
func requireWireAsMarshal(t *testing.T, cmd *Command, in Input) {
	t.Helper()
	if cmd.Local {
		return
	}
	// Before Prepare, which may read standard input or files.
	q, err := cmd.Parse(in)
	if err != nil {
		return
	}
	want, wantErr := request.Marshal(q)
	w, err := NewWireRequest(q, request.Options{TimeoutMS: 5, Tab: "t"})
	if wantErr != nil || err != nil {
		// Refused as request.Marshal refuses it (raw JSON that is not
		// JSON, before the request's own checks).
		if wantErr == nil || err == nil || err.Error() != wantErr.Error() {
			t.Fatalf("%#v: sending it failed with %v, request.Marshal with %v", q, err, wantErr)
		}
		if line, err := AppendWireRequest([]byte("x"), q, request.Options{}, "", ""); err == nil || err.Error() != wantErr.Error() || string(line) != "x" {
			t.Fatalf("%#v: AppendWireRequest wrote %q and failed with %v, request.Marshal with %v", q, line, err, wantErr)
		}
		return
	}
	if string(w.Request) != string(want) {
		t.Fatalf("%#v: sent %s, request.Marshal writes %s", q, w.Request, want)
	}
	var back WireRequest
	if err := json.Unmarshal(w.AppendJSON(nil), &back); err != nil || string(back.Request) != string(want) {
		t.Fatalf("%#v: the wire line %s reads back as %s (%v)", q, w.AppendJSON(nil), back.Request, err)
	}
	// The thin client's line, written in place, is the same.
	w.Exe, w.Build = "exe\n", "build<&>"
	line, err := AppendWireRequest([]byte("x"), q, request.Options{TimeoutMS: 5, Tab: "t"}, w.Exe, w.Build)
	if err != nil || string(line) != "x"+string(w.AppendJSON(nil)) {
		t.Fatalf("%#v: AppendWireRequest wrote %s (%v), AppendJSON %s", q, line, err, w.AppendJSON(nil))
	}
}
