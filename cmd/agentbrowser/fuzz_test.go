package main

import (
	"bytes"
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
			var ue *usageError
			body, exit := errBody(err)
			if !errors.As(err, &ue) && exit != exitAction {
				t.Fatalf("%q: error %v has exit %d", args, err, exit)
			}
			if _, err := json.Marshal(body); err != nil {
				t.Fatalf("%q: error body does not encode: %v", args, err)
			}
			return
		}
		if cmd == nil || commands[cmd.Name] != cmd {
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

// FuzzDecodeRequest: whatever a client writes on the daemon's socket is
// decoded into a request or refused with a usage error; nothing panics
// and an accepted request names a daemon command with a bounded budget.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"command":"eval","request":{"expression":"1"},"timeout_ms":30000}`,
		`{"command":"status","timeout_ms":2000}`,
		`{"command":"eval","timeout_ms":0}`,
		`{"command":"version","timeout_ms":1}`,
		`{"command":"open","request":{"url":"x","wait":"load"},"timeout_ms":99999999999999999999}`,
		`{"argv":["eval","1+1"]}`, `{"argv":[]}`,
		`{"command":"nope"}`, `{`, `[]`, `null`, `{"command":"eval","request":{"expression":1},"timeout_ms":5}`,
		`{"command":"click","request":{"ref":"e1","bogus":true},"timeout_ms":5}`, "\x00\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, q, err := decodeRequest(bytes.NewReader(b))
		if err != nil {
			if _, exit := errBody(err); exit != exitUsage {
				t.Fatalf("%q: refused with exit %d: %v", b, exit, err)
			}
			return
		}
		if req.Argv != nil {
			// A thin client's command line: runArgv checks it.
			if q != nil {
				t.Fatalf("%q: a command line came with a request", b)
			}
			return
		}
		if q == nil || q.Command() != req.Command {
			t.Fatalf("%q: accepted command %q", b, req.Command)
		}
		if req.TimeoutMS < 1 || req.TimeoutMS > MaxTimeoutMS {
			t.Fatalf("%q: accepted budget %d", b, req.TimeoutMS)
		}
	})
}
