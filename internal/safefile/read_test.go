package safefile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(p, []byte("hello"), 0o600))
	b, err := safefile.ReadFile(p, 5, safefile.Options{})
	require.NoError(t, err)
	require.Equal(t, "hello", string(b))

	_, err = safefile.ReadFile(p, 4, safefile.Options{})
	require.ErrorIs(t, err, safefile.ErrTooLarge)
	require.Contains(t, err.Error(), "larger than 4 bytes")

	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(p, link))
	b, err = safefile.ReadFile(link, 5, safefile.Options{})
	require.NoError(t, err, "a link is followed unless NoFollow")
	require.Equal(t, "hello", string(b))
	_, err = safefile.ReadFile(link, 5, safefile.Options{NoFollow: true})
	require.ErrorIs(t, err, safefile.ErrLink)

	_, err = safefile.ReadFile(filepath.Join(dir, "missing"), 5, safefile.Options{})
	require.ErrorContains(t, err, "no such file")
	_, err = safefile.ReadFile(dir, 5, safefile.Options{})
	require.ErrorIs(t, err, safefile.ErrNotRegular)
	require.ErrorContains(t, err, "a directory")
}

// TestReadRefusesWhatBlocks: a FIFO nobody writes to and a device that
// never ends are refused at once, before a byte is read; a stream is
// read through its cap and stops one byte past it.
func TestReadRefusesWhatBlocks(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	_, err := safefile.ReadFile(fifo, 1<<20, safefile.Options{})
	require.ErrorIs(t, err, safefile.ErrNotRegular)
	require.ErrorContains(t, err, "named pipe (FIFO)")

	_, err = safefile.ReadFile("/dev/zero", 1<<20, safefile.Options{})
	require.ErrorIs(t, err, safefile.ErrNotRegular)
	require.ErrorContains(t, err, "character device")

	z, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer z.Close()
	_, err = safefile.ReadAll(z, 1<<20)
	require.ErrorIs(t, err, safefile.ErrTooLarge)
	require.ErrorContains(t, err, "more than 1 MiB")

	b, err := safefile.ReadAll(strings.NewReader("abc"), 3)
	require.NoError(t, err)
	require.Equal(t, "abc", string(b))
}

// TestWriteThroughLinks: a directory reached through the user's own link
// is written in its real place; one reached through another user's link
// is refused and nothing is written where it points. Needs root to make
// the other user's link.
func TestWriteThroughLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	require.NoError(t, os.Mkdir(real, 0o700))
	mine := filepath.Join(dir, "mine")
	require.NoError(t, os.Symlink(real, mine))
	got, err := safefile.Write(filepath.Join(mine, "state.json"), []byte("x"))
	require.NoError(t, err)
	require.Equal(t, filepath.Join(real, "state.json"), got, "the path written is the real one")

	// A relative link to a link.
	require.NoError(t, os.Mkdir(filepath.Join(real, "sub"), 0o700))
	require.NoError(t, os.Symlink("mine/sub", filepath.Join(dir, "rel")))
	got, err = safefile.Write(filepath.Join(dir, "rel", "b.json"), []byte("x"))
	require.NoError(t, err)
	require.Equal(t, filepath.Join(real, "sub", "b.json"), got)

	testutil.RequireRoot(t)
	theirs := filepath.Join(dir, "theirs")
	require.NoError(t, os.Symlink(real, theirs))
	require.NoError(t, os.Lchown(theirs, 65534, 65534))
	_, err = safefile.Write(filepath.Join(theirs, "c.json"), []byte("x"))
	var pe *safefile.PathError
	require.True(t, errors.As(err, &pe), "%v", err)
	require.ErrorContains(t, err, "belongs to another user (uid 65534)")
	_, err = os.Stat(filepath.Join(real, "c.json"))
	require.True(t, os.IsNotExist(err), "nothing written where the link points")
}
