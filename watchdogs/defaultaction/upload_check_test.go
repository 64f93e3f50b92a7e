package defaultaction_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
)

const checkUploadEnv = "AGENTBROWSER_TEST_CHECK_UPLOAD"

// TestCheckUploadFile: only a regular file this process can read is an
// upload; everything else is invalid_argument saying why.
func TestCheckUploadFile(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.txt")
	require.NoError(t, os.WriteFile(ok, []byte("x"), 0o600))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	link := filepath.Join(dir, "environ")
	require.NoError(t, os.Symlink("/proc/self/environ", link))
	abs, err := defaultaction.CheckUploadFile(ok)
	require.NoError(t, err)
	require.Equal(t, ok, abs)
	for f, why := range map[string]string{
		dir: "is a directory", fifo: "named pipe", "/dev/null": "is a device",
		"/proc/self/environ": "/proc", link: "/proc", filepath.Join(dir, "nope"): "does not exist",
		"/sys/kernel/mm/transparent_hugepage/enabled": "/sys",
	} {
		if _, err := os.Stat(f); f != filepath.Join(dir, "nope") && err != nil {
			continue // a /sys file this kernel does not have
		}
		_, err := defaultaction.CheckUploadFile(f)
		require.ErrorIs(t, err, events.ErrInvalidArgument, f)
		require.ErrorContains(t, err, why, f)
	}
}

// TestCheckUploadFileAsAnotherUser: a file the daemon's user cannot read
// is refused before the page sees it (the page would get
// NotReadableError). As root every file is readable, so a copy of the
// test binary checks a file of root's as the user nobody.
func TestCheckUploadFileAsAnotherUser(t *testing.T) {
	testutil.RequireRoot(t)
	dir, err := os.MkdirTemp("", "agentbrowser-upload-") // t.TempDir's parent is root's alone
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o755))
	secret := filepath.Join(dir, "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte("x"), 0o600))
	cmd := testutil.AsNobody(testutil.NobodyExe(t))
	cmd.Env = append(os.Environ(), checkUploadEnv+"="+secret)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "cannot read it")
	require.Contains(t, string(out), "permission denied")
}
