package termtext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestEscape(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text\nline two\tcol", "plain text\nline two\tcol"},
		{"\x1b]52;c;aGk=\x07", `\x1b]52;c;aGk=\x07`},
		{"hide\x1b[8mme", `hide\x1b[8mme`},
		{"over\rwrite", `over\x0dwrite`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"nel\u0085", `nel\u0085`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"emoji 😀 and عربي and \u200fRLM", "emoji 😀 and عربي and \u200fRLM"},
		{"", ""},
	} {
		if got := Escape(c.in); got != c.want {
			t.Errorf("Escape(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEscapeJSON(t *testing.T) {
	v := map[string]string{"s": "a\x7fb\u009bc\x1bd 😀"}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(b)
	if bytes.ContainsRune(got, 0x7f) || bytes.ContainsRune(got, 0x9b) || bytes.ContainsRune(got, 0x1b) {
		t.Fatalf("EscapeJSON left a control: %q", got)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["s"] != v["s"] {
		t.Fatalf("EscapeJSON changed the value: %q (%v)", back["s"], err)
	}
}

func TestWriter(t *testing.T) {
	var b strings.Builder
	n, err := Writer{W: &b}.Write([]byte("log \x1b[2J line\n"))
	if err != nil || n != len("log \x1b[2J line\n") || b.String() != "log \\x1b[2J line\n" {
		t.Fatalf("Writer wrote %q (n=%d, err=%v)", b.String(), n, err)
	}
}

// FuzzEscape checks that Escape's output is valid UTF-8, holds no control
// a terminal acts on, and is its own escape.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"a\x1b[31mb", "\u009b", "\xff\xfe", "é\r\n", "😀\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		if !utf8.ValidString(e) {
			t.Fatalf("Escape(%q) = %q is not UTF-8", s, e)
		}
		if strings.ContainsFunc(e, unsafe) {
			t.Fatalf("Escape(%q) = %q keeps a control", s, e)
		}
		if Escape(e) != e {
			t.Fatalf("Escape is not idempotent on %q", s)
		}
		if firstUnsafe(s) < 0 && e != s {
			t.Fatalf("Escape changed a safe string %q", s)
		}
	})
}
