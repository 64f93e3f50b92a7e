//go:build !linux && !darwin

package rundir

import (
	"errors"
	"os"
	"time"
)

// Dial is not offered here: the thin client then hands every command line
// to the full binary.
func Dial(path string, timeout time.Duration) (*os.File, error) {
	return nil, &os.PathError{Op: "connect", Path: path, Err: errors.ErrUnsupported}
}
