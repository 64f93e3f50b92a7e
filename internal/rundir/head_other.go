//go:build !unix

package rundir

import (
	"io"
	"os"
)

// readHead reads the start of the file at path into b, as much as b
// holds or the file has; ok is false when it cannot be read.
func readHead(path string, b []byte) (n int, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	n, err = io.ReadFull(f, b)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return 0, false
	}
	return n, true
}
