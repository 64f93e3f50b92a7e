package session_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
)

// TestCheckProfile: a profile must be private to this user; what is not
// is profile_unsafe naming the path and the fix, and a profile that is
// only too readable is made 0700.
func TestCheckProfile(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, session.CheckProfile(filepath.Join(root, "new")), "a new profile is created 0700 later")

	mk := func(name string, mode os.FileMode) string {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Join(p, "Default"), 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(p, "Default", "Cookies"), []byte("x"), 0o600))
		require.NoError(t, os.Chmod(p, mode))
		return p
	}
	ok := mk("ok", 0o700)
	require.NoError(t, os.Symlink("host-123", filepath.Join(ok, "SingletonLock")), "Chromium's own links")
	require.NoError(t, session.CheckProfile(ok))

	readable := mk("readable", 0o755)
	require.NoError(t, session.CheckProfile(readable))
	st, err := os.Stat(readable)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm(), "made private")

	unsafe := func(p, want string) {
		t.Helper()
		err := session.CheckProfile(p)
		require.ErrorIs(t, err, events.ErrProfileUnsafe, p)
		require.ErrorContains(t, err, want)
		require.ErrorContains(t, err, "nothing was started")
	}
	unsafe(mk("open", 0o777), "chmod 700")
	unsafe(mk("group", 0o770), "group or other users may write to it (mode 0770)")

	linked := mk("linked", 0o700)
	require.NoError(t, os.Symlink("/etc/passwd", filepath.Join(linked, "Default", "Cookies-journal")))
	unsafe(linked, "Cookies-journal is a symbolic link")

	fifo := mk("fifo", 0o700)
	require.NoError(t, syscall.Mkfifo(filepath.Join(fifo, "Default", "History"), 0o600))
	unsafe(fifo, "History is a named pipe (FIFO)")

	everyone := mk("everyone", 0o700)
	require.NoError(t, os.Chmod(filepath.Join(everyone, "Default", "Cookies"), 0o666))
	unsafe(everyone, "every user may write to")

	shared := filepath.Join(root, "shared")
	require.NoError(t, os.Mkdir(shared, 0o700))
	require.NoError(t, os.Chmod(shared, 0o777))
	unsafe(filepath.Join(shared, "p"), "no sticky bit")
	require.NoError(t, os.Chmod(shared, 0o777|os.ModeSticky))
	require.NoError(t, session.CheckProfile(filepath.Join(shared, "p")), "as /tmp is")
}

// TestCheckProfileOfAnotherUser: a profile, a file in it or a link to it
// that another user owns is refused. Needs root, to make files of the
// user nobody.
func TestCheckProfileOfAnotherUser(t *testing.T) {
	testutil.RequireRoot(t)
	root := t.TempDir()
	theirs := filepath.Join(root, "theirs")
	require.NoError(t, os.Mkdir(theirs, 0o700))
	require.NoError(t, os.Chown(theirs, 65534, 65534))
	err := session.CheckProfile(theirs)
	require.ErrorIs(t, err, events.ErrProfileUnsafe)
	require.ErrorContains(t, err, "belongs to another user (uid 65534)")

	planted := filepath.Join(root, "planted")
	require.NoError(t, os.MkdirAll(filepath.Join(planted, "Default"), 0o700))
	cookies := filepath.Join(planted, "Default", "Cookies")
	require.NoError(t, os.WriteFile(cookies, nil, 0o600))
	require.NoError(t, os.Chown(cookies, 65534, 65534))
	err = session.CheckProfile(planted)
	require.ErrorIs(t, err, events.ErrProfileUnsafe)
	require.ErrorContains(t, err, cookies+" belongs to another user")

	mine := filepath.Join(root, "mine")
	require.NoError(t, os.Mkdir(mine, 0o700))
	link := filepath.Join(root, "link")
	require.NoError(t, os.Symlink(mine, link))
	require.NoError(t, session.CheckProfile(link), "the user's own link is followed")
	require.NoError(t, os.Lchown(link, 65534, 65534))
	err = session.CheckProfile(link)
	require.ErrorIs(t, err, events.ErrProfileUnsafe)
	require.ErrorContains(t, err, "belongs to another user")
}
