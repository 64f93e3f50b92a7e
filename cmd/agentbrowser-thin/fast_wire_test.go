//go:build cgo && linux

package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFastPathWire checks fast.c's side of the wire against Go's json, which
// the daemon and main.go use. A reply, with whatever it holds, encoded as
// the daemon encodes it, is read by fast.c's parser into what main.go's
// decoder reads, and every line cut short is refused rather than misread. A
// command-line argument fast.c encodes decodes to that argument.
func FuzzFastPathWire(f *testing.F) {
	f.Add(int8(3), true, false, "value: 2\n", "careful\n", `{"x":[1,{"y":"]}"}],"z":null}`, "eval")
	f.Add(int8(0), true, true, "", "", `[]`, `a"b\c`+"\n\x01\té😀\u2028</script>&")
	f.Add(int8(-1), false, false, "\xff\xfe lone \xed\xa0\x80", strings.Repeat("x", 5000), `"}"`, "")
	f.Fuzz(func(t *testing.T, exit int8, argv, fallback bool, stdout, stderr, body, arg string) {
		rep := map[string]any{"exit": exit, "argv": argv, "fallback": fallback, "stdout": stdout, "stderr": stderr}
		if json.Valid([]byte(body)) {
			rep["body"] = json.RawMessage(body)
		}
		line, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		var want reply
		if err := json.Unmarshal(line, &want); err != nil {
			t.Fatal(err)
		}
		got, ok := fastParseReply(append(line, '\n'))
		if !ok {
			t.Fatalf("fast.c refused %s", line)
		}
		if got != (fastReply{want.Exit, want.Argv, want.Fallback, want.Stdout, want.Stderr}) {
			t.Fatalf("fast.c read %+v from %s; Go read %+v", got, line, want)
		}
		for _, cut := range []int{0, 1, len(line) / 3, len(line) / 2, len(line) - 2, len(line) - 1} {
			if cut < 0 {
				continue
			}
			if _, ok := fastParseReply(line[:cut]); ok {
				t.Fatalf("fast.c took a line cut short: %q", line[:cut])
			}
		}

		if !utf8.ValidString(arg) || strings.ContainsRune(arg, 0) {
			return // fast.c leaves such a line to main.go
		}
		enc := fastJSONString(arg)
		var back string
		if err := json.Unmarshal(enc, &back); err != nil || back != arg {
			t.Fatalf("fast.c encoded %q as %s, which decodes to %q (%v)", arg, enc, back, err)
		}
	})
}
