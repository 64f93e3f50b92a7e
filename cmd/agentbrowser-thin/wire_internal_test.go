package main

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readLine finds the line however the reads split it, grows its buffer
// (none, a few bytes holding the request line, or a page) past the first
// page, and stops at the newline.
func TestReadLineAcrossReads(t *testing.T) {
	long := strings.Repeat("x", 3*4096+17)
	line := `{"exit":2,"response":{"text":"` + long + `"}}` + "\n"
	for name, r := range map[string]func() io.Reader{
		"one read":      func() io.Reader { return strings.NewReader(line + "ignored") },
		"a byte a read": func() io.Reader { return iotest.OneByteReader(strings.NewReader(line)) },
		"half then half": func() io.Reader {
			return io.MultiReader(strings.NewReader(line[:5000]), strings.NewReader(line[5000:]))
		},
	} {
		for _, buf := range [][]byte{nil, []byte("the request"), make([]byte, 0, 4096)} {
			got, err := readLine(r(), buf)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if string(got) != line {
				t.Fatalf("%s: got %d bytes, want %d", name, len(got), len(line))
			}
		}
	}
	if _, err := readLine(strings.NewReader(line[:100]), nil); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a line cut short: %v", err)
	}
	if _, err := readLine(strings.NewReader(""), make([]byte, 0, 8)); !errors.Is(err, io.EOF) {
		t.Fatalf("nothing: %v", err)
	}
	// A last line without its newline is whole when it is JSON.
	if got, err := readLine(strings.NewReader(`{"exit":0}`), []byte("x")); err != nil || string(got) != `{"exit":0}` {
		t.Fatalf("a line without a newline: %q %v", got, err)
	}
}
