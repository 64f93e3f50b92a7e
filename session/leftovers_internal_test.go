package session

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLeftoversSwept: the partial file of a download that was not kept is
// removed when it appears after the download's end (the browser renamed it
// into place late), and the watch ends after leftoverWatch.
func TestLeftoversSwept(t *testing.T) {
	dir := t.TempDir()
	s := &BrowserSession{}
	file := filepath.Join(dir, "5d6479d3-guid")
	s.discardDownload(file)

	late := file + ".crdownload"
	require.NoError(t, os.WriteFile(late, []byte("partial"), 0o600))
	require.True(t, s.sweepLeftovers(time.Now()), "still watched")
	_, err := os.Lstat(late)
	require.ErrorIs(t, err, os.ErrNotExist, "the late partial file is removed")

	require.NoError(t, os.WriteFile(late, []byte("partial"), 0o600))
	require.False(t, s.sweepLeftovers(time.Now().Add(leftoverWatch+time.Second)), "the watch is over")
	_, err = os.Lstat(late)
	require.ErrorIs(t, err, os.ErrNotExist, "the last sweep still removes it")
	require.NoError(t, os.WriteFile(late, []byte("kept"), 0o600))
	require.False(t, s.sweepLeftovers(time.Now()))
	_, err = os.Lstat(late)
	require.NoError(t, err, "a file of that name after the watch is not touched")
}
