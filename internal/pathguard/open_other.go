//go:build !unix

package pathguard

import (
	"fmt"
	"os"
)

// openNoFollow opens path for reading, refusing a link in its place.
func openNoFollow(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	return os.Open(path)
}
