package main

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readLine finds the line however the reads split it, grows its buffer
// past the first page, and stops at the newline.
func TestReadLineAcrossReads(t *testing.T) {
	long := strings.Repeat("x", 3*4096+17)
	line := `{"exit":2,"response":{"text":"` + long + `"}}` + "\n"
	for name, r := range map[string]io.Reader{
		"one read":       strings.NewReader(line + "ignored"),
		"a byte a read":  iotest.OneByteReader(strings.NewReader(line)),
		"half then half": io.MultiReader(strings.NewReader(line[:5000]), strings.NewReader(line[5000:])),
	} {
		got, err := readLine(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got) != line {
			t.Fatalf("%s: got %d bytes, want %d", name, len(got), len(line))
		}
	}
	if _, err := readLine(strings.NewReader(line[:100])); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a line cut short: %v", err)
	}
	if _, err := readLine(strings.NewReader("")); !errors.Is(err, io.EOF) {
		t.Fatalf("nothing: %v", err)
	}
	// A last line without its newline is whole when it is JSON.
	if got, err := readLine(strings.NewReader(`{"exit":0}`)); err != nil || string(got) != `{"exit":0}` {
		t.Fatalf("a line without a newline: %q %v", got, err)
	}
}
