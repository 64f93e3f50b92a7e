package session

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRemoveTree removes a profile-shaped tree (files at the top, in
// subdirectories and deeper, an empty directory, a symlink that must not
// be followed) and leaves what the symlink points to alone.
func TestRemoveTree(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	require.NoError(t, os.Mkdir(outside, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(outside, "keep"), []byte("x"), 0o600))

	dir := filepath.Join(base, "profile")
	for i := range 5 {
		d := filepath.Join(dir, "Default", fmt.Sprintf("db%d", i), "deep")
		require.NoError(t, os.MkdirAll(d, 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(d, "LOG"), []byte("x"), 0o600))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Default", fmt.Sprintf("file%d", i)), []byte("x"), 0o600))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "empty"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "SingletonCookie"), []byte("x"), 0o600))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "link")))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "Default", "link")))

	require.NoError(t, removeTree(dir))
	_, err := os.Lstat(dir)
	require.True(t, os.IsNotExist(err), "the tree is still there: %v", err)
	require.FileExists(t, filepath.Join(outside, "keep"), "a symlink was followed")

	require.NoError(t, removeTree(dir), "a missing directory is not an error")
}
