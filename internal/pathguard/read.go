package pathguard

import (
	"errors"
	"fmt"
	"io"
)

// TooLarge is ReadFile's error for a file over its cap.
type TooLarge struct {
	Path      string
	Size, Cap int64
}

func (e *TooLarge) Error() string {
	return fmt.Sprintf("%s has %d bytes, over the %d a result carries", e.Path, e.Size, e.Cap)
}

// ErrNotRegular is ReadFile's error for a path that is not a regular file
// (a link, a directory, a FIFO, a device).
var ErrNotRegular = errors.New("not a regular file")

// ReadFile reads the regular file at path, at most max bytes: a link in
// its place, a FIFO or a device is refused before anything is read (the
// open neither follows a link nor waits for a writer), and a file over
// max is a *TooLarge.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := openNoFollow(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	if st.Size() > max {
		return nil, &TooLarge{Path: path, Size: st.Size(), Cap: max}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &TooLarge{Path: path, Size: int64(len(b)), Cap: max}
	}
	return b, nil
}
