package main

import (
	"bytes"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/cli"
)

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
		`{"argv":["eval","1+1"]}`, `{"argv":[]}`, `{"command":"click","request":{"ref":"@@"},"timeout_ms":5}`,
		`{"command":"nope"}`, `{`, `[]`, `null`, `{"command":"eval","request":{"expression":1},"timeout_ms":5}`,
		`{"command":"click","request":{"ref":"e1","bogus":true},"timeout_ms":5}`, "\x00\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, q, err := decodeRequest(bytes.NewReader(b))
		if err != nil {
			if _, exit := cli.FaultOf(err); exit != cli.ExitUsage {
				t.Fatalf("%q: refused with exit %d: %v", b, exit, err)
			}
			return
		}
		if q == nil || q.Command() != req.Command {
			t.Fatalf("%q: accepted command %q", b, req.Command)
		}
		if req.TimeoutMS < 1 || req.TimeoutMS > cli.MaxTimeoutMS {
			t.Fatalf("%q: accepted budget %d", b, req.TimeoutMS)
		}
	})
}
