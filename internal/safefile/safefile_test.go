package safefile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.json")
	abs, err := safefile.Write(p, []byte("one"))
	require.NoError(t, err)
	require.Equal(t, p, abs)
	st, err := os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	// An existing file, even one open to others, is replaced by a 0600 one.
	require.NoError(t, os.Chmod(p, 0o644))
	_, err = safefile.Write(p, []byte("two"))
	require.NoError(t, err)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, "two", string(b))
	st, err = os.Stat(p)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	// A relative path is made absolute.
	t.Chdir(dir)
	abs, err = safefile.Write("rel.txt", nil)
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "rel.txt"), abs)
}

func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep"), 0o600))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(target, link))
	dangling := filepath.Join(dir, "dangling")
	require.NoError(t, os.Symlink(filepath.Join(dir, "nowhere"), dangling))
	cases := map[string]string{
		link:                             "symbolic link",
		dangling:                         "symbolic link",
		dir:                              "directory",
		filepath.Join(dir, "no", "file"): "does not exist",
		filepath.Join(target, "under"):   "does not exist",
		"":                               "no path",
		filepath.Join("/dev", "null"):    "not a regular file",
	}
	for p, want := range cases {
		_, err := safefile.Write(p, []byte("x"))
		var pe *safefile.PathError
		require.True(t, errors.As(err, &pe), "%s: %v", p, err)
		require.Contains(t, err.Error(), want, p)
	}
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "keep", string(b))
	_, err = os.Stat(filepath.Join(dir, "nowhere"))
	require.True(t, os.IsNotExist(err), "nothing written where the dangling link points")

	// A failing fill leaves nothing behind, and the old file as it was.
	boom := errors.New("boom")
	_, err = safefile.WriteFrom(target, func(w io.Writer) error {
		_, _ = w.Write([]byte("partial"))
		return boom
	})
	require.ErrorIs(t, err, boom)
	b, err = os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "keep", string(b))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 3, "target, link, dangling: no temporary file")
}
