package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// jsonReply is reply as encoding/json reads it.
type jsonReply struct {
	Exit     int    `json:"exit"`
	Argv     bool   `json:"argv"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	Fallback bool   `json:"fallback"`
}

// FuzzWire holds the thin client's own JSON to encoding/json: a reply the
// daemon encodes is read the same, any line is read without a panic and,
// when encoding/json reads it too, to the same reply; a request decodes to
// the command line (with encoding/json's replacement of bytes that are not
// UTF-8).
func FuzzWire(f *testing.F) {
	f.Add(0, true, "out\n", "err", false, `{"x":[1,{"y":"]}"}],"z":null}`, []byte(`{"exit":3,"argv":true,"stdout":"a\u00e9\ud83d\ude00\ud800x"}`), "eval", "a\"b\\c\n\x01\té😀\u2028</script>&\xff")
	f.Add(1, false, "", "", true, `"s"`, []byte(`{"exit":0,"argv":tr`), "", "")
	f.Add(-7, true, "\x00\x7f\u0080", "\"", false, `[]`, []byte(" {\"EXIT\":5, \"exit\":1.5} "), "--json", "x")
	f.Fuzz(func(t *testing.T, exit int, argv bool, stdout, stderr string, fallback bool, extra string, line []byte, a1, a2 string) {
		// What the daemon encodes, with a field the client skips.
		var ex json.RawMessage
		if json.Valid([]byte(extra)) {
			ex = json.RawMessage(extra)
		}
		b, err := json.Marshal(struct {
			jsonReply
			Body json.RawMessage `json:"body,omitempty"`
		}{jsonReply{exit, argv, stdout, stderr, fallback}, ex})
		if err != nil {
			t.Skip()
		}
		var want jsonReply
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		got, err := parseReply(append(b, '\n'))
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if got != reply(want) {
			t.Fatalf("%s: read %+v, want %+v", b, got, want)
		}

		// Any line: no panic, and encoding/json's reading where both read
		// it (keys that differ only in case are encoding/json's to match).
		mine, myErr := parseReply(line)
		var theirs jsonReply
		if jsonErr := json.Unmarshal(line, &theirs); myErr == nil && jsonErr == nil && !caseTwins(line) && mine != reply(theirs) {
			t.Fatalf("%q: read %+v, encoding/json %+v", line, mine, theirs)
		}

		// A request decodes to the command line.
		args := []string{a1, a2}
		var req struct {
			Argv []string `json:"argv"`
			Exe  string   `json:"exe"`
		}
		if err := json.Unmarshal(encodeRequest(args, a2), &req); err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		var wantArgs []string
		jb, _ := json.Marshal(args)
		json.Unmarshal(jb, &wantArgs)
		if strings.Join(req.Argv, "\x00") != strings.Join(wantArgs, "\x00") || (a2 != "" && req.Exe != wantArgs[1]) {
			t.Fatalf("%q: decoded %q", args, req)
		}
	})
}

// caseTwins reports whether line has a key that encoding/json would match
// to a reply field without being spelt as the field is.
func caseTwins(line []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return true
	}
	for k := range m {
		for _, f := range []string{"exit", "argv", "stdout", "stderr", "fallback"} {
			if k != f && bytes.EqualFold([]byte(k), []byte(f)) {
				return true
			}
		}
	}
	return false
}

// readReply finds the line however the reads split it, grows its buffer
// past the first page, and stops at the newline.
func TestReadReplyAcrossReads(t *testing.T) {
	long := strings.Repeat("x", 3*4096+17)
	line := `{"exit":2,"argv":true,"stdout":"` + long + `"}` + "\n"
	for name, r := range map[string]io.Reader{
		"one read":       strings.NewReader(line + "ignored"),
		"a byte a read":  iotest.OneByteReader(strings.NewReader(line)),
		"half then half": io.MultiReader(strings.NewReader(line[:5000]), strings.NewReader(line[5000:])),
	} {
		rep, err := readReply(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Exit != 2 || !rep.Argv || rep.Stdout != long {
			t.Fatalf("%s: got exit %d argv %v and %d bytes of stdout", name, rep.Exit, rep.Argv, len(rep.Stdout))
		}
	}
	if _, err := readReply(strings.NewReader(line[:100])); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a line cut short: %v", err)
	}
	if _, err := readReply(strings.NewReader("")); !errors.Is(err, io.EOF) {
		t.Fatalf("nothing: %v", err)
	}
}
